// The audit report as GitHub-flavoured Markdown for a pull request: verdict, findings, capability matrix, sequence diagram, traffic.
import type { AuditFinding, AuditReport, AuditSession, CapabilityRow } from '../../audit/types.js';
import type { MethodStats, Stats } from '../../stats/types.js';
import type { Severity } from '../../types.js';
import { escapeTerminal } from '../escape.js';
import { formatCount, formatMs, formatPercent } from '../../util/numbers.js';
import { escapeMarkdownCell as md } from '../stats-markdown.js';
import { truncate } from '../width.js';
import { renderSequenceMermaid } from './mermaid.js';
import { revisionText, undeclaredReason } from '../text-session.js';
import { specUrlFor } from '../../rules/spec-urls.js';
import {
  countsText,
  emptyFailure,
  sessionsShown,
  findingsFail,
  nothingChecked,
  peerText,
  recordSummaryParts,
  reportNotes,
  reportRevision,
  ruleSeverities,
  sessionCount,
  sessionsFailure,
  SEVERITIES,
  slowest,
  failedCalls,
  specLinks,
  type SessionFindings,
} from './parts.js';
import { sessionNoteText } from '../input-notes.js';
import type { RenderContext } from './renderers.js';
import { countOf } from '../../util/plural.js';
import type { SessionDiagnosis, Verdict } from '../../diagnose/types.js';
import { causeDocUrl } from '../../audit/doc-url.js';
import {
  alsoText,
  causeGroups,
  headline,
  MANY_SESSIONS,
  sessionAside,
  sessionLabel,
  verdictCounts,
  verdictCountsText,
} from '../diagnosis-parts.js';
import { codeBlock, codeSpan } from './markdown-code.js';

/**
 * Finding rows per session. A PR comment holds 65,536 characters; past this the table says how many were
 * left out and the json or sarif report has them all.
 */
const MAX_FINDING_ROWS = 100;
/** Characters of one finding message in a cell. */
const MESSAGE_WIDTH = 300;
const TOP = 5;

const SEVERITY_MARK: Readonly<Record<Severity, string>> = { error: '❌', warning: '⚠️', info: 'ℹ️' };
const VERDICT_MARK: Readonly<Record<Verdict, string>> = { failed: '❌', degraded: '⚠️', ok: '✅' };
/** Evidence lines quoted per cause. */
const EVIDENCE_LINES = 5;

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** A table; every cell must already be escaped. `right` marks right-aligned columns. */
function table(head: readonly string[], rows: readonly string[][], right: readonly number[] = []): string[] {
  return [row(head), row(head.map((_, i) => (right.includes(i) ? '---:' : '---'))), ...rows.map(row)];
}

/**
 * A link, only to an http(s) URL; anything else is plain text. Characters that would end the destination
 * or the table cell are percent-encoded.
 */
function link(text: string, url: string): string {
  if (!/^https?:\/\//i.test(url)) return md(text);
  const dest = url.replace(
    /[\s()<>|\\`\x00-\x1f\x7f]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'),
  );
  return `[${md(text)}](${dest})`;
}

function verdict(report: AuditReport): string {
  const counts = `${countsText(report.totals)} · ${countOf(sessionCount(report), 'session')} · ${countOf(report.stats.messages, 'message')}`;
  const empty = emptyFailure(report);
  if (report.failed) {
    const failing = sessionsFailure(report);
    const reasons = [
      ...(failing === null ? [] : [md(failing)]),
      ...(findingsFail(report) ? [`at \`--fail-on ${report.failOn}\``] : []),
      ...(empty === null ? [] : [md(empty)]),
    ];
    return `❌ **Failed** ${reasons.join('; ')} · ${counts}`;
  }
  const unchecked = nothingChecked(report);
  if (unchecked !== null)
    return `⚠️ **Nothing checked**: ${md(unchecked.replace(/^nothing checked: /, ''))} · ${counts}`;
  if (report.failOn === 'none') return `➖ **Not gated** (\`--fail-on none\`) · ${counts}`;
  return `✅ **Passed** at \`--fail-on ${report.failOn}\` · ${counts}`;
}

/** `❌ error`, or per severity when a rule's findings have several: `❌ error 5 · ⚠️ warning 2`. */
function severityCell(severities: ReadonlyArray<[Severity, number]>): string {
  if (severities.length === 1) return `${SEVERITY_MARK[severities[0]![0]]} ${severities[0]![0]}`;
  return severities.map(([s, n]) => `${SEVERITY_MARK[s]} ${s} ${formatCount(n)}`).join(' · ');
}

function rulesTable(report: AuditReport): string[] {
  const rules = report.rules.filter((r) => (report.byRule[r.id] ?? 0) > 0);
  if (rules.length === 0) return [];
  const revision = reportRevision(report);
  return [
    '### Findings by rule',
    '',
    ...table(
      ['rule', 'severity', 'findings', 'description', 'doc'],
      rules.map((r) => [
        link(r.id, specUrlFor(r.specUrl, revision)),
        severityCell(ruleSeverities(report, r.id, r.effectiveSeverity)),
        formatCount(report.byRule[r.id] ?? 0),
        md(r.description),
        md(r.docUrl),
      ]),
      [2],
    ),
    '',
  ];
}

function sessionFacts(g: SessionFindings, s: AuditSession | null): string[] {
  const rows: string[][] = [['file', md(g.file)]];
  if (s !== null) {
    const i = s.info;
    rows.push(
      ['client', md(peerText(i.clientInfo))],
      ['server', md(peerText(i.serverInfo))],
      // A session with modern traffic has no handshake revision: what it said per request (text-session.ts).
      [
        'revision',
        i.eras === undefined
          ? `requested ${md(i.requestedRevision ?? '?')} · negotiated ${md(i.negotiatedRevision ?? '?')}`
          : md(revisionText(i)),
      ],
      ['transport', md(i.transport ?? '?')],
      ['findings', countsText(s.counts)],
    );
    if (i.server != null) rows.push(['server name', md(i.server)]);
    const note = sessionNoteText(i);
    if (note !== null) rows.push(['note', md(note)]);
  } else {
    rows.push(['details', 'not kept (session limit)']);
  }
  return table(['session', md(g.key)], rows);
}

function findingRow(f: AuditFinding, specUrl: string | undefined): string[] {
  return [
    `${SEVERITY_MARK[f.severity]} ${f.severity}`,
    `${md(f.file)}:${f.line}`,
    md(recordSummaryParts(f).join(' ')),
    specUrl === undefined ? md(f.rule) : link(f.rule, specUrl),
    md(truncate(escapeTerminal(f.message), MESSAGE_WIDTH)),
  ];
}

function findingsTable(g: SessionFindings, report: AuditReport): string[] {
  if (g.findings.length === 0) return ['No findings.'];
  const spec = specLinks(report);
  const sorted = SEVERITIES.flatMap((s) => g.findings.filter((f) => f.severity === s));
  const shown = sorted.slice(0, MAX_FINDING_ROWS);
  const out = table(
    ['severity', 'where', 'record', 'rule', 'message'],
    shown.map((f) => findingRow(f, spec(f))),
  );
  if (sorted.length > shown.length)
    out.push(
      '',
      `… and ${countOf(sorted.length - shown.length, 'more finding')} in this session (see \`-f json\` or \`-f sarif\`).`,
    );
  return out;
}

/**
 * One capability row: ✅ declared and used; ⚠️ declared, never used (by itself or through a sub-capability: `elicitation`
 * is used when `elicitation.form` is); ❌ used without being declared;
 * ❔ when that side's handshake (in 2026-07-28, the server's discover result) was not seen.
 */
function capabilityRow(c: CapabilityRow, s: AuditSession): string[] {
  const declared =
    c.declared === null ? `❔ unknown (${undeclaredReason(s.info, c.side)})` : c.declared ? '✅ yes' : '❌ no';
  const below = c.usedBelow;
  const used =
    c.used > 0
      ? formatCount(c.used)
      : below > 0
        ? `0 — used through its sub-capabilities (${countOf(below, 'message')})`
        : c.declared === true
          ? '⚠️ 0 — declared, never used'
          : '0';
  const undeclared = c.usedUndeclared > 0 ? `❌ ${formatCount(c.usedUndeclared)} — used undeclared` : '0';
  return [c.side, md(c.path), declared, used, undeclared];
}

function capabilityTable(s: AuditSession): string[] {
  if (s.capabilities.length === 0) return ['No capabilities declared or used.'];
  return table(
    ['side', 'capability', 'declared', 'used', 'used without declaring'],
    s.capabilities.map((c) => capabilityRow(c, s)),
    [3, 4],
  );
}

function sequenceBlock(s: AuditSession, findings: readonly AuditFinding[]): string[] {
  const { head, tail, elided } = s.sequence;
  const shown = head.length + tail.length;
  if (shown === 0) return [];
  return [
    `<details><summary>Sequence diagram: ${countOf(shown + elided, 'message')}${elided > 0 ? `, ${formatCount(shown)} shown` : ''}</summary>`,
    '',
    '```mermaid',
    renderSequenceMermaid(s, findings),
    '```',
    '',
    '</details>',
  ];
}

function sessionSection(g: SessionFindings, report: AuditReport): string[] {
  const out = [
    `### Session ${md(g.key)}`,
    '',
    ...sessionFacts(g, g.session),
    '',
    '#### Findings',
    '',
    ...findingsTable(g, report),
    '',
  ];
  if (g.session !== null) {
    out.push('#### Capabilities', '', ...capabilityTable(g.session), '');
    const seq = sequenceBlock(g.session, g.findings);
    if (seq.length > 0) out.push('#### Sequence', '', ...seq, '');
  }
  return out;
}

/** `❌ failed` */
function verdictCell(v: Verdict): string {
  return `${VERDICT_MARK[v]} ${v}`;
}

/** A row of "What happened": verdict, session, server, headline cause with its words, side, the log line that shows it. */
function happenedRow(s: SessionDiagnosis): string[] {
  const top = headline(s);
  return [
    verdictCell(s.verdict),
    s.session === '' ? '(outside any session)' : md(s.session),
    md(s.server ?? '?'),
    top === undefined
      ? 'no problem found'
      : `${md(top.cause)}: ${md(truncate(escapeTerminal(top.summary), MESSAGE_WIDTH))}`,
    top === undefined ? '' : top.side,
    top?.evidence[0] === undefined ? '' : codeSpan(top.evidence[0].source),
  ];
}

/** A session that failed or degraded: each cause with its side and summary, and the log lines that show it as they are. */
function sessionCauses(s: SessionDiagnosis): string[] {
  const aside = sessionAside(s);
  const out = [`#### ${VERDICT_MARK[s.verdict]} ${md(sessionLabel(s))}${aside === null ? '' : ` (${md(aside)})`}`, ''];
  for (const d of s.diagnoses) {
    out.push(
      `- **${md(d.cause)}** (${d.impact === 'note' ? 'note' : `side: ${d.side}`}, ${md(causeDocUrl(d.cause))}): ${md(d.summary)}`,
    );
    const shown = d.evidence.slice(0, EVIDENCE_LINES);
    if (shown.length > 0)
      out.push(
        '',
        ...codeBlock(
          shown.map((e) => `${e.source}  ${e.text}`),
          '  ',
        ),
        '',
      );
  }
  return [...out, ''];
}

/**
 * A run of many sessions: the counts, a row per group of sessions that failed or degraded alike (verdict, how many,
 * cause and words), the findings by rule; then one session of each group in full with the others named under it,
 * and the ok sessions as a count.
 */
function manySessions(report: AuditReport): string[] {
  const groups = causeGroups(report.diagnoses);
  const out = ['### What happened', '', `**${md(verdictCountsText(report.diagnoses))}**`, ''];
  if (groups.length > 0) {
    out.push(
      ...table(
        ['verdict', 'sessions', 'cause', 'what happened'],
        groups.map((g) => [
          verdictCell(g.verdict),
          formatCount(g.sessions.length),
          md(g.cause),
          md(truncate(escapeTerminal(g.summary), MESSAGE_WIDTH)),
        ]),
        [1],
      ),
      '',
    );
  }
  const rules = Object.entries(report.byRule).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (rules.length > 0) out.push(`By rule: ${rules.map(([id, n]) => `${md(id)} ×${formatCount(n)}`).join(', ')}`, '');
  for (const g of groups) {
    const [first, ...rest] = g.sessions;
    out.push(...sessionCauses(first!));
    if (rest.length > 0) out.push(md(alsoText(rest)), '');
  }
  const ok = verdictCounts(report.diagnoses).ok;
  if (ok > 0) out.push(`✅ ${countOf(ok, 'session')} ok.`, '');
  return out;
}

/**
 * "What happened", before the findings: a row per session with its verdict and headline cause, then the causes of
 * each session that failed or degraded with the log lines that show them.
 */
function whatHappened(report: AuditReport): string[] {
  if (report.diagnoses.length === 0) return [];
  if (report.diagnoses.length > MANY_SESSIONS) return manySessions(report);
  const out = [
    '### What happened',
    '',
    ...table(['verdict', 'session', 'server', 'cause', 'side', 'where'], report.diagnoses.map(happenedRow)),
    '',
  ];
  for (const s of report.diagnoses) if (s.verdict !== 'ok') out.push(...sessionCauses(s));
  return out;
}

function latencyTable(title: string, label: string, rows: Array<[string, MethodStats]>): string[] {
  if (rows.length === 0) return [];
  return [
    `#### ${title}`,
    '',
    ...table(
      [label, 'count', 'errors', 'p50', 'p95', 'max'],
      rows.map(([k, m]) => [
        md(k),
        formatCount(m.count),
        formatCount(failedCalls(m)),
        formatMs(m.latencyMs.p50),
        formatMs(m.latencyMs.p95),
        formatMs(m.latencyMs.max),
      ]),
      [1, 2, 3, 4, 5],
    ),
    '',
  ];
}

function trafficSection(s: Stats): string[] {
  const split = (name: string, c: Stats['lifecycle']) => [
    name,
    formatCount(c.messages),
    formatCount(c.bytes),
    formatPercent(c.share),
    formatPercent(c.byteShare),
  ];
  return [
    '### Traffic',
    '',
    ...table(
      ['traffic', 'messages', 'bytes', 'share', 'byte share'],
      [split('lifecycle', s.lifecycle), split('operation', s.operation)],
      [1, 2, 3, 4],
    ),
    '',
    ...latencyTable('Slowest methods (p95)', 'method', slowest(s.methods, TOP)),
    ...latencyTable('Slowest tools (p95)', 'tool', slowest(s.tools, TOP)),
  ];
}

/** The `markdown` audit format. Ends with a newline. */
export function renderAuditMarkdown(report: AuditReport, _ctx?: RenderContext): string {
  const out = [`## ${md(report.tool.name)} audit`, '', verdict(report), ''];
  out.push(
    `Inputs: ${report.inputs.map(md).join(', ')} · generated ${md(report.generatedAt)} by ${md(report.tool.name)} ${md(report.tool.version)}`,
    '',
  );
  if (report.findingsOmitted > 0)
    out.push(`${countOf(report.findingsOmitted, 'finding')} past the report's limit are counted but not listed.`, '');
  for (const n of reportNotes(report)) out.push(`> ${n.fails ? '❌ ' : ''}${md(n.text)}`, '');
  out.push(...whatHappened(report), ...rulesTable(report));
  // Many sessions: those with nothing to say (ok, no finding) are only counted.
  const { shown, quiet } = sessionsShown(report);
  for (const g of shown) out.push(...sessionSection(g, report));
  if (quiet > 0) out.push(`${countOf(quiet, 'more session')} ok, without findings.`, '');
  out.push(...trafficSection(report.stats));
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}
