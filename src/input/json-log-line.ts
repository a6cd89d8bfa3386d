// A structured log line (pino, bunyan, winston, structlog …) among envelopes: JSON that looks like an envelope but is none.
import { DIR_KEYS, MESSAGE_KEYS } from './envelope-fields.js';
import { isTextLine } from './text-line.js';

/** pino's and bunyan's numeric levels (10 trace … 60 fatal). */
const NUMERIC_LEVELS: Readonly<Record<number, string>> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * The level of a JSON log line (a string, or a pino number; null without one) when `o` is one, else undefined. Such a
 * line (`{"level":30,"time":…,"msg":"listen stream open"}`: a server's stderr appended to a capture) has the keys
 * of an envelope's time and message, but it names no direction, event or HTTP exchange, and its message is readable
 * text (text-line.ts), which no wire line holding JSON-RPC is: it was never on the wire, so it is a log line.
 */
export function jsonLogLevel(o: Record<string, unknown>): string | null | undefined {
  for (const k of [...DIR_KEYS, 'event', 'http', 'invalid', 'truncated']) if (Object.hasOwn(o, k) && o[k] !== null) return undefined;
  const key = MESSAGE_KEYS.find((k) => Object.hasOwn(o, k) && o[k] !== null);
  const m = key === undefined ? undefined : o[key];
  if (typeof m !== 'string' || !isTextLine(m)) return undefined;
  const level = o.level ?? o.severity;
  if (typeof level === 'string') return level;
  return typeof level === 'number' ? (NUMERIC_LEVELS[level] ?? String(level)) : null;
}
