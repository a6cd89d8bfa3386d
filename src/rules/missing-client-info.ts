// Rule missing-client-info: a modern request whose `_meta` does not name the client software (SHOULD).
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { envelopeOf } from '../session/era.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const missingClientInfo: Rule<{ method: string }> = {
  meta: {
    id: 'missing-client-info',
    severity: 'warning',
    description:
      'A 2026-07-28 request without `params._meta["io.modelcontextprotocol/clientInfo"]`: "Clients SHOULD include this field on every request unless specifically configured not to do so" (schema `RequestMetaObject`). Only a warning: the field is optional, a client may be configured to leave it out, and a server MUST NOT require it. Reported on a client request of a modern exchange.',
    specUrl: MODERN_SPEC.meta,
    revisions: MODERN_REVISIONS,
  },
  message: (d) => `modern request ${d.method} without params._meta["${META.clientInfo}"] (clients SHOULD send it on every request)`,
  on: { kinds: ['request'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'request' || record.dir === 's2c' || !isModernRecord(record)) return undefined;
    return obj(envelopeOf(record.message)?.[META.clientInfo]) === null ? [{ method: record.method ?? '?' }] : undefined;
  },
};
