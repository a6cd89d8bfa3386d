// The audit report as SARIF 2.1.0 for code-scanning uploads: one run, every active rule, one result per finding.
import { createHash } from 'node:crypto';
import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { Severity } from '../../types.js';
import { jsonChunks } from '../json-chunks.js';
import { reportNotes } from './parts.js';
import type { RenderContext } from './renderers.js';
import { countOf } from '../../util/plural.js';
import { causeDocUrl } from '../../audit/doc-url.js';
import { CAUSE_METAS } from '../../diagnose/registry.js';
import { sourceLine } from '../../diagnose/quote.js';
import type { Diagnosis, Evidence, Impact, SessionDiagnosis } from '../../diagnose/types.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SARIF_VERSION = '2.1.0';
/** The tool's information page: the protocol it checks against (SARIF §3.19.17 informationUri). */
const MCP_SPEC_SITE = 'https://modelcontextprotocol.io';
/** Key of our partial fingerprint; versioned so a change of recipe does not collide with old baselines (§3.27.17). */
export const FINGERPRINT_KEY = 'mcptraceFinding/v1';

/** SARIF §3.27.10 level: `note` is the level for information. */
const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

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
  return fingerprint([f.rule, f.file, String(f.line), f.message]);
}

function fingerprint(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
}

/** A diagnosis's level: a cause that failed its session is an error, one that degraded it a warning. */
const IMPACT_LEVEL: Readonly<Record<Impact, 'error' | 'warning' | 'note'>> = {
  failed: 'error',
  degraded: 'warning',
  note: 'note',
};

/** A cause's SARIF rule id: `cause/server-exited`, apart from the rules' ids. */
function causeRuleId(cause: string): string {
  return `cause/${cause}`;
}

type Rule = AuditReport['rules'][number];

/**
 * A rule's friendly name (§3.49.7 `name`): its id in Pascal case, `unknown-method` → `UnknownMethod`, which viewers
 * show beside the id (the Multitool asks for one: SARIF2012). None for a one-word id (`oversized`): a name that
 * differs from the id only in case is one the Multitool rejects (SARIF1001: name and id must differ).
 */
export function ruleName(id: string): string | undefined {
  const name = id
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return name.toLowerCase() === id.toLowerCase() ? undefined : name;
}

/**
 * The directory the run was started in, as a directory URI (§3.20.19 `workingDirectory`), when a finding names
 * its log by an absolute `file:` URI (a finding's or a diagnosis's evidence): GitHub code scanning rejects such a location unless the run says where it
 * ran, to find the checkout in it (the Multitool's GH1006). Without absolute paths it is left out, so a report
 * names no local directory its inputs did not name.
 */
function workingDirectory(report: AuditReport, cwd: string | undefined): { uri: string } | undefined {
  const files = [
    ...report.findings.map((f) => f.file),
    ...report.diagnoses.flatMap((s) =>
      s.diagnoses.flatMap((d) => d.evidence.map((e) => sourceLine(e.source)?.file ?? '')),
    ),
  ];
  if (cwd === undefined || !files.some((f) => artifactUri(f).startsWith('file:'))) return undefined;
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

type PhysicalLocation = { artifactLocation: { uri: string }; region?: { startLine: number } };

function physicalLocationOf(file: string, line: number): PhysicalLocation {
  const physicalLocation: PhysicalLocation = { artifactLocation: { uri: artifactUri(file) } };
  // §3.30.5: startLine is 1-based; a finding without a known line keeps the file only.
  if (Number.isInteger(line) && line >= 1) physicalLocation.region = { startLine: line };
  return physicalLocation;
}

/**
 * The descriptor of a cause found in the run (§3.49): its title as the short description, its meaning as the full
 * one, and its page under docs/causes/ in the help, as a rule's page is named (a path in the package). No `helpUri`:
 * it must be an absolute URI (§3.49.12, the Multitool's SARIF1005), and a cause has no page on the web.
 */
function causeDescriptor(id: string) {
  const meta = CAUSE_METAS.find((m) => m.id === id);
  const title = meta?.title ?? id;
  const summary = meta?.summary ?? title;
  const doc = causeDocUrl(id);
  return {
    id: causeRuleId(id),
    name: ruleName(causeRuleId(id)),
    shortDescription: { text: `${title}.` },
    fullDescription: { text: summary },
    help: { text: `${summary}\nDocumentation: ${doc}`, markdown: `${summary}\n\nDocumentation: \`${doc}\`` },
    defaultConfiguration: { level: 'error' as const },
    properties: { tags: ['mcp', 'diagnosis'], side: meta?.defaultSide ?? 'unknown' },
  };
}

/** Where a piece of evidence is, or the session's log when the evidence names no line. */
function evidenceLocation(e: Evidence | undefined, file: string): PhysicalLocation {
  const at = e === undefined ? null : sourceLine(e.source);
  return at === null ? physicalLocationOf(file, 0) : physicalLocationOf(at.file, at.line);
}

/**
 * A diagnosis as a result of its cause's rule: level by its impact, the summary as the message, the first evidence as
 * its location and the rest as related locations with the log's words.
 */
function diagnosisResult(s: SessionDiagnosis, d: Diagnosis, file: string, ruleIndex: number | undefined) {
  const [first, ...rest] = d.evidence;
  const where = evidenceLocation(first, file);
  return {
    ruleId: causeRuleId(d.cause),
    ...(ruleIndex === undefined ? {} : { ruleIndex }),
    level: IMPACT_LEVEL[d.impact],
    message: { text: d.summary },
    locations: [{ physicalLocation: where, ...(first === undefined ? {} : { message: { text: first.text } }) }],
    ...(rest.length === 0
      ? {}
      : {
          relatedLocations: rest.map((e, id) => ({
            id,
            physicalLocation: evidenceLocation(e, file),
            message: { text: e.text },
          })),
        }),
    partialFingerprints: {
      [FINGERPRINT_KEY]: fingerprint([
        causeRuleId(d.cause),
        where.artifactLocation.uri,
        String(where.region?.startLine ?? 0),
        d.summary,
      ]),
    },
    properties: { session: s.session, server: s.server, verdict: s.verdict, side: d.side, impact: d.impact },
  };
}

/** The diagnoses' results, sessions in report order, each session's causes ranked. */
function diagnosisResults(report: AuditReport, index: ReadonlyMap<string, number>) {
  const files = new Map(report.sessions.map((s) => [s.info.key, s.info.file]));
  const fallback = report.inputs[0] ?? '-';
  return report.diagnoses.flatMap((s) =>
    s.diagnoses.map((d) => diagnosisResult(s, d, files.get(s.session) ?? fallback, index.get(causeRuleId(d.cause)))),
  );
}

function result(f: AuditFinding, ruleIndex: number | undefined) {
  const physicalLocation = physicalLocationOf(f.file, f.line);
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
  // The rules, then the causes the diagnosis found (in rank order), each once.
  const found = new Set(report.diagnoses.flatMap((s) => s.diagnoses.map((d) => d.cause)));
  const causes = [
    ...CAUSE_METAS.map((m) => m.id).filter((id) => found.has(id)),
    ...[...found].filter((id) => !CAUSE_METAS.some((m) => m.id === id)),
  ];
  const descriptors = [...report.rules.map(descriptor), ...causes.map(causeDescriptor)];
  const index = new Map(descriptors.map((r, i) => [r.id, i]));
  const notifications: { level: string; message: { text: string } }[] =
    report.findingsOmitted > 0
      ? [
          {
            level: 'warning',
            message: {
              text: `${countOf(report.findingsOmitted, 'finding')} past the report's limit were counted but not listed.`,
            },
          },
        ]
      : [];
  // Inputs without any MCP message, and bodies the rules could not read: notes on the run (errors under --fail-on-empty).
  for (const n of reportNotes(report))
    notifications.push({ level: n.fails ? 'error' : 'note', message: { text: n.text } });
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
            rules: descriptors,
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
        // What happened first, then the findings.
        results: [...diagnosisResults(report, index), ...report.findings.map((f) => result(f, index.get(f.rule)))],
        properties: {
          inputs: report.inputs,
          failOn: report.failOn,
          failed: report.failed,
          totals: report.totals,
          findingsOmitted: report.findingsOmitted,
          failOnEmpty: report.failOnEmpty,
          empty: report.empty,
          bodies: report.bodies,
        },
      },
    ],
  };
}
