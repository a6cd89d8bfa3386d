// The key a request is matched by: its method and its params with the volatile parts set aside (volatile.ts), as JSON
// with members in sorted order, so that two requests that ask the same thing have the same key.
import stringify from 'safe-stable-stringify';
import { HANDSHAKE_METHODS, VOLATILE_PARAMS } from './volatile.js';

/** `method` and the canonical JSON of `params` without its volatile members (`{}` when none is left); the handshake's method alone. */
export function requestKey(method: string, params: unknown): string {
  if (HANDSHAKE_METHODS.includes(method)) return method;
  return `${method} ${stringify(stable(params)) ?? '{}'}`;
}

/** `params` without its volatile members, or undefined when none is left. */
export function stable(params: unknown): unknown {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return params;
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
    if (VOLATILE_PARAMS.includes(k)) continue;
    out[k] = v;
    any = true;
  }
  return any ? out : undefined;
}
