// Whether an HTTP exchange is 2026-07-28 ("modern") by what its own request claims: the HTTP rules' local era test.
import { isModernVersion as isModernRevision } from '../../protocol/modern.js';
import { claimedVersion } from '../../session/era.js';
import type { PipelineRecord } from '../../types.js';
import { addRecent } from './flow-memory.js';

/** Exchanges remembered per session as modern, for the records of their answers. */
const EXCHANGES_KEPT = 1024;

/** A header's version string naming 2026-07-28 or later (surrounding whitespace allowed, as a header value may carry). */
export function isModernVersion(v: string | null): boolean {
  return v !== null && isModernRevision(v.trim());
}

/** The request's `params._meta["io.modelcontextprotocol/protocolVersion"]` when present, else undefined (any JSON value). */
export function metaVersion(record: PipelineRecord): unknown {
  return record.kind === 'request' || record.kind === 'notification' ? claimedVersion(record.message) : undefined;
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
  if (record.dir === 'c2s' && x !== null && metaVersion(record) !== undefined) addRecent(claimed, x, EXCHANGES_KEPT);
  return isModernVersion(h.protocolVersion) || (x !== null && claimed.has(x));
}
