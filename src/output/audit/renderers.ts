// The audit report formats: each a pure function from the report to text.
import type { SequenceUse } from '../../audit/collector.js';
import type { AuditReport } from '../../audit/types.js';
import type { Palette } from '../color.js';
import { renderAuditHtml, renderAuditHtmlChunks } from './html.js';
import { renderAuditJson, renderAuditJsonChunks } from './json.js';
import { renderAuditJunit } from './junit.js';
import { renderAuditMarkdown } from './markdown.js';
import { renderAuditSarif, renderAuditSarifChunks } from './sarif.js';
import { renderAuditText } from './text.js';

export interface RenderContext {
  palette: Palette;
  /** The directory the command runs in (SARIF names it when a log is given by an absolute path). */
  cwd?: string;
  /** Columns of the terminal the text report is printed on: messages wrap at words to fit (links are never cut). */
  width?: number;
  /** URL of the folder the rule pages (`docs/rules/<id>.md`) are under: the HTML report links to them. */
  docBase?: string;
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

/** A renderer's text in pieces whose concatenation is the renderer's string, for writing as they come. */
type AuditChunkRenderer = (report: AuditReport, ctx: RenderContext) => Iterable<string>;

/** Formats that can be written piece by piece (JSON documents, the HTML page); the others are rendered as one string. */
export const AUDIT_CHUNK_RENDERERS: Partial<Record<AuditFormat, AuditChunkRenderer>> = {
  json: renderAuditJsonChunks,
  sarif: renderAuditSarifChunks,
  html: renderAuditHtmlChunks,
};

/**
 * What of each session's sequence a format prints, so that a run keeps no more (`limitsFor`): markdown draws
 * the steps (Mermaid), junit reads their times, html draws them and shows their bodies; the rest print none.
 */
export const AUDIT_SEQUENCE_USE: Record<AuditFormat, SequenceUse> = {
  text: 'none',
  markdown: 'steps',
  json: 'none',
  html: 'bodies',
  sarif: 'none',
  junit: 'steps',
};
