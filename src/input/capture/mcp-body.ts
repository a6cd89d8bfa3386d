// What an HTTP body or target says about MCP: a JSON-RPC message or batch, an initialize request, a legacy session.
import { LEGACY_SESSION_PARAMS } from '../../protocol/http-transport.js';
import { nestedDeeper } from '../depth.js';

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
  return v !== null && typeof v === 'object' && !Array.isArray(v) && ('jsonrpc' in v || 'method' in v || 'result' in v || 'error' in v);
}

/** A JSON-RPC message or batch: what makes a POST body MCP traffic. */
export function looksJsonRpc(v: unknown): boolean {
  return Array.isArray(v) ? v.some(isMessage) : isMessage(v);
}

/** An `initialize` request (not in a batch: basic/lifecycle.mdx forbids it there from 2025-06-18 on). */
export function isInitialize(v: unknown): boolean {
  return isMessage(v) && (v as { method?: unknown }).method === 'initialize' && 'id' in (v as object);
}

/** The session query parameter of a legacy HTTP+SSE endpoint (`/messages?sessionId=…`, `/messages/?session_id=…`), else null. */
export function legacySession(target: string): string | null {
  const q = target.indexOf('?');
  if (q < 0) return null;
  const query = new URLSearchParams(target.slice(q + 1));
  for (const name of LEGACY_SESSION_PARAMS) {
    const id = query.get(name);
    if (id !== null) return id;
  }
  return null;
}
