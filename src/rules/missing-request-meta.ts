// Rule missing-request-meta: a modern request without the per-request `_meta` envelope it must carry.
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { envelopeOf } from '../session/era.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Data {
  missing: string[];
}

export const missingRequestMeta: Rule<Data> = {
  meta: {
    id: 'missing-request-meta',
    severity: 'error',
    description:
      'From 2026-07-28 every client request carries its protocol version and client capabilities in `params._meta`: `io.modelcontextprotocol/protocolVersion` (a string) and `io.modelcontextprotocol/clientCapabilities` (an object) are required (basic/index.mdx §_meta; schema `RequestMetaObject`), and a server MUST reject a request without them with -32602. Reported on a request of a modern exchange (its own claim, or the connection\'s era when it makes none) that lacks either.',
    specUrl: MODERN_SPEC.meta,
    revisions: MODERN_REVISIONS,
  },
  message: (d) => `modern request without ${d.missing.map((k) => `params._meta["${k}"]`).join(' and ')}`,
  on: { kinds: ['request'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'request' || record.dir === 's2c' || !isModernRecord(record)) return undefined;
    const meta = envelopeOf(record.message);
    const missing: string[] = [];
    if (typeof meta?.[META.protocolVersion] !== 'string' && meta?.[META.protocolVersion] === undefined) missing.push(META.protocolVersion);
    if (obj(meta?.[META.clientCapabilities]) === null) missing.push(META.clientCapabilities);
    return missing.length === 0 ? undefined : [{ missing }];
  },
};
