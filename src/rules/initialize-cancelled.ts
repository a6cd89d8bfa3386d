// Rule initialize-cancelled: the client sent notifications/cancelled for its initialize request.
import { paramsOf } from '../session/direction.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

interface State {
  /** The initialize request of the session: its sender and id, to recognise a cancel sent after it was answered. */
  initialize: { seq: number; dir: string; id: string | number } | null;
}

export const initializeCancelled: Rule<{ seq: RecordRef; answered: boolean }, State> = {
  meta: {
    id: 'initialize-cancelled',
    severity: 'error',
    summary: "A notifications/cancelled targets the session's initialize request, which must not be cancelled.",
    specUrl: `${SPEC.cancellation}#behavior-requirements`,
    revisions: 'all',
  },
  message: {
    by: 'answered',
    templates: {
      true: 'notifications/cancelled targets the initialize request #{seq} (already answered): initialize must not be cancelled',
      false: 'notifications/cancelled targets the initialize request #{seq}: initialize must not be cancelled',
    },
  },
  createState: () => ({ initialize: null }),
  on: { kinds: ['request', 'notification'], methods: ['initialize', 'notifications/cancelled'] },
  check: ({ record, facts, state }) => {
    if (record.kind === 'request' && record.method === 'initialize' && record.id !== null) {
      state.initialize = { seq: record.seq, dir: record.dir, id: record.id };
      return undefined;
    }
    if (record.kind !== 'notification' || record.method !== 'notifications/cancelled') return undefined;
    if (facts.cancelled)
      return facts.cancelled.method === 'initialize' ? [{ seq: ref(facts.cancelled.seq), answered: false }] : undefined;
    // No open request has that id: it may name the initialize request after its response (ids are never reused).
    const init = state.initialize;
    const rid = paramsOf(record.message)?.requestId;
    if (init && rid === init.id && (record.dir === init.dir || record.dir === 'unknown'))
      return [{ seq: ref(init.seq), answered: true }];
    return undefined;
  },
};
