// Whether an HTTP exchange is 2026-07-28 ("modern") by what its own request claims: the HTTP rules' local era test.
import { VERSION_META } from '../../protocol/http-transport.js';
import type { PipelineRecord } from '../../types.js';

// basic/versioning.mdx: modern = 2026-07-28 and later. The TS SDK v2 compares version strings as text
// (`isModernProtocolVersion(v) = v >= "2026-07-28"`, core-internal/src/shared/protocolEras.ts); revisions are dates.
const FIRST_MODERN = '2026-07-28';
const DATE = /^\d{4}-\d{2}-\d{2}$/;


/** Exchanges remembered per session as modern, for the records of their answers. */
const EXCHANGES_KEPT = 1024;

/** A version string of 2026-07-28 or later. */
export function isModernVersion(v: string | null): boolean {
  if (v === null) return false;
  const t = v.trim();
  return DATE.test(t) && t >= FIRST_MODERN;
}

/** The request's `params._meta["io.modelcontextprotocol/protocolVersion"]` when present, else undefined (any JSON value). */
export function metaVersion(record: PipelineRecord): unknown {
  if (record.kind !== 'request' && record.kind !== 'notification') return undefined;
  const params = (record.message as { params?: unknown } | null)?.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null || !Object.hasOwn(meta, VERSION_META)) return undefined;
  return (meta as Record<string, unknown>)[VERSION_META];
}

/**
 * Whether `record` is of a modern exchange: its request carried `MCP-Protocol-Version` 2026-07-28 or later, or a body
 * whose `params._meta` has the protocol-version key. Every record of an exchange carries the request's headers; the
 * body's claim is kept in `claimed` (exchange numbers, the oldest forgotten past a bound) for the answer's records.
 */
export function modernRecord(record: PipelineRecord, claimed: Set<number>): boolean {
  const h = record.http;
  if (h === undefined) return false;
  const x = h.exchange;
  if (record.dir === 'c2s' && x !== null && metaVersion(record) !== undefined) {
    claimed.add(x);
    if (claimed.size > EXCHANGES_KEPT) claimed.delete(claimed.values().next().value!);
  }
  return isModernVersion(h.protocolVersion) || (x !== null && claimed.has(x));
}
