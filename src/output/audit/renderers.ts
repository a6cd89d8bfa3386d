// The audit report formats: each a pure function from the report to text.
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

export const AUDIT_RENDERERS = {
  text: renderAuditText,
  markdown: renderAuditMarkdown,
  json: renderAuditJson,
  html: renderAuditHtml,
  sarif: renderAuditSarif,
  junit: renderAuditJunit,
} satisfies Record<string, AuditRenderer>;

export type AuditFormat = keyof typeof AUDIT_RENDERERS;
export const AUDIT_FORMATS = Object.keys(AUDIT_RENDERERS) as AuditFormat[];
