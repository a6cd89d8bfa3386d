// Trace and span ids: read from a W3C `traceparent` when the message carries one, else derived from what the log
// says, so that exporting the same log twice gives the same ids (reproducible output, comparable exports).
import { createHash } from 'node:crypto';

/** A span's place in a trace, as ids in lowercase hex (32 and 16 digits). */
interface TraceContext {
  traceId: string;
  spanId: string;
  /** W3C trace flags (bit 0: sampled). */
  flags: number;
  /** The `tracestate` sent with the `traceparent`, when one was. */
  traceState?: string;
}

function digest(parts: readonly string[]): string {
  // NUL-separated so that ('a', 'bc') and ('ab', 'c') differ.
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

/**
 * A session's trace id: from the input it was read from, its key, and its first record's seq and time, so that
 * sessions keyed alike in different logs ("1" in two stdio captures) land in different traces.
 */
export function sessionTraceId(file: string, session: string, firstSeq: number, firstTs: string | null): string {
  return nonZero(digest(['trace', file, session, String(firstSeq), firstTs ?? '']).slice(0, 32));
}

/** A span's id: `seq` of the request or notification that opened it. */
export function spanIdFor(file: string, session: string, seq: number): string {
  return nonZero(digest(['span', file, session, String(seq)]).slice(0, 16));
}

/** A session span's id: `seq` of the session's first record (a key that comes back after its session was finished starts another). */
export function sessionSpanId(file: string, session: string, firstSeq: number): string {
  return nonZero(digest(['session', file, session, String(firstSeq)]).slice(0, 16));
}

/** All-zero ids are invalid (W3C Trace Context §3.2.2.3); a digest is that only by a 2^-64 chance, but never send one. */
function nonZero(hex: string): string {
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;

/**
 * The remote parent a message's `params._meta.traceparent` names (mcp.md "Context propagation"; W3C Trace Context
 * §3.2): null when absent or malformed, when the ids are all zeros, or for version `ff`. Later versions may append
 * fields, which are ignored.
 */
export function parseTraceparent(meta: unknown): TraceContext | null {
  if (meta === null || typeof meta !== 'object') return null;
  const header = (meta as Record<string, unknown>).traceparent;
  if (typeof header !== 'string') return null;
  const m = TRACEPARENT.exec(header.trim());
  if (!m) return null;
  const [, version, traceId, spanId, flags] = m as unknown as [string, string, string, string, string];
  if (version === 'ff' || (version === '00' && header.trim().length !== 55)) return null;
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return null;
  const state = (meta as Record<string, unknown>).tracestate;
  return {
    traceId,
    spanId,
    flags: parseInt(flags, 16),
    ...(typeof state === 'string' && state !== '' ? { traceState: state } : {}),
  };
}
