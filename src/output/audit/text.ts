// The audit report for a terminal: per session a header and its findings by severity, then traffic split, latencies, verdict.
import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { MethodStats, ShareCounts, Stats } from '../../stats/types.js';
import type { Severity } from '../../types.js';
import type { Palette, Style } from '../color.js';
import { escapeTerminal } from '../escape.js';
import { formatCount, formatMs, formatPercent } from '../numbers.js';
import { formatSessionPeers, formatSessionTitle, severityStyle } from '../text.js';
import { displayWidth, padEnd, padStart, truncate } from '../width.js';
import {
  countsText, emptyFailure, findingsBySession, nothingChecked, findingsFail, ofSeverity, recordSummaryParts, reportNotes, rulesById, SEVERITIES, slowest,
  type SessionFindings,
} from './parts.js';
import type { RenderContext } from './renderers.js';

/** Columns of one finding message; a log can put a whole line into a message (`invalid-json`). */
const MESSAGE_WIDTH = 500;
/** Rows of each latency table. */
const TOP = 5;
const INDENT = '   ';

const MARK: Readonly<Record<Severity, string>> = { error: '✖', warning: '▲', info: 'ℹ' };
const GROUP: Readonly<Record<Severity, string>> = { error: 'errors', warning: 'warnings', info: 'info' };

/** Log text for the terminal: control characters made visible (DESIGN principle 7), then cut. */
function safe(s: string, width = 200): string {
  return truncate(escapeTerminal(s), width);
}

function findingLines(f: AuditFinding, spec: string | undefined, p: Palette): string[] {
  const sev = severityStyle(f.severity, p);
  const where = `${safe(f.file)}:${f.line}`;
  const summary = recordSummaryParts(f).map((x) => safe(x, 60)).join(' ');
  const links = [f.docUrl, ...(spec === undefined ? [] : [spec])].map((x) => safe(x)).join(' · ');
  return [
    `${INDENT}${sev(MARK[f.severity])} ${p.bold(where)}  ${p.dim(summary)}`,
    `${INDENT}  ${sev(safe(f.rule, 60))}: ${safe(f.message, MESSAGE_WIDTH)}`,
    `${INDENT}  ${p.dim(links)}`,
  ];
}

/** Findings of one session, errors first; a group is left out when empty. */
function findingBlock(g: SessionFindings, report: AuditReport, p: Palette): string[] {
  if (g.findings.length === 0) return [`${INDENT}${p.green('✓ no findings')}`];
  const rules = rulesById(report);
  const lines: string[] = [];
  for (const s of SEVERITIES) {
    const group = ofSeverity(g.findings, s);
    if (group.length === 0) continue;
    lines.push(`${INDENT}${severityStyle(s, p)(p.bold(`${GROUP[s]} (${group.length})`))}`);
    for (const f of group) lines.push(...findingLines(f, rules.get(f.rule)?.specUrl, p));
  }
  return lines;
}

function splitText(name: string, c: ShareCounts): string {
  return `${name} ${formatCount(c.messages)} messages (${formatPercent(c.share)}), ${formatCount(c.bytes)} bytes (${formatPercent(c.byteShare)})`;
}

function sessionBlock(g: SessionFindings, report: AuditReport, p: Palette): string[] {
  const lines: string[] = [];
  if (g.session !== null) {
    lines.push(formatSessionTitle(g.session.info, p), formatSessionPeers(g.session.info, p));
  } else {
    lines.push(`${p.bold(`━━ session ${safe(g.key)}`)} ${p.dim(safe(g.file))} ${p.dim('(details not kept: session limit)')}`);
  }
  const st = report.stats.sessions.find((s) => s.key === g.key);
  if (st !== undefined && report.stats.sessions.length > 1) {
    lines.push(`${INDENT}${p.dim('traffic')} ${splitText('lifecycle', st.lifecycle)} · ${splitText('operation', st.operation)}`);
  }
  lines.push(...findingBlock(g, report, p));
  return lines;
}

function latencyRows(title: string, rows: Array<[string, MethodStats]>, sent: string, p: Palette): string[] {
  if (rows.length === 0) return [];
  const width = Math.min(40, Math.max(...rows.map(([k]) => displayWidth(safe(k, 40)))));
  const lines = [`${INDENT}${p.bold(title)}`];
  for (const [name, m] of rows) {
    const l = m.latencyMs;
    lines.push(
      `${INDENT}  ${padEnd(safe(name, 40), width)}  p50 ${padStart(formatMs(l.p50), 7)}  p95 ${p.bold(padStart(formatMs(l.p95), 7))}  max ${padStart(formatMs(l.max), 7)}  ${p.dim(`${sent} ${formatCount(m.count)} · errors ${formatCount(m.errors)}`)}`,
    );
  }
  return lines;
}

function overallBlock(stats: Stats, p: Palette): string[] {
  const lines = [p.bold('━━ traffic')];
  lines.push(`${INDENT}${splitText('lifecycle', stats.lifecycle)}`, `${INDENT}${splitText('operation', stats.operation)}`);
  lines.push(...latencyRows('slowest methods (p95)', slowest(stats.methods, TOP), 'sent', p));
  lines.push(...latencyRows('slowest tools (p95)', slowest(stats.tools, TOP), 'calls', p));
  return lines;
}

function verdict(report: AuditReport, p: Palette): string {
  const sessions = report.stats.sessions.length;
  const base = `${countsText(report.totals)} in ${sessions} ${sessions === 1 ? 'session' : 'sessions'}, ${formatCount(report.stats.messages)} messages`;
  const omitted = report.findingsOmitted > 0 ? p.dim(` (${formatCount(report.findingsOmitted)} findings not listed)`) : '';
  const style: Style = report.failed ? (s) => p.bold(p.red(s)) : p.green;
  const empty = emptyFailure(report);
  const reasons = [...(findingsFail(report) ? [`at --fail-on ${report.failOn}`] : []), ...(empty === null ? [] : [empty])];
  const unchecked = nothingChecked(report);
  const result =
    report.failed ? style(`FAILED ${reasons.join('; ')}`)
    : unchecked !== null ? p.yellow(unchecked)
    : report.failOn === 'none' ? p.dim('not gated (--fail-on none)')
    : style(`passed at --fail-on ${report.failOn}`);
  return `${p.bold(base)}${omitted} — ${result}`;
}

/** The run's notes (inputs without messages, bodies the rules could not read), one line each. */
function notesBlock(report: AuditReport, p: Palette): string[] {
  const notes = reportNotes(report);
  return notes.length === 0 ? [] : [p.bold('━━ notes'), ...notes.map((n) => `${INDENT}${(n.fails ? p.red : p.yellow)(safe(n.text, MESSAGE_WIDTH))}`), ''];
}

/** The `text` audit format (default on a terminal). Ends with a newline. */
export function renderAuditText(report: AuditReport, ctx: RenderContext): string {
  const p = ctx.palette;
  const out: string[] = [p.dim(`${safe(report.tool.name)} ${safe(report.tool.version)} audit · ${report.inputs.map((i) => safe(i)).join(', ')} · ${safe(report.generatedAt)}`), ''];
  for (const g of findingsBySession(report)) out.push(...sessionBlock(g, report, p), '');
  out.push(...overallBlock(report.stats, p), '', ...notesBlock(report, p), verdict(report, p));
  return out.join('\n') + '\n';
}
