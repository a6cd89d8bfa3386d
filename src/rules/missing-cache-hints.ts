// Rule missing-cache-hints: a complete result of a cacheable modern method without valid `ttlMs` and `cacheScope`.
import { MODERN_REVISIONS, modernMethod } from '../protocol/modern.js';
import { isModernRecord, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Data {
  method: string;
  problems: string;
}

export const missingCacheHints: Rule<Data> = {
  meta: {
    id: 'missing-cache-hints',
    severity: 'error',
    summary: 'A 2026-07-28 cacheable result without valid ttlMs and cacheScope caching hints.',
    specUrl: MODERN_SPEC.caching,
    revisions: MODERN_REVISIONS,
  },
  message: '{method} result: {problems}',
  on: { kinds: ['response'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'response' || record.method === null || !isModernRecord(record)) return undefined;
    if (modernMethod(record.method)?.cacheable !== true) return undefined;
    const result = resultOf(record);
    if (result === null || result.resultType === 'input_required') return undefined;
    const problems: string[] = [];
    const ttl = result.ttlMs;
    if (ttl === undefined) problems.push('no ttlMs');
    else if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0)
      problems.push(`ttlMs ${JSON.stringify(ttl)} is not an integer ≥ 0`);
    const scope = result.cacheScope;
    if (scope === undefined) problems.push('no cacheScope');
    else if (scope !== 'public' && scope !== 'private')
      problems.push(`cacheScope ${JSON.stringify(scope)} is not "public" or "private"`);
    return problems.length === 0 ? undefined : [{ method: record.method, problems: problems.join(', ') }];
  },
};
