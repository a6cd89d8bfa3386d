import type { AuditReport } from '../../audit/types.js';
import type { Palette } from '../color.js';
import { renderAuditHtml } from './html.js';
import { renderAuditJson } from './json.js';
import { renderAuditJunit } from './junit.js';
import { renderAuditMarkdown } from './markdown.js';
import { renderAuditSarif } from './sarif.js';
import { renderAuditText } from './text.js';
export interface RenderContext {
    palette: Palette;
}
export type AuditRenderer = (report: AuditReport, ctx: RenderContext) => string;
export declare const AUDIT_RENDERERS: {
    text: typeof renderAuditText;
    markdown: typeof renderAuditMarkdown;
    json: typeof renderAuditJson;
    html: typeof renderAuditHtml;
    sarif: typeof renderAuditSarif;
    junit: typeof renderAuditJunit;
};
export type AuditFormat = keyof typeof AUDIT_RENDERERS;
export declare const AUDIT_FORMATS: AuditFormat[];
