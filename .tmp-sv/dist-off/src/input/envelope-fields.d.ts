import type { Frame } from '../types.js';
import { type Position } from './frames.js';
import { type ClockTimeline } from './time.js';
/** Keys read for each field; the first one present (and not null) wins. */
export declare const TIME_KEYS: readonly ['ts', 'timestamp', 'time'];
export declare const DIR_KEYS: readonly ['dir', 'direction', 'from', 'src'];
export declare const MESSAGE_KEYS: readonly ['message', 'msg', 'payload', 'data', 'json', 'line', 'raw'];
export declare const SESSION_KEYS: readonly ['session', 'session_id', 'sessionId'];
export declare const EVENT_KEY = "event";
/** Keys that make an object an envelope (when it has no `jsonrpc`). */
export declare const ENVELOPE_KEYS: readonly string[];
type Obj = Record<string, unknown>;
export declare function isPlainObject(v: unknown): v is Obj;
/** An envelope: an object with an envelope key and no `jsonrpc` (a JSON-RPC message is never one). */
export declare function isEnvelope(v: unknown): v is Obj;
/** Top-level keys that mark a bare JSON-RPC message. */
export declare const MESSAGE_MARK_KEYS: readonly ['jsonrpc', 'method', 'id', 'result', 'error'];
/** A bare JSON-RPC message rather than an envelope: it has `jsonrpc`, `method`, `id`, `result` or `error`. */
export declare function looksLikeMessage(v: Obj): boolean;
/**
 * Maps one envelope to a frame. `raw` gives the record's text for error frames (the line as logged, or the
 * element re-serialised for JSON documents). An `event` makes a transport event whose data is every other
 * key except the ones read for time, direction and session; `event: "message"` with a message key is read as
 * that message (the SSE spelling). A message given as a string is wire text; as an object or array, a value.
 */
export declare function envelopeToFrame(o: Obj, at: Position, raw: () => string, clock: ClockTimeline): Frame;
export declare function describe(v: unknown): string;
export {};
