// The line grammar of pcap-style text transcripts (docs/formats.md §3): timestamp, marker, event, session break.
import type { Direction } from '../../types.js';
import { markerDirection, markerPattern } from '../shared/direction.js';

/** A timestamp as written, by kind; the reader turns it into ts/tsMs. */
export interface TimeToken {
  kind: 'iso' | 'clock' | 'seconds';
  text: string;
}

/** What the start of a transcript line says. */
type Header =
  | { kind: 'message'; time: TimeToken | null; dir: Direction; rest: string }
  | { kind: 'event'; time: TimeToken | null; name: string; rest: string }
  | { kind: 'session'; time: TimeToken | null; id: string | null }
  /** A timestamp followed by something that is not a marker, event or session break. */
  | { kind: 'time-only'; time: TimeToken; rest: string };

const ISO = String.raw`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?`;
const CLOCK = String.raw`\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?`;
const SECONDS = String.raw`\d+(?:\.\d+)?`;
/**
 * Seconds in brackets: with a fraction, or 9 digits and more (epoch seconds). A bracketed whole number of fewer digits
 * is a process id (`[26682] [Local→Remote] …`, mcp-remote) or a counter, not a time.
 */
const BRACKETED_SECONDS = String.raw`\d+\.\d+|\d{9,}`;
const TIME = `(?:(${ISO})|(${CLOCK})|(${SECONDS}))`;
const BRACKETED_TIME = `(?:(${ISO})|(${CLOCK})|(${BRACKETED_SECONDS}))`;
/** An optional timestamp: in brackets (space after optional), or bare (then a space must follow). */
const PREFIX = new RegExp(String.raw`^\s*(?:\[\s*${BRACKETED_TIME}\s*\]\s*|${TIME}\s+)?`, 'i');
/** A marker, an optional `:`, then a space, the end, or the JSON's first character. */
const MARKER = new RegExp(String.raw`^(${markerPattern()}):?(?=\s|$|[{["])`, 'i');
/**
 * `!! name rest`: the name and the spaces after it are each taken whole (`(?!\S)`, `(?!\s)`), so that a line whose rest
 * cannot match (a line break in it) is not tried again at every split of a long run.
 */
const EVENT = /^!!\s*(\S+)(?!\S)(?:\s+(?!\s))?(.*)$/;
/** `=== session ID ===`: the ID is what follows `session` less its spaces and the closing `=` run (sessionId). */
const SESSION = /^===\s*session\b([^]*)$/i;
const COMMENT = /^\s*#/;

function timeToken(m: RegExpExecArray): TimeToken | null {
  for (let g = 1; g <= 6; g++) {
    const text = m[g];
    if (text !== undefined) return { kind: (['iso', 'clock', 'seconds'] as const)[(g - 1) % 3], text };
  }
  return null;
}

/**
 * Reads the start of a line. Returns null when the line has neither a timestamp nor a marker, event or
 * session break (a JSON continuation line, a stray line). `rest` is the text after the marker or event name,
 * trimmed.
 */
export function parseHeader(text: string): Header | null {
  const p = PREFIX.exec(text)!;
  const time = timeToken(p);
  const body = text.slice(p[0].length);
  const marker = MARKER.exec(body);
  if (marker)
    return { kind: 'message', time, dir: markerDirection(marker[1]), rest: body.slice(marker[0].length).trim() };
  const first = body.charCodeAt(0);
  if (first === 0x21 /* ! */) {
    const ev = EVENT.exec(body);
    if (ev) return { kind: 'event', time, name: ev[1], rest: ev[2].trim() };
  } else if (first === 0x3d /* = */) {
    const s = SESSION.exec(body);
    const id = s === null ? null : sessionId(s[1]!);
    if (id !== null) return { kind: 'session', time, id: id === '' ? null : id };
  }
  return time ? { kind: 'time-only', time, rest: body.trim() } : null;
}

/**
 * The ID of a session break from the text after `session`: trimmed, less the `=` run that closes the line and the
 * spaces before it (`=== session a b ===` → `a b`); null when a line break is inside it. A scan, not
 * `\s*(.*?)\s*=*\s*$`, whose three runs that can each take spaces would try every split of a long line.
 */
function sessionId(rest: string): string | null {
  const t = rest.trim();
  let end = t.length;
  while (end > 0 && t.charCodeAt(end - 1) === 0x3d /* = */) end--;
  const id = end === t.length ? t : t.slice(0, end).trimEnd();
  return /[\n\r\u2028\u2029]/.test(id) ? null : id;
}

/** A `#` comment line. */
export function isComment(text: string): boolean {
  return COMMENT.test(text);
}

/** A line that starts a new record (message, event or session break): never a JSON continuation line. */
export function isRecordStart(text: string): boolean {
  // Fast exit for the usual pretty-printed JSON line: indentation, then a quote or a bracket.
  const c = text.charCodeAt(text.search(/\S/));
  if (c === 0x22 || c === 0x7b || c === 0x7d || c === 0x5d || c === 0x2c) return false;
  const h = parseHeader(text);
  return h !== null && h.kind !== 'time-only';
}
