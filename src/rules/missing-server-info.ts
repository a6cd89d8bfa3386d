// Rule missing-server-info: a result to a modern request whose `_meta` does not name the server software (SHOULD).
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord, obj, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const missingServerInfo: Rule<{ method: string }> = {
  meta: {
    id: 'missing-server-info',
    severity: 'warning',
    description:
      'A server\'s result to a 2026-07-28 request without `result._meta["io.modelcontextprotocol/serverInfo"]`: "Servers SHOULD include this field on every response unless specifically configured not to do so" (schema `ResultMetaObject`). Only a warning: the field is optional and a server may be configured to leave it out. Reported on results (complete and `input_required`); a JSON-RPC error has no result `_meta` to carry it.',
    specUrl: MODERN_SPEC.meta,
    revisions: MODERN_REVISIONS,
  },
  message: (d) =>
    `result of ${d.method} without _meta["${META.serverInfo}"] (servers SHOULD send it on every response)`,
  on: { kinds: ['response'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'response' || record.dir === 'c2s' || !isModernRecord(record) || record.pair === null)
      return undefined;
    const result = resultOf(record);
    return result !== null && obj(obj(result._meta)?.[META.serverInfo]) === null
      ? [{ method: record.method ?? '?' }]
      : undefined;
  },
};
