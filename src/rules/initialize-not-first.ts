// Rule initialize-not-first: messages of the session came before its initialize request.
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

interface State {
  /** JSON-RPC messages (not events, not unreadable lines) seen so far in the session. */
  before: number;
  /** The first of them. */
  first: { seq: number; dir: string; method: string | null; kind: string } | null;
}

interface Data {
  count: number;
  first: Omit<NonNullable<State['first']>, 'seq'> & { seq: RecordRef };
}

export const initializeNotFirst: Rule<Data, State> = {
  meta: {
    id: 'initialize-not-first',
    severity: 'error',
    summary: 'Messages of the session came before its initialize request.',
    specUrl: `${SPEC.lifecycle}#initialization`,
    revisions: 'all',
  },
  message: (d) =>
    `initialize is not the first message of its session: ${d.count} message${d.count === 1 ? '' : 's'} came before it, first #${d.first.seq} (${d.first.dir} ${d.first.kind}${d.first.method ? ` ${d.first.method}` : ''})`,
  createState: () => ({ before: 0, first: null }),
  on: { kinds: ['request', 'response', 'error', 'notification'] },
  check: ({ record, facts, state }) => {
    const isInitialize = record.kind === 'request' && record.method === 'initialize';
    if (isInitialize && facts.messagesBeforeInitialize && state.first) {
      return [{ count: state.before, first: { ...state.first, seq: ref(state.first.seq) } }];
    }
    if (record.kind !== 'event' && record.kind !== 'invalid') {
      state.before++;
      state.first ??= { seq: record.seq, dir: record.dir, method: record.method, kind: record.kind };
    }
    return undefined;
  },
};
