// Rule duplicate-request-id: a sender reuses the id of one of its earlier requests in the same session.
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { evictOldest } from '../util/oldest.js';
import { isModernVersion } from '../protocol/modern.js';
import { SPEC } from './spec-urls.js';

/** Ids remembered per sender per session; the oldest are forgotten past this bound. */
export const USED_ID_LIMIT = 100_000;

type Earlier = 'open' | 'answered' | 'closed';

interface Data {
  id: string;
  previousSeq: RecordRef;
  earlier: Earlier;
}

/**
 * Per sender: the ids it used (the id itself as the key: a Map tells `1` from `"1"`), oldest first, so the oldest can
 * be dropped (a Map keeps insertion order). The value packs the request's seq and whether it was answered
 * (`seq * 2 + answered`): a number, not an object, per id — a busy session remembers thousands of them.
 */
type State = Map<string, Map<string | number, number>>;

const usedSeq = (v: number) => Math.floor(v / 2);
const wasAnswered = (v: number) => v % 2 === 1;

export const duplicateRequestId: Rule<Data, State> = {
  meta: {
    id: 'duplicate-request-id',
    severity: 'error',
    summary: 'A sender reuses the id of one of its earlier requests in the same session.',
    specUrl: SPEC.requests,
    revisions: 'all',
  },
  message: {
    by: 'earlier',
    templates: {
      open: 'id {id} is already used by open request #{previousSeq} from the same sender',
      answered:
        'id {id} was already used by request #{previousSeq} from the same sender, answered earlier in this session',
      closed: 'id {id} was already used by request #{previousSeq} from the same sender earlier in this session',
    },
  },
  createState: () => new Map(),
  on: { kinds: ['request', 'response', 'error'] },
  check: ({ facts, record, state }) => {
    if ((record.kind === 'response' || record.kind === 'error') && facts.request) {
      const used = state.get(facts.request.dir);
      const v = used?.get(facts.request.id);
      if (v !== undefined && usedSeq(v) === facts.request.seq && !wasAnswered(v)) used!.set(facts.request.id, v + 1);
      return undefined;
    }
    if (record.kind !== 'request' || record.id === null) return undefined;
    let used = state.get(record.dir);
    if (!used) state.set(record.dir, (used = new Map()));
    const before = used.get(record.id);
    used.delete(record.id);
    used.set(record.id, record.seq * 2);
    if (used.size > USED_ID_LIMIT) evictOldest(used);
    if (facts.reusedOpenId)
      return [{ id: JSON.stringify(record.id), previousSeq: ref(facts.reusedOpenId.previousSeq), earlier: 'open' }];
    // A modern request may reuse the id of a completed one (2026-07-28 basic/index.mdx §Requests).
    if (isModernVersion(record.revision)) return undefined;
    // Ids are per requestor (basic/index.mdx §Requests): with the sender unknown, two sides' ids would collide.
    if (before === undefined || record.dir === 'unknown') return undefined;
    return [
      {
        id: JSON.stringify(record.id),
        previousSeq: ref(usedSeq(before)),
        earlier: wasAnswered(before) ? 'answered' : 'closed',
      },
    ];
  },
};
