// Rule missing-result-type: a result to a modern request without `resultType`.
import { isModernRecord, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import { MODERN_REVISIONS } from '../protocol/modern.js';
import type { Rule } from './types.js';

export const missingResultType: Rule<{ method: string }> = {
  meta: {
    id: 'missing-result-type',
    severity: 'error',
    summary: 'A 2026-07-28 result without resultType.',
    specUrl: MODERN_SPEC.resultType,
    revisions: MODERN_REVISIONS,
  },
  message: 'result of {method} has no resultType',
  on: { kinds: ['response'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'response' || record.dir === 'c2s' || !isModernRecord(record) || record.pair === null)
      return undefined;
    const result = resultOf(record);
    return result !== null && !Object.hasOwn(result, 'resultType') ? [{ method: record.method ?? '?' }] : undefined;
  },
};
