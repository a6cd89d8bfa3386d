import type { AuditReport } from '../../audit/types.js';
/**
 * Nothing may load or run but this page's own sheet and script, each allowed by its hash: an injected
 * <script>, event handler, `javascript:` URL, style or remote image would be refused even if it reached
 * the markup. `img-src data:` only; no base URI, forms or frames.
 */
export declare const HTML_CSP: string;
/** Render the whole report. Pure: the same report gives the same bytes. */
export declare function renderAuditHtml(report: AuditReport): string;
