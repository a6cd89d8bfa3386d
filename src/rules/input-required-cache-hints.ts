// Rule input-required-cache-hints: caching hints on an `input_required` result, which the spec says carries none.
import { MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Data {
  method: string;
  /** `ttlMs and cacheScope` … */
  fields: string;
}

export const inputRequiredCacheHints: Rule<Data> = {
  meta: {
    id: 'input-required-cache-hints',
    severity: 'info',
    summary: 'An input_required result carries caching hints (ttlMs or cacheScope), which it must not.',
    specUrl: MODERN_SPEC.caching,
    revisions: MODERN_REVISIONS,
  },
  message: 'input_required result of {method} carries {fields}; an input_required result carries no caching hints',
  on: { kinds: ['response'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'response' || !isModernRecord(record)) return undefined;
    const result = resultOf(record);
    if (result?.resultType !== 'input_required') return undefined;
    const fields = ['ttlMs', 'cacheScope'].filter((f) => Object.hasOwn(result, f));
    return fields.length === 0 ? undefined : [{ method: record.method ?? '?', fields: fields.join(' and ') }];
  },
};
