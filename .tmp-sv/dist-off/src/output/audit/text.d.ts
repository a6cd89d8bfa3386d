import type { AuditReport } from '../../audit/types.js';
import type { RenderContext } from './renderers.js';
/** The `text` audit format (default on a terminal). Ends with a newline. */
export declare function renderAuditText(report: AuditReport, ctx: RenderContext): string;
