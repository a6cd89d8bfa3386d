// Rule initialize-not-first: messages of the session came before its initialize request.
import { counted } from './message.js';
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
  /** `2 messages` */
  count: string;
  firstSeq: RecordRef;
  /** `c2s request tools/list` */
  first: string;
}

export const initializeNotFirst: Rule<Data, State> = {
  meta: {
    id: 'initialize-not-first',
    severity: 'error',
    summary: 'Messages of the session came before its initialize request.',
    specUrl: `${SPEC.lifecycle}#initialization`,
    revisions: 'all',
  },
  message: 'initialize is not the first message of its session: {count} came before it, first #{firstSeq} ({first})',
  createState: () => ({ before: 0, first: null }),
  on: { kinds: ['request', 'response', 'error', 'notification'] },
  check: ({ record, facts, state }) => {
    const isInitialize = record.kind === 'request' && record.method === 'initialize';
    if (isInitialize && facts.messagesBeforeInitialize && state.first) {
      const f = state.first;
      return [
        {
          count: counted(state.before, 'message'),
          firstSeq: ref(f.seq),
          first: `${f.dir} ${f.kind}${f.method ? ` ${f.method}` : ''}`,
        },
      ];
    }
    if (record.kind !== 'event' && record.kind !== 'invalid') {
      state.before++;
      state.first ??= { seq: record.seq, dir: record.dir, method: record.method, kind: record.kind };
    }
    return undefined;
  },
};
