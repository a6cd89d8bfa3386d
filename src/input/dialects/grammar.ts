// Reading one line with a dialect's tables: its host-line prefix, suffixes, marker, summary, event, block. Pure lookups.
import type { MessageSummary } from '../../types.js';
import type { Block, Dialect, EventLine, JsonLines, Marker } from './types.js';
import { findCutMark } from '../lines/cut-mark.js';
import { isPlainObject } from '../../util/own.js';

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
  /** A JSON line's `data` member (JsonLines), when it has one. */
  data?: unknown;
  /** The process that wrote the line (group `launch`), when the prefix names it. */
  launch?: string;
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
    const h: HostMatch = {
      ts: g.ts,
      level: g.level ?? null,
      server: g.server,
      text: g.text ?? '',
      grammar: i,
      again: g.again !== undefined,
    };
    if (g.cell !== undefined) {
      h.text = g.cell.trimEnd();
      h.cell = g.cell.length;
    }
    if (g.launch !== undefined) h.launch = g.launch;
    return h;
  }
  return d.jsonLines !== undefined && line.charCodeAt(0) === 0x7b /* { */
    ? jsonHostLine(d.jsonLines, line, first)
    : null;
}

/** A line that is a JSON object with the dialect's keys (JsonLines), as a host line; null for any other. */
function jsonHostLine(keys: JsonLines, line: string, grammar: number): HostMatch | null {
  if (line.charCodeAt(line.length - 1) !== 0x7d /* } */) return null;
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return null;
  const rec = o as Record<string, unknown>;
  const dot = keys.text.indexOf('.');
  // The text's key at the top: the key itself, or the object a path `fields.message` goes into.
  const top = dot < 0 ? keys.text : keys.text.slice(0, dot);
  const holder = dot < 0 ? rec : rec[top];
  const text = isPlainObject(holder) ? holder[keys.text.slice(dot + 1)] : undefined;
  const ts = keys.time === undefined ? undefined : rec[keys.time];
  const level = keys.level === undefined ? null : rec[keys.level];
  if (
    typeof text !== 'string' ||
    (keys.time !== undefined && typeof ts !== 'string') ||
    (keys.level !== undefined && typeof level !== 'string')
  )
    return null;
  for (const k of Object.keys(rec))
    if (k !== top && k !== keys.time && k !== keys.level && k !== keys.data && keys.other?.includes(k) !== true)
      return null;
  const h: HostMatch = {
    ts: ts as string | undefined,
    level: level as string | null,
    server: undefined,
    text,
    grammar,
    again: false,
  };
  if (keys.data !== undefined && Object.hasOwn(rec, keys.data)) h.data = rec[keys.data];
  return h;
}

/** The server and the session a host line's text names (Dialect.names), each undefined when it names none. */
export function namesOf(d: Dialect, text: string): { server: string | undefined; session: string | undefined } {
  let server: string | undefined;
  let session: string | undefined;
  for (const re of d.names ?? []) {
    const g = re.exec(text)?.groups;
    if (!g) continue;
    server ??= g.server;
    session ??= g.session;
  }
  return { server, session };
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

/** A message marker found on a host line: the marker, and the body after it. */
export interface MarkerMatch {
  marker: Marker;
  body: string;
  /** The request's method a `result` marker names (group `method`). */
  method?: string;
}

/** The message marker on a host line's text; null when none. */
export function markerOf(d: Dialect, text: string): MarkerMatch | null {
  for (const marker of d.markers) {
    const m = marker.re.exec(text);
    if (!m) continue;
    const mk: MarkerMatch = { marker, body: m.groups?.body ?? '' };
    if (m.groups?.method !== undefined) mk.method = m.groups.method;
    return mk;
  }
  return null;
}

/** A body that is only a summary of the message (`method="tools/call" id=7 params`, `id=7 result`); null otherwise. */
export function summaryOf(d: Dialect, body: string): MessageSummary | null {
  for (const s of d.summaries) {
    const m = s.re.exec(body);
    if (m === null) continue;
    // A form may have no group at all (`null`: an error to no id).
    const g = m.groups ?? {};
    const id = g.sid !== undefined ? g.sid : g.id === undefined ? null : idValue(g.id);
    const method = g.method === undefined ? null : (d.methodNames?.get(g.method) ?? g.method);
    if (s.kind === 'call') return { kind: id === null ? 'notification' : 'request', id, method };
    if (s.kind === 'request' || s.kind === 'notification') return { kind: s.kind, id, method };
    // A result names its request's method only when the log gives no id to pair it by.
    return { kind: s.kind === 'result' ? 'response' : 'error', id, method: id === null ? method : null };
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
  const clean = cleanLine(d, line);
  const h = matchHostLine(d, clean);
  if (h === null) return { score: 0, cues: 0 };
  let cues = 0;
  for (const c of d.cues) if (c.re.test(c.on === 'line' ? clean : h.text)) cues += c.weight;
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
