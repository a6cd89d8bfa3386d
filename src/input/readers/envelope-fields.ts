// The envelope field table (docs/formats.md §2): a parsed envelope → a Frame; used by envelope and JSON readers.
import type { Frame, HttpInfo } from '../../types.js';
import { envelopeDirection } from '../shared/direction.js';
import {
  compactFrame,
  cutLineFrame,
  errorFrame,
  eventFrame,
  logFrame,
  normaliseEventName,
  textFrame,
  utf8Length,
  valueFrame,
  type FrameContext,
  type Position,
} from '../lines/frames.js';
import { envelopeTime, type ClockTimeline } from '../shared/time.js';
import { isBlank, type Line } from '../lines/lines.js';
import { compactMember } from '../json/compact-span.js';
import { isPlainObject, setOwn } from '../../util/own.js';

/** Keys read for each field; the first one present (and not null) wins. */
export const TIME_KEYS = ['ts', 'timestamp', 'time'] as const;
export const DIR_KEYS = ['dir', 'direction', 'from', 'src'] as const;
export const MESSAGE_KEYS = ['message', 'msg', 'payload', 'data', 'json', 'line', 'raw'] as const;
export const SESSION_KEYS = ['session', 'session_id', 'sessionId'] as const;
const EVENT_KEY = 'event';
/** The HTTP exchange that carried the record (`Frame.http`), as `mcptrace proxy --out` writes it. */
const HTTP_KEY = 'http';
/** Why the capture writer found the record broken (a body cut short, not decoded): read as an invalid record. */
const INVALID_KEY = 'invalid';
/**
 * The `dir` of a line of the server's stderr (`wrap` records it beside the wire lines): never on the wire, so its line
 * is a log line of the server, not a message.
 */
const STDERR_DIR = 'stderr';
/** A record of a line of the server's stderr: `dir` STDERR_DIR, its text a string, no event. */
export function isStderrEnvelope(o: Obj): boolean {
  const dirKey = firstKey(o, DIR_KEYS);
  const msgKey = firstKey(o, MESSAGE_KEYS);
  return (
    dirKey !== undefined &&
    o[dirKey] === STDERR_DIR &&
    msgKey !== undefined &&
    typeof o[msgKey] === 'string' &&
    (o[EVENT_KEY] === undefined || o[EVENT_KEY] === null)
  );
}

/** Keys that make an object an envelope (when it has no `jsonrpc`). */
export const ENVELOPE_KEYS: readonly string[] = [...MESSAGE_KEYS, EVENT_KEY];

const hasOwn = Object.hasOwn;
type Obj = Record<string, unknown>;

/** An envelope: an object with an envelope key and no `jsonrpc` (a JSON-RPC message is never one). */
export function isEnvelope(v: unknown): v is Obj {
  if (!isPlainObject(v) || hasOwn(v, 'jsonrpc')) return false;
  for (const k of ENVELOPE_KEYS) if (hasOwn(v, k)) return true;
  return false;
}

/** Top-level keys that mark a bare JSON-RPC message. */
export const MESSAGE_MARK_KEYS = ['jsonrpc', 'method', 'id', 'result', 'error'] as const;

function firstKey(o: Obj, keys: readonly string[]): string | undefined {
  for (const k of keys) if (hasOwn(o, k) && o[k] !== null && o[k] !== undefined) return k;
  return undefined;
}

/**
 * Whether an envelope holds a blank wire line (`"line": ""`, as `wrap` captures an empty line a server printed): no
 * message, skipped as a blank line of raw NDJSON is, not an invalid one. A line the capture cut is not blank.
 */
export function isBlankLineEnvelope(o: Obj): boolean {
  // An HTTP exchange with an empty body still tells its status; it is not a blank line.
  if (hasOwn(o, EVENT_KEY) || hasOwn(o, HTTP_KEY) || o[TRUNCATED_KEY] === true) return false;
  // (A blank line of the server's stderr is skipped as well: its reader ends the run of stderr lines there.)
  const msgKey = firstKey(o, MESSAGE_KEYS);
  return msgKey !== undefined && typeof o[msgKey] === 'string' && isBlank(o[msgKey] as string);
}

/**
 * Maps one envelope to a frame. `raw` gives the record's text for error frames (the line as logged, or the
 * element re-serialised for JSON documents). An `event` makes a transport event whose data is every other
 * key except the ones read for time, direction and session; `event: "message"` with a message key is read as
 * that message (the SSE spelling). A message given as a string is wire text; as an object or array, a value. A
 * `dir` of `stderr` (STDERR_DIR) makes its string a log line of the server. `line`: the line `o` was parsed from,
 * when it is one, from which a message given as an object is copied when it is written there as JSON.stringify would.
 */
export function envelopeToFrame(o: Obj, at: Position, raw: () => string, clock: ClockTimeline, line?: Line): Frame {
  const timeKey = firstKey(o, TIME_KEYS);
  const dirKey = firstKey(o, DIR_KEYS);
  const sessionKey = firstKey(o, SESSION_KEYS);
  const msgKey = firstKey(o, MESSAGE_KEYS);
  const session = sessionKey === undefined ? null : sessionValue(o[sessionKey]);
  const ctx: FrameContext = {
    time: timeKey === undefined ? undefined : envelopeTime(o[timeKey], clock),
    dir: dirKey === undefined ? 'unknown' : envelopeDirection(o[dirKey]),
    session,
  };
  if (isStderrEnvelope(o)) return logFrame(at, null, o[msgKey!] as string, ctx);
  const http = httpInfo(o[HTTP_KEY]);
  const ev = o[EVENT_KEY];
  const isMessageEvent = typeof ev === 'string' && ev.trim().toLowerCase() === 'message' && msgKey !== undefined;
  if (hasOwn(o, EVENT_KEY) && ev !== null && !isMessageEvent) {
    if (typeof ev !== 'string' || ev.trim() === '') {
      return errorFrame(at, raw(), `envelope "event" must be a non-empty string, not ${describe(ev)}`, ctx);
    }
    const data: Obj = {};
    let any = false;
    for (const k of Object.keys(o)) {
      if (
        k === EVENT_KEY ||
        k === timeKey ||
        k === dirKey ||
        k === sessionKey ||
        (k === HTTP_KEY && http !== undefined)
      )
        continue;
      setOwn(data, k, o[k]);
      any = true;
    }
    return withHttp(
      eventFrame(at, any ? { name: normaliseEventName(ev), data } : { name: normaliseEventName(ev) }, ctx),
      http,
    );
  }
  if (msgKey === undefined) {
    return errorFrame(at, raw(), `envelope has no message (${MESSAGE_KEYS.join(', ')}) and no event`, ctx);
  }
  const m = o[msgKey];
  if (typeof m === 'string') {
    // A capture's cut line (wrap --max-line): not a message that failed to parse, a message only partly kept.
    if (o[TRUNCATED_KEY] === true) return withHttp(cutLineFrame(at, m, wholeBytes(o[BYTES_KEY]), ctx), http);
    const invalid = o[INVALID_KEY];
    if (typeof invalid === 'string' && invalid !== '') return withHttp(errorFrame(at, m, invalid, ctx), http);
    return withHttp(textFrame(at, m, utf8Length(m), ctx), http);
  }
  if (typeof m === 'object') return withHttp(objectFrame(at, m!, msgKey, line, ctx), http);
  return errorFrame(at, raw(), `envelope "${msgKey}" must be a JSON object, array or string, not ${describe(m)}`, ctx);
}

/**
 * The frame of a message given as an object: its JSON copied from the line when the line writes it in compact form (as
 * `wrap`-style writers do: JSON.stringify of the envelope), else serialised. Copying costs a walk over the text about
 * as long as JSON.stringify takes, once, and keeps a slice of the line instead of a new string.
 */
function objectFrame(at: Position, m: object, key: string, line: Line | undefined, ctx: FrameContext): Frame {
  const json = line === undefined ? null : compactMember(line.text, key);
  if (json === null) return valueFrame(at, m, ctx);
  // An ASCII line's slices are ASCII: a character a byte. Other text is measured (and, not being from UTF-8 maybe,
  // checked for a lone surrogate, which JSON.stringify would have escaped).
  if (line!.bytes === line!.text.length) return compactFrame(at, m, json, json.length, ctx);
  return LONE_SURROGATE.test(json) ? valueFrame(at, m, ctx) : compactFrame(at, m, json, utf8Length(json), ctx);
}

const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Marks of a line a capture cut (`wrap --max-line`): `"truncated":true` and the line's true size in `bytes`. */
const TRUNCATED_KEY = 'truncated';
const BYTES_KEY = 'bytes';

/**
 * An `http` value with the shape of `HttpInfo` (docs/reference/record.md), else undefined: anything else under
 * that key is left alone (an event keeps it as data).
 */
function httpInfo(v: unknown): HttpInfo | undefined {
  if (!isPlainObject(v)) return undefined;
  const { method, path, status, contentType, stream, eventId, conn, exchange } = v as Record<string, unknown>;
  if (typeof method !== 'string' || typeof path !== 'string' || typeof conn !== 'string') return undefined;
  if (status !== null && !(typeof status === 'number' && Number.isInteger(status))) return undefined;
  if (contentType !== null && typeof contentType !== 'string') return undefined;
  if (stream !== null && stream !== 'post' && stream !== 'get') return undefined;
  if (eventId !== null && typeof eventId !== 'string') return undefined;
  // The exchange number and the request's MCP headers: absent (null) in a capture that did not write them.
  const o = v as Record<string, unknown>;
  const text = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : null);
  const info: HttpInfo = {
    method,
    path,
    status,
    contentType,
    stream,
    eventId,
    conn,
    exchange: typeof exchange === 'number' && Number.isSafeInteger(exchange) ? exchange : null,
    protocolVersion: text('protocolVersion'),
    sessionId: text('sessionId'),
    accept: text('accept'),
    lastEventId: text('lastEventId'),
  };
  // The 2026-07-28 headers: kept when present and of their type, else left out as a capture without them has them.
  for (const k of ['mcpMethod', 'mcpName', 'answerSessionId'] as const)
    if (typeof o[k] === 'string') info[k] = o[k] as string;
  const params = o.mcpParams;
  if (isPlainObject(params) && Object.values(params).every((p) => typeof p === 'string'))
    info.mcpParams = { ...(params as Record<string, string>) };
  if (o.afterClientClose === true) info.afterClientClose = true;
  const conflict = o.lengthConflict;
  if (isPlainObject(conflict)) {
    const { transferEncoding: te, contentLength: cl, readAs } = conflict as Record<string, unknown>;
    if (
      typeof te === 'string' &&
      (cl === null || typeof cl === 'string') &&
      (readAs === 'chunked' || readAs === 'unknown')
    )
      info.lengthConflict = { transferEncoding: te, contentLength: cl, readAs };
  }
  return info;
}

function withHttp(f: Frame, http: HttpInfo | undefined): Frame {
  if (http !== undefined) f.http = http;
  return f;
}

function wholeBytes(v: unknown): number | null {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;
}

function sessionValue(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? null;
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
