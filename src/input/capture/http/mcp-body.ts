// What an HTTP body says about MCP: a JSON-RPC message or batch, an initialize request, a 2026-07-28 claim.
import { META } from '../../../protocol/modern.js';
import { nestedDeeper } from '../../shared/depth.js';

/** The body parsed, or undefined when it is not JSON (or nests too deep to walk: decode reports it). */
export function parse(text: string): unknown {
  if (nestedDeeper(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isMessage(v: unknown): boolean {
  return (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    ('jsonrpc' in v || 'method' in v || 'result' in v || 'error' in v)
  );
}

/** A JSON-RPC message or batch: what makes a POST body MCP traffic. */
export function looksJsonRpc(v: unknown): boolean {
  return Array.isArray(v) ? v.some(isMessage) : isMessage(v);
}

/**
 * A JSON-RPC message or batch by its `jsonrpc` member: what makes an answer MCP when nothing else of its exchange did
 * (an API's `{"error": …}` does not).
 */
export function namesJsonRpc(v: unknown): boolean {
  const named = (m: unknown) => isMessage(m) && 'jsonrpc' in (m as object);
  return Array.isArray(v) ? v.some(named) : named(v);
}

/** A message whose `params._meta` has the 2026-07-28 protocol-version key: it claims that revision, and has no session. */
export function claimsModern(v: unknown): boolean {
  if (!isMessage(v)) return false;
  const meta = ((v as { params?: { _meta?: unknown } }).params as { _meta?: unknown } | undefined)?._meta;
  return typeof meta === 'object' && meta !== null && Object.hasOwn(meta, META.protocolVersion);
}

/** An `initialize` request (not in a batch: basic/lifecycle.mdx forbids it there from 2025-06-18 on). */
export function isInitialize(v: unknown): boolean {
  return isMessage(v) && (v as { method?: unknown }).method === 'initialize' && 'id' in (v as object);
}

/** The id of a request (a message with a method and a string or number id), else null. */
export function requestId(v: unknown): string | number | null {
  if (!isMessage(v) || typeof (v as { method?: unknown }).method !== 'string') return null;
  const id = (v as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
