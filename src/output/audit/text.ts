// The audit report for a terminal: per session a header and its findings by severity, then traffic split, latencies, verdict.
import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { MethodStats, ShareCounts, Stats } from '../../stats/types.js';
import type { Severity } from '../../types.js';
import type { Palette, Style } from '../color.js';
import { escapeTerminal } from '../escape.js';
import { formatCount, formatMs, formatPercent } from '../../util/numbers.js';
import { formatSessionPeers, formatSessionTitle, severityStyle } from '../text.js';
import { displayWidth, padEnd, padStart, truncate } from '../width.js';
import {
  countsText,
  emptyFailure,
  sessionsShown,
  nothingChecked,
  findingsFail,
  ofSeverity,
  recordSummaryParts,
  reportNotes,
  sessionCount,
  sessionsFailure,
  SEVERITIES,
  slowest,
  specLinks,
  failedCalls,
  type SessionFindings,
} from './parts.js';
import type { RenderContext } from './renderers.js';
import { countOf } from '../../util/plural.js';
import { wrapCell } from '../wrap-cell.js';
import type { Evidence, SessionDiagnosis, Verdict } from '../../diagnose/types.js';
import {
  alsoText,
  causeGroups,
  headlineText,
  MANY_SESSIONS,
  sessionAside,
  sessionLabel,
  verdictCounts,
  verdictCountsText,
} from '../diagnosis-parts.js';

/** Columns of one finding message; a log can put a whole line into a message (`invalid-json`). */
const MESSAGE_WIDTH = 500;
/** Rows of each latency table. */
const TOP = 5;
const INDENT = '   ';

const MARK: Readonly<Record<Severity, string>> = { error: '✖', warning: '▲', info: 'ℹ' };
const GROUP: Readonly<Record<Severity, string>> = { error: 'errors', warning: 'warnings', info: 'info' };

/** Log text for the terminal: control characters made visible (ARCHITECTURE.md principle 7), then cut. */
function safe(s: string, width = 200): string {
  return truncate(escapeTerminal(s), width);
}

/** Columns of styled text: the colour codes take none. */
function plainWidth(x: string): number {
  return displayWidth(x.replace(/\x1b\[[0-9;]*m/g, ''));
}

/**
 * `text` after `lead` (already on the line), wrapped at words to `width` columns with the continuation lines indented
 * by `hang` spaces; as one line when there is no width.
 */
function wrapped(lead: string, text: string, hang: number, width: number | undefined): string[] {
  const leadWidth = plainWidth(lead);
  if (width === undefined || leadWidth + plainWidth(text) <= width) return [lead + text];
  const room = Math.max(20, width - hang);
  const first = Math.max(10, width - leadWidth);
  const head = wrapCell(text, first).split('\n')[0]!;
  // The rest of the text as it was, not its wrapped lines joined again: a line that ended after a `/` had no space.
  const rest = text.slice(head.length).trimStart();
  return [
    lead + head,
    ...wrapCell(rest, room)
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => ' '.repeat(hang) + l),
  ];
}

function findingLines(f: AuditFinding, spec: string | undefined, p: Palette, width: number | undefined): string[] {
  const sev = severityStyle(f.severity, p);
  const where = `${safe(f.file)}:${f.line}`;
  const summary = recordSummaryParts(f)
    .map((x) => safe(x, 60))
    .join(' ');
  const links = [f.docUrl, ...(spec === undefined ? [] : [spec])].map((x) => safe(x));
  const rule = safe(f.rule, 60);
  const lead = `${INDENT}  ${sev(rule)}: `;
  // The links each on a line of their own when both do not fit: a URL is never cut, so that a terminal can open it.
  const linkLines =
    width !== undefined && INDENT.length + 2 + displayWidth(links.join(' · ')) > width ? links : [links.join(' · ')];
  // The record's summary goes below its place when both do not fit.
  const head =
    width !== undefined && INDENT.length + 4 + displayWidth(where) + displayWidth(summary) > width
      ? [
          `${INDENT}${sev(MARK[f.severity])} ${p.bold(keepEnd(where, width - INDENT.length - 2))}`,
          `${INDENT}  ${p.dim(truncate(summary, width - INDENT.length - 2))}`,
        ]
      : [`${INDENT}${sev(MARK[f.severity])} ${p.bold(where)}  ${p.dim(summary)}`];
  return [
    ...head,
    ...wrapped(lead, safe(f.message, MESSAGE_WIDTH), INDENT.length + 4, width),
    ...linkLines.map((l) => `${INDENT}  ${p.dim(l)}`),
  ];
}

/** Findings of one session, errors first; a group is left out when empty. */
function findingBlock(g: SessionFindings, report: AuditReport, p: Palette, width: number | undefined): string[] {
  if (g.findings.length === 0) return [`${INDENT}${p.green('✓ no findings')}`];
  const spec = specLinks(report);
  const lines: string[] = [];
  for (const s of SEVERITIES) {
    const group = ofSeverity(g.findings, s);
    if (group.length === 0) continue;
    lines.push(
      `${INDENT}${severityStyle(s, p)(p.bold(`${group.length === 1 && s !== 'info' ? s : GROUP[s]} (${group.length})`))}`,
    );
    for (const f of group) lines.push(...findingLines(f, spec(f), p, width));
  }
  return lines;
}

function splitText(name: string, c: ShareCounts): string {
  return `${name} ${countOf(c.messages, 'message')} (${formatPercent(c.share)}), ${countOf(c.bytes, 'byte')} (${formatPercent(c.byteShare)})`;
}

function sessionBlock(g: SessionFindings, report: AuditReport, p: Palette, width: number | undefined): string[] {
  const lines: string[] = [];
  if (g.session !== null) {
    lines.push(formatSessionTitle(g.session.info, p, { width }), formatSessionPeers(g.session.info, p, width));
  } else {
    lines.push(
      `${p.bold(`━━ session ${safe(g.key)}`)} ${p.dim(safe(g.file))} ${p.dim('(details not kept: session limit)')}`,
    );
  }
  const st = report.stats.sessions.find((s) => s.key === g.key);
  if (st !== undefined && report.stats.sessions.length > 1) {
    lines.push(
      ...wrapped(
        `${INDENT}${p.dim('traffic')} `,
        `${splitText('lifecycle', st.lifecycle)} · ${splitText('operation', st.operation)}`,
        INDENT.length + 8,
        width,
      ),
    );
  }
  lines.push(...findingBlock(g, report, p, width));
  return lines;
}

function latencyRows(
  title: string,
  rows: Array<[string, MethodStats]>,
  sent: string,
  p: Palette,
  width: number | undefined,
): string[] {
  if (rows.length === 0) return [];
  // A name takes what the latencies leave of the line (they take 44 columns with the indent), from 12 to 40 columns.
  const most = width === undefined ? 40 : Math.max(12, Math.min(40, width - 44));
  const nameWidth = Math.min(most, Math.max(...rows.map(([k]) => displayWidth(safe(k, most)))));
  const lines = [`${INDENT}${p.bold(title)}`];
  for (const [name, m] of rows) {
    const l = m.latencyMs;
    const line = `${INDENT}  ${padEnd(safe(name, nameWidth), nameWidth)}  p50 ${padStart(formatMs(l.p50), 7)}  p95 ${p.bold(padStart(formatMs(l.p95), 7))}  max ${padStart(formatMs(l.max), 7)}`;
    const counts = `${sent} ${formatCount(m.count)} · errors ${formatCount(failedCalls(m))}`;
    // The counts go below the latencies when the line would not fit.
    const tooWide = width !== undefined && INDENT.length + 2 + nameWidth + 39 + 2 + counts.length > width;
    lines.push(
      ...(tooWide ? [line, `${INDENT}  ${' '.repeat(nameWidth)}  ${p.dim(counts)}`] : [`${line}  ${p.dim(counts)}`]),
    );
  }
  return lines;
}

function overallBlock(stats: Stats, p: Palette, width: number | undefined): string[] {
  const lines = [p.bold('━━ traffic')];
  lines.push(
    `${INDENT}${splitText('lifecycle', stats.lifecycle)}`,
    `${INDENT}${splitText('operation', stats.operation)}`,
  );
  lines.push(...latencyRows('slowest methods (p95)', slowest(stats.methods, TOP), 'sent', p, width));
  lines.push(...latencyRows('slowest tools (p95)', slowest(stats.tools, TOP), 'calls', p, width));
  return lines;
}

function verdict(report: AuditReport, p: Palette, width: number | undefined): string {
  const base = `${countsText(report.totals)} in ${countOf(sessionCount(report), 'session')}, ${countOf(report.stats.messages, 'message')}`;
  const omitted =
    report.findingsOmitted > 0 ? p.dim(` (${countOf(report.findingsOmitted, 'finding')} not listed)`) : '';
  const style: Style = report.failed ? (s) => p.bold(p.red(s)) : p.green;
  const empty = emptyFailure(report);
  const failing = sessionsFailure(report);
  const reasons = [
    ...(failing === null ? [] : [failing]),
    ...(findingsFail(report) ? [`at --fail-on ${report.failOn}`] : []),
    ...(empty === null ? [] : [empty]),
  ];
  const unchecked = nothingChecked(report);
  const result = report.failed
    ? style(`FAILED ${reasons.join('; ')}`)
    : unchecked !== null
      ? p.yellow(unchecked)
      : report.failOn === 'none'
        ? p.dim('not gated (--fail-on none)')
        : style(`passed at --fail-on ${report.failOn}`);
  // The result goes on a line of its own when the whole verdict does not fit (styles never count as width).
  const apart = width !== undefined && plainWidth(base) + plainWidth(omitted) + 3 + plainWidth(result) > width;
  return `${p.bold(base)}${omitted}${apart ? '\n' : ' '}— ${result}`;
}

/** Lines of the log quoted per cause, and the terminal lines each may take. */
const EVIDENCE_LINES = 3;
const EVIDENCE_ROWS = 3;

const verdictStyle = (v: Verdict, p: Palette): Style =>
  v === 'failed' ? (s: string) => p.bold(p.red(s)) : v === 'degraded' ? p.yellow : p.green;

/**
 * A log line that shows a cause: its place, then its words wrapped under it (at most three rows) when both do not fit
 * on one line; the words are what the reader needs, the place alone is not.
 */
function evidenceLines(e: Evidence, p: Palette, width: number | undefined): string[] {
  const lead = `${INDENT}    `;
  const src = safe(e.source);
  const text = safe(e.text, MESSAGE_WIDTH);
  if (width === undefined) return [`${lead}${p.dim(src)}  ${text}`];
  const apart = lead.length + displayWidth(src) + 2 > width / 2;
  const rows = apart
    ? [`${lead}${p.dim(keepEnd(src, width - lead.length))}`, ...wrapped(`${lead}  `, text, lead.length + 2, width)]
    : wrapped(`${lead}${p.dim(src)}  `, text, lead.length + 2, width);
  const max = apart ? EVIDENCE_ROWS + 1 : EVIDENCE_ROWS;
  if (rows.length > max) rows.splice(max - 1, rows.length, truncate(`${rows[max - 1]!}…`, width));
  return rows.map((r) => truncate(r, width));
}

/** `s` cut from the left to `width` columns (`…crash-x3.log:44`): a place's line number is at its end. */
function keepEnd(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  let i = 0;
  while (i < s.length && displayWidth(s.slice(i)) > width - 1) i++;
  return `…${s.slice(i)}`;
}

/** A session that failed or degraded, in full: its name, then each cause with its side, summary and the log's lines. */
function sessionCauses(s: SessionDiagnosis, p: Palette, width: number | undefined): string[] {
  const aside = sessionAside(s);
  const head = `${INDENT}${verdictStyle(s.verdict, p)(s.verdict.toUpperCase())} `;
  const name = p.bold(
    safe(sessionLabel(s), width === undefined ? 60 : Math.max(20, Math.min(60, width - plainWidth(head)))),
  );
  const lead = `${head}${name} `;
  const out =
    aside === null
      ? [`${head}${name}`]
      : wrapped(lead, `(${safe(aside, 60)})`, INDENT.length + 2, width).map((l, i) =>
          i === 0 ? lead + p.dim(l.slice(lead.length)) : p.dim(l),
        );
  for (const d of s.diagnoses) {
    const lead = `${INDENT}  ${p.bold(d.cause)} [${d.impact === 'note' ? 'note' : d.side}]: `;
    out.push(...wrapped(lead, safe(d.summary, MESSAGE_WIDTH), INDENT.length + 4, width));
    for (const e of d.evidence.slice(0, EVIDENCE_LINES)) out.push(...evidenceLines(e, p, width));
  }
  return out;
}

/**
 * A run of many sessions: the counts, the failures grouped by cause and words, the rules' findings by rule; then one
 * session of each group in full with the others of the group named on one line, and the ok sessions as a count.
 */
function manySessions(report: AuditReport, p: Palette, width: number | undefined): string[] {
  const groups = causeGroups(report.diagnoses);
  const out = [p.bold(`━━ What happened: ${verdictCountsText(report.diagnoses)}`)];
  for (const g of groups) {
    const head = `${INDENT}${verdictStyle(g.verdict, p)(g.verdict.padEnd(8))} ${padEnd(`×${formatCount(g.sessions.length)}`, 5)}  `;
    out.push(...wrapped(head, `${g.cause}: ${safe(g.summary, MESSAGE_WIDTH)}`, INDENT.length + 17, width));
  }
  const rules = Object.entries(report.byRule).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (rules.length > 0)
    out.push(
      ...wrapped(
        `${INDENT}${p.dim('by rule')} `,
        rules.map(([id, n]) => `${id} ×${formatCount(n)}`).join(', '),
        INDENT.length + 8,
        width,
      ),
    );
  for (const g of groups) {
    const [first, ...rest] = g.sessions;
    out.push('', ...sessionCauses(first!, p, width));
    if (rest.length > 0)
      out.push(...wrapped(`${INDENT}  `, alsoText(rest), INDENT.length + 4, width).map((l) => p.dim(l)));
  }
  const ok = verdictCounts(report.diagnoses).ok;
  if (ok > 0) out.push('', `${INDENT}${p.green(`${countOf(ok, 'session')} ok`)}`);
  out.push('');
  return out;
}

/**
 * "What happened", first: a line per session with its verdict and headline cause, then the causes of the sessions that
 * failed or degraded, each with its side and up to three lines of the log. Past MANY_SESSIONS sessions, the summary by
 * cause instead (`manySessions`).
 */
function whatHappened(report: AuditReport, p: Palette, width: number | undefined): string[] {
  if (report.diagnoses.length === 0) return [];
  if (report.diagnoses.length > MANY_SESSIONS) return manySessions(report, p, width);
  const out = [p.bold('━━ What happened')];
  for (const s of report.diagnoses) {
    const name = safe(s.server ?? s.session, 40);
    const head = `${INDENT}${verdictStyle(s.verdict, p)(s.verdict.padEnd(8))} ${name}  `;
    out.push(...wrapped(head, safe(headlineText(s), MESSAGE_WIDTH), INDENT.length + 11, width));
  }
  for (const s of report.diagnoses) if (s.verdict !== 'ok') out.push('', ...sessionCauses(s, p, width));
  out.push('');
  return out;
}

/** The run's notes (inputs without messages, bodies the rules could not read), one line each. */
function notesBlock(report: AuditReport, p: Palette, width: number | undefined): string[] {
  const notes = reportNotes(report);
  const note = (n: { text: string; fails: boolean }) =>
    wrapped(INDENT, safe(n.text, MESSAGE_WIDTH), INDENT.length + 2, width).map((l) => (n.fails ? p.red : p.yellow)(l));
  return notes.length === 0 ? [] : [p.bold('━━ notes'), ...notes.flatMap(note), ''];
}

/** The `text` audit format (default on a terminal). Ends with a newline. */
export function renderAuditText(report: AuditReport, ctx: RenderContext): string {
  const p = ctx.palette;
  const title = `${safe(report.tool.name)} ${safe(report.tool.version)} audit · ${report.inputs.map((i) => safe(i)).join(', ')} · ${safe(report.generatedAt)}`;
  const out: string[] = [
    ...(ctx.width === undefined ? [title] : wrapCell(title, ctx.width).split('\n')).map((l) => p.dim(l)),
    '',
  ];
  out.push(...whatHappened(report, p, ctx.width));
  // Many sessions: those with nothing to say (ok, no finding) are only counted.
  const { shown, quiet } = sessionsShown(report);
  for (const g of shown) out.push(...sessionBlock(g, report, p, ctx.width), '');
  if (quiet > 0) out.push(p.dim(`━━ ${countOf(quiet, 'more session')} ok, without findings`), '');
  out.push(
    ...overallBlock(report.stats, p, ctx.width),
    '',
    ...notesBlock(report, p, ctx.width),
    verdict(report, p, ctx.width),
  );
  return out.join('\n') + '\n';
}
