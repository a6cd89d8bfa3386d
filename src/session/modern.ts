// What a modern (2026-07-28) message tells the session: discovery traffic, peers' identities, server capabilities.
import type { Decoded } from '../decode/decode.js';
import { META, MODERN_ERRORS } from '../protocol/modern.js';
import type { PipelineRecord } from '../types.js';
import { envelopeOf } from './era.js';
import type { SessionState } from './state.js';

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * Discovery traffic, the modern stand-in for a handshake (phase `initialization`, feature `discovery`): a
 * `server/discover` request and its answer, and a -32022 answer (a version the server does not support; the client
 * SHOULD retry with one of `data.supported`, basic/versioning.mdx). `method` is the request's method for an answer.
 */
export function isDiscovery(d: Decoded, method: string | null): boolean {
  if (method === 'server/discover') return true;
  return d.kind === 'error' && obj(obj(d.message)?.error)?.code === MODERN_ERRORS.unsupportedVersion;
}

/**
 * Peers and capabilities as a modern exchange tells them (basic/index.mdx §_meta): the client's identity from a
 * request's envelope (`clientInfo`, SHOULD on every request), the server's from a result's `_meta` serverInfo, and the
 * server's capabilities from the last `server/discover` result (the only place they are stated). Kept in the session
 * summary; a modern request's own client capabilities are never taken from an earlier request (capability.ts).
 */
export function readModernMeta(d: Decoded, s: SessionState, r: PipelineRecord): void {
  if (d.kind === 'request') {
    const info = obj(envelopeOf(d.message)?.[META.clientInfo]);
    if (info !== null) s.info.clientInfo = info as typeof s.info.clientInfo;
    return;
  }
  if (d.kind !== 'response') return;
  const result = obj(obj(d.message)?.result);
  const info = obj(obj(result?._meta)?.[META.serverInfo]);
  if (info !== null) s.info.serverInfo = info as typeof s.info.serverInfo;
  if (r.method === 'server/discover' && result !== null) s.info.serverCapabilities = obj(result.capabilities) ?? {};
}
