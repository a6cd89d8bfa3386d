// Rule missing-server-info: a result to a modern request whose `_meta` does not name the server software (SHOULD).
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord, obj, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const missingServerInfo: Rule<{ method: string }> = {
  meta: {
    id: 'missing-server-info',
    severity: 'warning',
    summary: 'A server result to a 2026-07-28 request without the serverInfo entry in its result._meta.',
    specUrl: MODERN_SPEC.meta,
    revisions: MODERN_REVISIONS,
  },
  message: `result of {method} without _meta["${META.serverInfo}"] (servers SHOULD send it on every response)`,
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
