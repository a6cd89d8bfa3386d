// Reading one line with a dialect's tables: its host-line prefix, suffixes, marker, summary, event, block. Pure lookups.
import type { MessageSummary } from '../../types.js';
import type { Block, Dialect, EventLine, Marker } from './types.js';
import { findCutMark } from '../cut-mark.js';

/** What a host line's prefix says; `grammar` is the index of the grammar that matched (tried first on the next line). */
export interface HostMatch {
  ts: string | undefined;
  level: string | null;
  server: string | undefined;
  /** The text after the prefix, suffixes not yet stripped (a `cell`'s without its padding). */
  text: string;
  grammar: number;
  /** The width of a `cell` (its text with its padding, Dialect.wrapIndent); absent for a `text` grammar. */
  cell?: number;
  /** The time cell was left blank: the line's time is the last one read. */
  again: boolean;
}

/**
 * The line read by the dialect's host-line grammars, `first` tried first (the one the previous host line matched: a
 * line two grammars could read, `[info] [error]`, is read in the order the file uses); null when none matches.
 */
export function matchHostLine(d: Dialect, line: string, first = 0): HostMatch | null {
  const n = d.lines.length;
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    const g = d.lines[i]!.exec(line)?.groups;
    if (!g) continue;
    const h: HostMatch = { ts: g.ts, level: g.level ?? null, server: g.server, text: g.text ?? '', grammar: i, again: g.again !== undefined };
    if (g.cell !== undefined) {
      h.text = g.cell.trimEnd();
      h.cell = g.cell.length;
    }
    return h;
  }
  return null;
}

/** The text without the suffix the host appends (the first of the dialect's suffixes that matches). */
export function stripSuffix(d: Dialect, text: string): string {
  // Every suffix ends with `}`: most lines are passed over by one character test.
  if (d.suffixes.length === 0 || text.charCodeAt(text.length - 1) !== 0x7d /* } */) return text;
  for (const re of d.suffixes) {
    const m = re.exec(text);
    if (m) return text.slice(0, m.index);
  }
  return text;
}

/** The message marker on a host line's text, and the body after it; null when none. */
export function markerOf(d: Dialect, text: string): { marker: Marker; body: string } | null {
  for (const marker of d.markers) {
    const m = marker.re.exec(text);
    if (m) return { marker, body: m.groups?.body ?? '' };
  }
  return null;
}

/** A body that is only a summary of the message (`method="tools/call" id=7 params`, `id=7 result`); null otherwise. */
export function summaryOf(d: Dialect, body: string): MessageSummary | null {
  for (const s of d.summaries) {
    const g = s.re.exec(body)?.groups;
    if (!g) continue;
    const id = g.id === undefined ? null : idValue(g.id);
    const method = g.method ?? null;
    if (s.kind === 'call') return { kind: id === null ? 'notification' : 'request', id, method };
    if (s.kind === 'request' || s.kind === 'notification') return { kind: s.kind, id, method };
    // A result names its request's method only when the log gives no id to pair it by.
    return { kind: s.kind === 'result' ? 'response' : 'error', id, method: id === null ? method : null };
  }
  return null;
}

/** A summary's id as the message had it: a number, or a string printed as JSON. */
function idValue(text: string): string | number | null {
  if (text.charCodeAt(0) !== 0x22) return Number(text);
  try {
    return JSON.parse(text) as string;
  } catch {
    return null;
  }
}

/** Where the host cut a body (`...[N chars truncated]...`): the cut mark's start and end, and the characters left out. */
export function cutOf(d: Dialect, body: string): { head: number; tail: number; cut: number } | null {
  return d.cut === null ? null : findCutMark(body, d.cut);
}

/** The event a host line's text is, with the server its text names; null for a line that is no event. */
export function eventOf(d: Dialect, text: string): { event: EventLine; server: string | undefined } | null {
  for (const e of d.events) {
    const m = e.re.exec(text);
    if (m) return { event: e, server: m.groups?.server };
  }
  return null;
}

/** The block a host line's text opens (a multi-line dump), or null. */
export function blockOf(d: Dialect, text: string): Block | null {
  for (const b of d.blocks) if (b.open.test(text)) return b;
  return null;
}

/** Detection points of one line for a dialect: 0 unless it is a host line; then 1 plus the weights of its cues. */
export function lineScore(d: Dialect, line: string): { score: number; cues: number } {
  const h = matchHostLine(d, line);
  if (h === null) return { score: 0, cues: 0 };
  let cues = 0;
  for (const c of d.cues) if (c.re.test(h.text)) cues += c.weight;
  return { score: 1 + cues, cues };
}
