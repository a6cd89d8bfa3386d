// Reading one line with a dialect's tables: its host-line prefix, suffixes, marker, summary, event, block. Pure lookups.
import type { Direction, MessageSummary } from '../../types.js';
import type { Block, Dialect, EventLine, Marker } from './types.js';
import { findCutMark } from '../cut-mark.js';

/** What a host line's prefix says; `grammar` is the index of the grammar that matched (tried first on the next line). */
export interface HostMatch {
  ts: string | undefined;
  level: string | null;
  server: string | undefined;
  /** The text after the prefix, suffixes not yet stripped. */
  text: string;
  grammar: number;
  /** The process that wrote the line (group `launch`), when the prefix names it. */
  launch: string | undefined;
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
    if (g) return { ts: g.ts, level: g.level ?? null, server: g.server, text: g.text ?? '', grammar: i, launch: g.launch };
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

/** The message marker on a host line's text: its stated direction and the body after it; null when none. */
export function markerOf(d: Dialect, text: string): { dir: Direction; body: string; marker: Marker } | null {
  for (const mk of d.markers) {
    const m = mk.re.exec(text);
    if (m) return { dir: mk.dir, body: m.groups?.body ?? '', marker: mk };
  }
  return null;
}

/** A body that is only a summary of the message (`method="tools/call" id=7 params`, `id=7 result`); null otherwise. */
export function summaryOf(d: Dialect, body: string): MessageSummary | null {
  for (const s of d.summaries) {
    const m = s.re.exec(body);
    if (m === null) continue;
    const g = m.groups ?? {};
    const id = g.sid !== undefined ? g.sid : g.id === undefined ? null : idValue(g.id);
    const method = g.method ?? null;
    if (s.kind === 'method') return { kind: method?.startsWith('notifications/') ? 'notification' : 'request', id: null, method };
    if (s.kind === 'call') return { kind: id === null ? 'notification' : 'request', id, method };
    return { kind: s.kind === 'result' ? 'response' : 'error', id, method: null };
  }
  return null;
}

/** A summary's id as the message had it: a number, `null`, or a string printed as JSON. */
function idValue(text: string): string | number | null {
  if (text === 'null') return null;
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
    if (m) return { event: e, server: m.groups?.server ?? e.server };
  }
  return null;
}

/** The block a host line's text opens (a multi-line dump), or null. */
export function blockOf(d: Dialect, text: string): Block | null {
  for (const b of d.blocks) if (b.open.test(text)) return b;
  return null;
}

const SGR = /\x1b\[[0-9;]*m/g;

/** The line as the dialect reads it: a terminal capture's colour codes removed (`Dialect.ansi`). */
export function cleanLine(d: Dialect, line: string): string {
  return d.ansi === true && line.includes('\x1b') ? line.replace(SGR, '') : line;
}

/** Detection points of one line for a dialect: 0 unless it is a host line; then 1 plus the weights of its cues. */
export function lineScore(d: Dialect, line: string): { score: number; cues: number } {
  const h = matchHostLine(d, cleanLine(d, line));
  if (h === null) return { score: 0, cues: 0 };
  let cues = 0;
  for (const c of d.cues) if (c.re.test(h.text)) cues += c.weight;
  return { score: 1 + cues, cues };
}

/**
 * Leaves out the struct's zero id a host logs on a notification (Dialect.zeroId); true when it did. MCP names every
 * notification `notifications/…`, and a notification has no id (basic/index.mdx §Notifications).
 */
export function dropZeroId(d: Dialect, value: unknown): boolean {
  if (d.zeroId === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  if (m.id !== d.zeroId || typeof m.method !== 'string' || !m.method.startsWith('notifications/')) return false;
  delete m.id;
  return true;
}
