// Rule missing-request-meta: a modern request without the per-request `_meta` envelope it must carry, or served anyway.
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { claimedVersion, envelopeOf } from '../session/era.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** JSON-RPC "Invalid params": the answer to a request without its envelope (basic/index.mdx §_meta), on HTTP 400. */
const INVALID_PARAMS = -32602;

type Data =
  | { answer: 'missing' /** `params._meta["…"] and params._meta["…"]` */; missing: string }
  /** The server's answer to a claiming request without its envelope: `served` a result, or an error of another code or status. */
  | { answer: 'served' | 'code' | 'status'; method: string; found: string };

/** The keys of the envelope `message` lacks (empty: none). */
function missingOf(message: unknown): string[] {
  const meta = envelopeOf(message);
  const missing: string[] = [];
  if (meta?.[META.protocolVersion] === undefined) missing.push(META.protocolVersion);
  if (obj(meta?.[META.clientCapabilities]) === null) missing.push(META.clientCapabilities);
  return missing;
}

export const missingRequestMeta: Rule<Data> = {
  meta: {
    id: 'missing-request-meta',
    severity: 'error',
    summary: 'A 2026-07-28 client request without its protocol version or client capabilities in params._meta.',
    specUrl: MODERN_SPEC.meta,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'answer',
    templates: {
      missing: 'modern request without {missing}',
      served: 'the server served {method} though its request lacks the _meta envelope; it must reject it with -32602',
      code: '{method} without its _meta envelope answered with {found}; a server rejects it with -32602',
      status: '{method} without its _meta envelope rejected on HTTP {found}; the -32602 goes on HTTP 400',
    },
  },
  on: { kinds: ['request', 'response', 'error'], body: true },
  check: ({ record, facts }) => {
    if (!isModernRecord(record)) return undefined;
    if (record.kind === 'request') {
      if (record.dir === 's2c') return undefined;
      const missing = missingOf(record.message);
      return missing.length === 0
        ? undefined
        : [{ answer: 'missing', missing: missing.map((k) => `params._meta["${k}"]`).join(' and ') }];
    }
    const p = facts.request;
    if (!p || p.dir === 's2c' || claimedVersion(p.message) === undefined || missingOf(p.message).length === 0)
      return undefined;
    if (record.kind === 'response') return [{ answer: 'served', method: p.method, found: '' }];
    const code = obj(obj(record.message)?.error)?.code;
    if (code !== INVALID_PARAMS)
      return [{ answer: 'code', method: p.method, found: JSON.stringify(code) ?? 'no code' }];
    const status = record.http?.status;
    return status !== undefined && status !== null && status !== 400
      ? [{ answer: 'status', method: p.method, found: String(status) }]
      : undefined;
  },
};
