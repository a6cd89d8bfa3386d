// Rule cache-scope-mismatch: the pages of one paginated list that do not all carry the same `cacheScope`.
import { MODERN_REVISIONS, modernMethod } from '../protocol/modern.js';
import { paramsOf } from '../session/direction.js';
import { isModernRecord, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';

interface Data {
  method: string;
  scope: string;
  firstScope: string;
  firstSeq: RecordRef;
}

/** The first page of a list walk: its scope and record. */
interface Walk {
  scope: string;
  seq: number;
}

/** Cursors handed out per session (method and cursor), each with its walk's first page; the oldest forgotten past this. */
const KEPT = 256;

export const cacheScopeMismatch: Rule<Data, Map<string, Walk>> = {
  meta: {
    id: 'cache-scope-mismatch',
    severity: 'error',
    summary: "A page of a paginated list whose cacheScope differs from the one of the list's first page.",
    specUrl: MODERN_SPEC.caching,
    revisions: MODERN_REVISIONS,
  },
  message:
    "{method} page with cacheScope {scope}, but the list's first page (#{firstSeq}) had {firstScope}; every page of a list carries the same cacheScope",
  createState: () => new Map(),
  on: { kinds: ['response'], body: true },
  check: ({ record, facts, state }) => {
    if (
      record.kind !== 'response' ||
      record.method === null ||
      !isModernRecord(record) ||
      modernMethod(record.method)?.cacheable !== true
    )
      return undefined;
    const result = resultOf(record);
    const scope = result?.cacheScope;
    if (result === null || result.resultType === 'input_required' || typeof scope !== 'string') return undefined;
    const cursor = paramsOf(facts.request?.message)?.cursor;
    const walk = typeof cursor === 'string' ? state.get(`${record.method}\0${cursor}`) : undefined;
    const next = result.nextCursor;
    if (typeof next === 'string') {
      state.set(`${record.method}\0${next}`, walk ?? { scope, seq: record.seq });
      if (state.size > KEPT) state.delete(state.keys().next().value!);
    }
    return walk !== undefined && walk.scope !== scope
      ? [
          {
            method: record.method,
            scope: JSON.stringify(scope),
            firstScope: JSON.stringify(walk.scope),
            firstSeq: ref(walk.seq),
          },
        ]
      : undefined;
  },
};
