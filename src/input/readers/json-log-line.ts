// A structured log line (pino, bunyan, winston, structlog …) among envelopes: JSON that looks like an envelope but is none.
import { DIR_KEYS, MESSAGE_KEYS } from './envelope-fields.js';
import { isTextLine } from '../lines/text-line.js';
import { isPlainMessage } from '../json/json-find.js';
import { isPlainObject } from '../../util/own.js';

/** Fields only a capture's envelope has: a direction, an event, an HTTP exchange, what the capture found broken. */
const CAPTURE_KEYS: readonly string[] = [...DIR_KEYS, 'event', 'http', 'invalid', 'truncated'];

/** The object names a field only a capture's envelope has (`dir`, `event`, `http` …): it is one, whole or broken. */
export function namesCaptureField(o: Record<string, unknown>): boolean {
  for (const k of CAPTURE_KEYS)
    if (Object.hasOwn(o, k) && o[k] !== null && !(k === 'event' && isLogEvent(o))) return true;
  return false;
}

/** Fields of a capture's envelope beside which `event` is always a transport event. */
const WIRE_KEYS: readonly string[] = [...DIR_KEYS, 'http', 'invalid', 'truncated'];

/**
 * A JSON log record whose `event` is its message text, not a capture's transport event: structlog's
 * `{"event": "Server started", "level": "info", "timestamp": "…"}`, a logger's `{"ts":…,"level":"info","event":"server.started"}`.
 * Its `event` is a string beside a log level, and no direction, HTTP exchange or capture mark says it is a capture's
 * (a capture's event record has its time and name and data, never a level).
 */
export function isLogEvent(o: Record<string, unknown>): boolean {
  if (typeof o.event !== 'string' || !Object.hasOwn(o, 'event') || recordLevel(o) === null) return false;
  for (const k of WIRE_KEYS) if (Object.hasOwn(o, k) && o[k] !== null) return false;
  return true;
}

/** pino's and bunyan's numeric levels (10 trace … 60 fatal). */
const NUMERIC_LEVELS: Readonly<Record<number, string>> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/**
 * The level of a JSON log line (a string, or a pino number; null without one) when `o` is one, else undefined. Such a
 * line (`{"level":30,"time":…,"msg":"listen stream open"}`: a server's stderr appended to a capture) has the keys
 * of an envelope's time and message, but it names no direction, event or HTTP exchange, and its message is no
 * message: readable text (text-line.ts), text that does not open as JSON (`"msg":"8080"`), or JSON that is no
 * JSON-RPC message (`"data":{"port":3001}`). It was never on the wire, so it is a log line.
 */
export function jsonLogLevel(o: Record<string, unknown>): string | null | undefined {
  if (namesCaptureField(o)) return undefined;
  const key = MESSAGE_KEYS.find((k) => Object.hasOwn(o, k) && o[k] !== null);
  if (key === undefined) return undefined;
  const m = o[key];
  const noMessage =
    typeof m === 'string'
      ? isTextLine(m) || !/^\s*[[{]/.test(m)
      : Array.isArray(m)
        ? !(m.length > 0 && m.every((x) => isPlainObject(x) && isPlainMessage(x)))
        : !isPlainObject(m) || !isPlainMessage(m);
  return noMessage ? recordLevel(o) : undefined;
}

/** Keys a JSON log record keeps its level under (pino and bunyan as a number, .NET's JSON console as `LogLevel`). */
const LEVEL_KEYS = ['level', 'severity', 'LogLevel', 'lvl'] as const;

/** The level of a JSON log record (a string, or pino's number), else null. */
export function recordLevel(o: Record<string, unknown>): string | null {
  for (const k of LEVEL_KEYS) {
    if (!Object.hasOwn(o, k) || o[k] === null) continue;
    const v = o[k];
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return NUMERIC_LEVELS[v] ?? String(v);
  }
  return null;
}
