// Where a JSON document keeps its messages: which values are messages, envelopes or containers, found in memory.
//
// A document's values are read in one of two contexts. A *list* element (an element of the top-level array or of an
// array under a CONTAINER_KEY of the top-level object, or a top-level value itself) is a record whatever it is, as it
// always was: a message, an envelope, a batch, a host's log entry, or else (unless it holds messages) an invalid record.
// Anywhere else a value is *free*: only a value that is plainly a message or an envelope of one is a record, a value
// that holds such values is searched, and anything else is skipped and accounted (json-paths.ts).
import { ENVELOPE_KEYS, isEnvelope, MESSAGE_KEYS, TIME_KEYS } from '../readers/envelope-fields.js';
import { childPath, type DocumentPaths } from './json-paths.js';
import { isPlainObject } from '../../util/own.js';

/** Keys of the top-level object whose array is a list of records (docs/formats.md §4). */
export const CONTAINER_KEYS: ReadonlySet<string> = new Set([
  'messages',
  'records',
  'events',
  'entries',
  'log',
  'items',
]);

export type Context = 'list' | 'free';

type Obj = Record<string, unknown>;
const hasOwn = Object.hasOwn;

/** The members a JSON-RPC message is made of. */
const JSONRPC_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);
const ENVELOPE_SET: ReadonlySet<string> = new Set(ENVELOPE_KEYS);
const MESSAGE_SET: ReadonlySet<string> = new Set(MESSAGE_KEYS);

/** The object read so far (`pending`: the key whose value is still being read) may be a message: `jsonrpc`, or only JSON-RPC members. */
export function mayBeMessage(o: Obj, pending: string | null): boolean {
  if (hasOwn(o, 'jsonrpc')) return true;
  if (pending !== null && !JSONRPC_KEYS.has(pending)) return false;
  for (const k in o) if (!JSONRPC_KEYS.has(k)) return false;
  return true;
}

/**
 * The object read so far may turn out to be a record itself rather than a container of records: it may be a message,
 * or an envelope (an envelope key done, or the one still open holding what may be a message: `child`, with the key
 * still open in it). Such an object is not split into the messages it holds before it has been read whole (a
 * request's params, an envelope's message may quote messages); `{"data": {"turns": […]}}` is split.
 */
export function mayBeRecord(o: Obj, pending: string | null, child: unknown, childPending: string | null): boolean {
  if (mayBeMessage(o, pending)) return true;
  for (const k in o) if (ENVELOPE_SET.has(k)) return true;
  if (pending === null || !ENVELOPE_SET.has(pending)) return false;
  return !isPlainObject(child) || mayBeMessage(child, childPending);
}

/** The key is one an envelope holds its message under. */
export function isMessageKey(k: string | null): boolean {
  return k !== null && MESSAGE_SET.has(k);
}

/** A message in a free context: it has `jsonrpc`, or is made only of JSON-RPC members with a method, result or error. */
export function isPlainMessage(o: Obj): boolean {
  if (hasOwn(o, 'jsonrpc')) return true;
  if (!(typeof o.method === 'string' || hasOwn(o, 'result') || hasOwn(o, 'error'))) return false;
  for (const k in o) if (!JSONRPC_KEYS.has(k)) return false;
  return true;
}

/**
 * An envelope of a message (a wire text that opens as JSON, a plain message, or a batch of them) or of an event with a
 * time; `{"data": {...}}` or `{"type": "event", "data": {...}}` in a document's metadata is none.
 */
export function isMessageEnvelope(o: Obj): boolean {
  if (!isEnvelope(o)) return false;
  for (const k of MESSAGE_KEYS) {
    if (!hasOwn(o, k) || o[k] === null) continue;
    const m = o[k];
    if (typeof m === 'string') return /^\s*[[{]/.test(m);
    if (Array.isArray(m)) return m.length > 0 && m.every((x) => isPlainObject(x) && isPlainMessage(x));
    return isPlainObject(m) && isPlainMessage(m);
  }
  return typeof o.event === 'string' && TIME_KEYS.some((k) => hasOwn(o, k));
}

/** What a found value is read as: a message (or batch, or a list element that is not one: decode says), an envelope, a log entry. */
type FoundKind = 'value' | 'envelope' | 'entry';

/** A record found in a document: its value, how to read it, its path pattern and its lines. */
export interface Found {
  value: unknown;
  kind: FoundKind;
  path: string;
  line: number;
  lines: number;
}

/** Where containers of a value being read opened and closed (line numbers), for the records found inside them. */
type Positions = ReadonlyMap<object, { line: number; end: number; size: number }>;

/**
 * Searches values held in memory (an element read whole, or the finished part of a container read in pieces) and
 * appends what it finds, in document order, to `out`; skipped values go to `paths`. `isEntry`: a host's JSON log
 * entry (dialects/entries.ts), read in a list context only.
 */
export class Finder {
  /** Skipped values of the value being searched: committed when the search ends, dropped when their container is a record. */
  private skipped: [string, string][] = [];

  constructor(
    private readonly paths: DocumentPaths,
    private readonly out: { push(f: Found): unknown },
    private readonly isEntry: ((o: Obj) => boolean) | null,
  ) {}

  /** Finds the records of `v` at `path`, spanning `line` to `end`; returns how many. */
  find(v: unknown, ctx: Context, path: string, line: number, end: number, positions: Positions | null): number {
    const n = this.value(v, ctx, path, line, end, positions);
    for (const [p, kind] of this.skipped) this.paths.skip(p, kind);
    this.skipped = [];
    return n;
  }

  /** The children of a container read in pieces, finished so far (an object's members, an array's elements). */
  children(o: object, ctx: Context, path: string, line: number, positions: Positions | null): number {
    const n = this.members(o, ctx, path, line, positions);
    for (const [p, kind] of this.skipped) this.paths.skip(p, kind);
    this.skipped = [];
    return n;
  }

  private value(
    v: unknown,
    ctx: Context,
    path: string,
    line: number,
    end: number,
    positions: Positions | null,
  ): number {
    if (isPlainObject(v)) {
      if (ctx === 'list' ? hasOwn(v, 'jsonrpc') : isPlainMessage(v)) return this.found(v, 'value', path, line, end);
      if (isMessageEnvelope(v)) return this.found(v, 'envelope', path, line, end);
      if (ctx === 'list' && this.isEntry?.(v)) return this.found(v, 'entry', path, line, end);
    } else if (ctx === 'list') return this.found(v, 'value', path, line, end); // a batch, or a value decode reports
    if (typeof v !== 'object' || v === null) {
      this.skipped.push([path, v === null ? 'null' : typeof v]);
      return 0;
    }
    const mark = this.skipped.length;
    const n = this.members(v, 'free', path, line, positions);
    if (n > 0) return n;
    this.skipped.length = mark;
    // A list element that holds no message is a record all the same: an envelope or a value that decode reports.
    if (ctx === 'list') return this.found(v, isEnvelope(v) ? 'envelope' : 'value', path, line, end);
    this.skipped.push([path, Array.isArray(v) ? 'array' : 'object']);
    return 0;
  }

  private members(o: object, ctx: Context, path: string, line: number, positions: Positions | null): number {
    let n = 0;
    // A scalar has no position of its own: it is placed on the line where the value before it ended.
    let last = line;
    const each = (child: unknown, childPath: string) => {
      const at = typeof child === 'object' && child !== null ? positions?.get(child) : undefined;
      n += this.value(child, ctx, childPath, at?.line ?? last, at?.end ?? last, positions);
      if (at) last = at.end;
    };
    if (Array.isArray(o)) {
      const p = childPath(path, null);
      for (const child of o) each(child, p);
    } else for (const k of Object.keys(o)) each((o as Obj)[k], childPath(path, k));
    return n;
  }

  private found(value: unknown, kind: FoundKind, path: string, line: number, end: number): number {
    this.out.push({ value, kind, path, line, lines: end - line + 1 });
    this.paths.found(path);
    return 1;
  }
}
