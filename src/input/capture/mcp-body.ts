// What an HTTP body says about MCP: a JSON-RPC message or batch, an initialize request.
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
