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
    description:
      'The request ID MUST NOT have been previously used by the requestor within the same session: a sender reuses the id of one of its requests, whether that request is still open or was already answered. From 2026-07-28 the rule follows the revision of the request: the id "MUST NOT match the ID of any other request the sender has issued and not yet received a response for" (basic/index.mdx §Requests), so only the id of a request still open counts (a `subscriptions/listen` is open until its stream ends), and reuse after completion is legal. The last 100,000 ids of each sender in each session are remembered; a reuse of an older id goes unnoticed.',
    specUrl: SPEC.requests,
    revisions: 'all',
  },
  message: (d) =>
    d.earlier === 'open'
      ? `id ${d.id} is already used by open request #${d.previousSeq} from the same sender`
      : d.earlier === 'answered'
        ? `id ${d.id} was already used by request #${d.previousSeq} from the same sender, answered earlier in this session`
        : `id ${d.id} was already used by request #${d.previousSeq} from the same sender earlier in this session`,
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
