// The audit report as SARIF 2.1.0 for code-scanning uploads: one run, every active rule, one result per finding.
import { createHash } from 'node:crypto';
import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { Severity } from '../../types.js';
import { jsonChunks } from '../json-chunks.js';
import { reportNotes } from './parts.js';
import type { RenderContext } from './renderers.js';
import { countOf } from '../plural.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SARIF_VERSION = '2.1.0';
/** The tool's information page: the protocol it checks against (SARIF §3.19.17 informationUri). */
const MCP_SPEC_SITE = 'https://modelcontextprotocol.io';
/** Key of our partial fingerprint; versioned so a change of recipe does not collide with old baselines (§3.27.17). */
export const FINGERPRINT_KEY = 'mcptraceFinding/v1';

/** SARIF §3.27.10 level: `note` is the level for information. */
const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * The log file as a SARIF artifact URI (§3.4.3: a URI reference). Relative paths stay relative, as
 * given on the command line (code scanning resolves them against the checkout); absolute paths become
 * `file:` URIs; stdin (`-`) becomes `stdin`. Each path segment is percent-encoded, so spaces, `#`, `?`
 * or a colon in the first segment cannot turn the path into another URI.
 */
export function artifactUri(file: string): string {
  if (file === '-' || file === '') return 'stdin';
  const enc = (path: string) => path.split('/').map(encodeURIComponent).join('/');
  const drive = /^([A-Za-z]):[\\/]/.exec(file);
  if (drive) return `file:///${drive[1]}:/${enc(file.slice(3).replace(/\\/g, '/'))}`;
  if (file.startsWith('/')) return `file://${enc(file)}`;
  return enc(file);
}

/** Stable across runs on the same log: rule, file, line and message; no seq, time or run-specific data. */
export function findingFingerprint(f: AuditFinding): string {
  return createHash('sha256').update([f.rule, f.file, String(f.line), f.message].join('\u0000')).digest('hex').slice(0, 32);
}

type Rule = AuditReport['rules'][number];

/**
 * A rule's friendly name (§3.49.7 `name`): its id in Pascal case, `unknown-method` → `UnknownMethod`, which viewers
 * show beside the id (the Multitool asks for one: SARIF2012). None for a one-word id (`oversized`): a name that
 * differs from the id only in case is one the Multitool rejects (SARIF1001: name and id must differ).
 */
export function ruleName(id: string): string | undefined {
  const name = id.split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return name.toLowerCase() === id.toLowerCase() ? undefined : name;
}

/**
 * The directory the run was started in, as a directory URI (§3.20.19 `workingDirectory`), when a finding names
 * its log by an absolute `file:` URI: GitHub code scanning rejects such a location unless the run says where it
 * ran, to find the checkout in it (the Multitool's GH1006). Without absolute paths it is left out, so a report
 * names no local directory its inputs did not name.
 */
function workingDirectory(report: AuditReport, cwd: string | undefined): { uri: string } | undefined {
  if (cwd === undefined || !report.findings.some((f) => artifactUri(f.file).startsWith('file:'))) return undefined;
  const uri = artifactUri(cwd);
  return { uri: uri.endsWith('/') ? uri : `${uri}/` };
}

/**
 * The first sentence of a rule description, for `shortDescription` (§3.49.9: "a concise description").
 * A sentence ends at `.`, `!` or `?` (and a closing quote or parenthesis) followed by white space and a
 * capital, quote or parenthesis, so `e.g. a` and `resources.subscribe` do not end it.
 */
export function firstSentence(text: string): string {
  const m = /^(.+?[.!?]["')]?)\s+(?=[A-Z"(])/s.exec(text);
  return m ? m[1]! : text;
}

function descriptor(r: Rule) {
  const name = ruleName(r.id);
  const revisions = r.revisions === 'all' ? '' : ` Applies to MCP revisions ${r.revisions.join(', ')}.`;
  return {
    id: r.id,
    ...(name === undefined ? {} : { name }),
    shortDescription: { text: firstSentence(r.description) },
    fullDescription: { text: r.description + revisions },
    helpUri: r.specUrl,
    help: {
      text: `${r.description}\nSpecification: ${r.specUrl}\nDocumentation: ${r.docUrl}`,
      markdown: `${r.description}\n\n[Specification](${r.specUrl}) · documentation: \`${r.docUrl}\``,
    },
    defaultConfiguration: { level: LEVEL[r.effectiveSeverity] },
    properties: { tags: ['mcp'], revisions: r.revisions },
  };
}

function result(f: AuditFinding, ruleIndex: number | undefined) {
  const physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } = {
    artifactLocation: { uri: artifactUri(f.file) },
  };
  // §3.30.5: startLine is 1-based; a finding without a known line keeps the file only.
  if (Number.isInteger(f.line) && f.line >= 1) physicalLocation.region = { startLine: f.line };
  return {
    ruleId: f.rule,
    ...(ruleIndex === undefined ? {} : { ruleIndex }),
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [{ physicalLocation }],
    partialFingerprints: { [FINGERPRINT_KEY]: findingFingerprint(f) },
    properties: { session: f.session, seq: f.seq },
  };
}

/** The `sarif` audit format. Ends with a newline. */
export function renderAuditSarif(report: AuditReport, ctx?: RenderContext): string {
  return Array.from(renderAuditSarifChunks(report, ctx)).join('');
}

/** `renderAuditSarif` in pieces of at most one result each (see `renderAuditJsonChunks`). */
export function* renderAuditSarifChunks(report: AuditReport, ctx?: RenderContext): Generator<string> {
  // log → runs → the run → its results: each result is one piece.
  yield* jsonChunks(sarifLog(report, ctx?.cwd), { indent: 2, depth: 4 });
  yield '\n';
}

function sarifLog(report: AuditReport, cwd: string | undefined): object {
  const workDir = workingDirectory(report, cwd);
  const index = new Map(report.rules.map((r, i) => [r.id, i]));
  const notifications: { level: string; message: { text: string } }[] = report.findingsOmitted > 0
    ? [{ level: 'warning', message: { text: `${countOf(report.findingsOmitted, 'finding')} past the report's limit were counted but not listed.` } }]
    : [];
  // Inputs without any MCP message, and bodies the rules could not read: notes on the run (errors under --fail-on-empty).
  for (const n of reportNotes(report)) notifications.push({ level: n.fails ? 'error' : 'note', message: { text: n.text } });
  return {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            informationUri: MCP_SPEC_SITE,
            rules: report.rules.map(descriptor),
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            endTimeUtc: report.generatedAt,
            ...(workDir ? { workingDirectory: workDir } : {}),
            ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        results: report.findings.map((f) => result(f, index.get(f.rule))),
        properties: {
          inputs: report.inputs, failOn: report.failOn, failed: report.failed, totals: report.totals, findingsOmitted: report.findingsOmitted,
          failOnEmpty: report.failOnEmpty, empty: report.empty, bodies: report.bodies,
        },
      },
    ],
  };
}
