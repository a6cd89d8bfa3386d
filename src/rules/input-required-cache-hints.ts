// Rule input-required-cache-hints: caching hints on an `input_required` result, which the spec says carries none.
import { MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Data {
  method: string;
  fields: string[];
}

export const inputRequiredCacheHints: Rule<Data> = {
  meta: {
    id: 'input-required-cache-hints',
    severity: 'info',
    description:
      'An `input_required` result with `ttlMs` or `cacheScope`: server/utilities/caching.mdx says such results "carry no caching hints" (they are no answer to cache, and the retry\'s result MUST NOT be cached). The schema does not forbid the fields, so this is information only (spec-2026-07-28 §6 rule 20): a client must not cache the result whatever they say.',
    specUrl: MODERN_SPEC.caching,
    revisions: MODERN_REVISIONS,
  },
  message: (d) =>
    `input_required result of ${d.method} carries ${d.fields.join(' and ')}; an input_required result carries no caching hints`,
  on: { kinds: ['response'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'response' || !isModernRecord(record)) return undefined;
    const result = resultOf(record);
    if (result?.resultType !== 'input_required') return undefined;
    const fields = ['ttlMs', 'cacheScope'].filter((f) => Object.hasOwn(result, f));
    return fields.length === 0 ? undefined : [{ method: record.method ?? '?', fields }];
  },
};
