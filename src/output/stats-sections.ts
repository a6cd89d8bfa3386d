// The stats report as neutral sections (title, header, rows of plain strings) for the table and markdown sinks.
import type { DiagnosisStats, MethodStats, Stats, ToolStats, VerdictCounts } from '../stats/types.js';
import { formatCount, formatMs, formatPercent } from '../util/numbers.js';
import { countOf } from '../util/plural.js';

type Align = 'left' | 'right';

/**
 * One table of the report. Cells are plain, unescaped strings, some from the log (method, tool, session
 * and peer names): each renderer must escape every cell for its medium.
 */
export interface StatsSection {
  title: string;
  head: string[];
  align: Align[];
  rows: string[][];
  /** Columns whose cells may wrap onto several lines when the table is wider than the terminal. */
  wrap?: number[];
  /** Columns a narrow terminal may leave out, first to go first (the rest of the table keeps its meaning). */
  drop?: number[];
}

const L: Align = 'left';
const R: Align = 'right';

function countRows(t: Record<string, { messages: number; bytes: number }>, total: number): string[][] {
  return Object.entries(t)
    .filter(([, c]) => c.messages > 0)
    .map(([k, c]) => [
      k,
      formatCount(c.messages),
      formatCount(c.bytes),
      formatPercent(total === 0 ? 0 : c.messages / total),
    ]);
}

function breakdown(
  title: string,
  label: string,
  t: Record<string, { messages: number; bytes: number }>,
  total: number,
): StatsSection {
  return {
    title,
    head: [label, 'messages', 'bytes', 'share'],
    align: [L, R, R, R],
    rows: countRows(t, total),
    wrap: [0],
  };
}

/** Busiest first, then by name, so the table reads top-down; the JSON keeps name order. */
function byCount<T extends MethodStats>(t: Record<string, T>): Array<[string, T]> {
  return Object.entries(t).sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function latencyCells(m: MethodStats): string[] {
  return [formatMs(m.latencyMs.p50), formatMs(m.latencyMs.p95), formatMs(m.latencyMs.max)];
}

function peer(p: { name: string | null; version: string | null }): string {
  if (p.name === null) return '?';
  return p.version === null ? p.name : `${p.name} ${p.version}`;
}

/** `12`, or `12 (5 outside any session)`: log lines of no session (before a server is named) are counted here only. */
function logsText(s: Stats): string {
  const outside = s.logs - s.sessions.reduce((n, x) => n + (x.logs ?? 0), 0);
  return outside > 0 ? `${formatCount(s.logs)} (${formatCount(outside)} outside any session)` : formatCount(s.logs);
}

/** `first – last (duration)` of one timeline. */
export function spanText(s: { first: string; last: string; durationMs: number }): string {
  return `${s.first} – ${s.last} (${formatMs(s.durationMs)})`;
}

/**
 * Sections in report order. Sections without rows (no tools, no errors, zero-count breakdown rows) are left
 * out, and the per-session table only appears with more than one session. Its pair columns are the Pairs
 * table's per session; `lifecycle` is the session's lifecycle share of messages (operation is the rest).
 */
export function statsSections(s: Stats): StatsSection[] {
  const out: StatsSection[] = [];
  const totals: string[][] = [
    ['messages', formatCount(s.messages)],
    ['bytes', formatCount(s.bytes)],
    ['invalid', formatCount(s.invalid)],
    ['events', formatCount(s.events)],
    // Lines of the log that are not messages: only host and SDK logs have them.
    ...((s.logs ?? 0) > 0 ? [['logs', logsText(s)]] : []),
    ['sessions', formatCount(s.sessions.length)],
  ];
  // Sessions whose log holds one side only (a server's stdout): their answers to the missing side's requests are no orphans.
  for (const side of ['server', 'client'] as const) {
    const n = s.sessions.filter((x) => x.onlySide === side).length;
    if (n > 0) totals.push([`only the ${side}'s side`, countOf(n, 'session')]);
  }
  if (s.timeSpan.first !== null) totals.push(['first', s.timeSpan.first], ['last', s.timeSpan.last ?? '-']);
  if (s.timeSpan.durationMs !== null) totals.push(['duration', formatMs(s.timeSpan.durationMs)]);
  // An input whose times have no date has a span of its own, shown like the run's (rows, so a narrow table keeps it).
  for (const c of s.timeSpan.clockOnly) {
    totals.push(
      ['clock only', c.file],
      ['  first', c.first],
      ['  last', c.last],
      ['  duration', formatMs(c.durationMs)],
    );
  }
  out.push({ title: 'Totals', head: ['', 'value'], align: [L, R], rows: totals, wrap: [1] });

  const split = (name: string, c: Stats['lifecycle']) => [
    name,
    formatCount(c.messages),
    formatCount(c.bytes),
    formatPercent(c.share),
    formatPercent(c.byteShare),
  ];
  out.push({
    title: 'Lifecycle vs operation',
    head: ['traffic', 'messages', 'bytes', 'share', 'byte share'],
    align: [L, R, R, R, R],
    rows: [split('lifecycle', s.lifecycle), split('operation', s.operation)],
  });
  out.push(breakdown('By kind', 'kind', s.byKind, s.messages));
  out.push(breakdown('By direction', 'direction', s.byDirection, s.messages));
  out.push(breakdown('By primitive', 'primitive', s.byPrimitive, s.messages));
  out.push(breakdown('By phase', 'phase', s.byPhase, s.messages));

  out.push({
    title: 'Methods',
    head: ['method', 'count', 'errors', 'p50', 'p95', 'max'],
    align: [L, R, R, R, R, R],
    rows: byCount(s.methods).map(([k, m]) => [k, formatCount(m.count), formatCount(m.errors), ...latencyCells(m)]),
    wrap: [0],
  });
  // Modern methods (2026-07-28): one row per method for its logical operations (every round of an MRTR chain or a
  // version retry together), with the time the server and the client took; absent from a legacy run.
  const operations = byCount(s.methods).filter(([, m]) => m.operations !== undefined);
  if (operations.length > 0) {
    out.push({
      title: 'Operations (modern requests, all rounds)',
      head: ['method', 'count', 'rounds>1', 'failed', 'p50', 'max', 'server p50', 'client p50'],
      align: [L, R, R, R, R, R, R, R],
      wrap: [0],
      rows: operations.map(([k, m]) => {
        const o = m.operations!;
        return [
          k,
          formatCount(o.count),
          formatCount(o.multiRound),
          formatCount(o.failures),
          formatMs(o.latencyMs.p50),
          formatMs(o.latencyMs.max),
          formatMs(o.serverMs.p50),
          formatMs(o.clientMs.p50),
        ];
      }),
    });
  }
  const tools = byCount<ToolStats>(s.tools);
  if (tools.length > 0) {
    out.push({
      title: 'Tools',
      head: ['tool', 'calls', 'errors', 'isError', 'p50', 'p95', 'max'],
      align: [L, R, R, R, R, R, R],
      rows: tools.map(([k, t]) => [
        k,
        formatCount(t.count),
        formatCount(t.errors),
        formatCount(t.isError),
        ...latencyCells(t),
      ]),
      wrap: [0],
    });
  }
  const errors = Object.entries(s.errors);
  if (errors.length > 0) {
    out.push({
      title: 'Errors by code',
      head: ['code', 'name', 'count'],
      align: [R, L, R],
      rows: errors.map(([k, e]) => [k, e.name, formatCount(e.count)]),
      wrap: [1],
    });
  }
  const p = s.pairs;
  out.push({
    title: 'Pairs',
    head: ['answered', 'unanswered', 'cancelled', 'orphans'],
    align: [R, R, R, R],
    rows: [[formatCount(p.answered), formatCount(p.unanswered), formatCount(p.cancelled), formatCount(p.orphans)]],
  });
  if (s.sessions.length > 1) {
    // The pair columns are the Pairs table's, per session: the same words count the same requests.
    out.push({
      title: 'Sessions',
      head: [
        'session',
        'client',
        'server',
        'revision',
        'messages',
        'bytes',
        'lifecycle',
        'answered',
        'unanswered',
        'cancelled',
        'orphans',
      ],
      align: [L, L, L, L, R, R, R, R, R, R, R],
      rows: s.sessions.map((x) => [
        x.key,
        peer(x.client),
        peer(x.server),
        x.eras === undefined || x.eras[x.eras.length - 1] === 'legacy'
          ? (x.negotiatedRevision ?? x.requestedRevision ?? '?')
          : `${x.modernRevision ?? '?'} (modern)`,
        formatCount(x.messages),
        formatCount(x.bytes),
        formatPercent(x.lifecycle.share),
        formatCount(x.pairs.answered),
        formatCount(x.pairs.unanswered),
        formatCount(x.pairs.cancelled),
        formatCount(x.pairs.orphans),
      ]),
      wrap: [0, 1, 2],
      drop: [5, 6, 3, 2, 1],
    });
  }
  if (s.diagnosis !== undefined) out.push(...diagnosisSection(s.diagnosis));
  return out.filter((x) => x.rows.length > 0);
}

/** `server-exited ×2, spawn-failed`: the causes, most frequent first. */
function causesText(v: VerdictCounts): string {
  const list = Object.entries(v.causes).map(([k, n]) => (n === 1 ? k : `${k} ×${n}`));
  return list.length === 0 ? '-' : list.join(', ');
}

/**
 * How the sessions went, when one did not go well (`mcptrace why` for the whole run): a row per server, then all of
 * them when there are several; nothing when every session was ok (the JSON's `diagnosis` says so).
 */
function diagnosisSection(d: DiagnosisStats): StatsSection[] {
  if (d.failed === 0 && d.degraded === 0) return [];
  const row = (name: string, v: VerdictCounts) => [
    name,
    formatCount(v.sessions),
    formatCount(v.ok),
    formatCount(v.degraded),
    formatCount(v.failed),
    causesText(v),
  ];
  const servers = Object.entries(d.servers);
  const rows = servers.map(([k, v]) => row(k, v));
  if (servers.length > 1) rows.push(row('all', d));
  return [
    {
      title: 'Diagnosis',
      head: ['server', 'sessions', 'ok', 'degraded', 'failed', 'causes'],
      align: [L, R, R, R, R, L],
      rows,
      wrap: [0, 5],
      drop: [2],
    },
  ];
}
