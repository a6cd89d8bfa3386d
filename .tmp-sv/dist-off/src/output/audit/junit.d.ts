import type { AuditReport } from '../../audit/types.js';
import type { RenderContext } from './renderers.js';
/** The `junit` audit format. Ends with a newline. */
export declare function renderAuditJunit(report: AuditReport, _ctx?: RenderContext): string;
