import type { AuditReport } from '../../audit/types.js';
import type { RenderContext } from './renderers.js';
/** The `markdown` audit format. Ends with a newline. */
export declare function renderAuditMarkdown(report: AuditReport, _ctx?: RenderContext): string;
