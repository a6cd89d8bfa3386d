// Rule request-before-initialize-response: the client sent a request other than ping while initialize was unanswered.
import { logs } from '../session/not-logged.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

/** Requests the client may send while `initialize` is unanswered (basic/lifecycle.mdx §Initialization). */
const ALLOWED = new Set(['ping']);

interface State {
  /** Seq of the initialize request still waiting for its response, else null. */
  waiting: number | null;
}

export const requestBeforeInitializeResponse: Rule<{ method: string; initializeSeq: RecordRef }, State> = {
  meta: {
    id: 'request-before-initialize-response',
    severity: 'warning',
    summary: 'The client sent a request other than ping before the server answered initialize.',
    specUrl: `${SPEC.lifecycle}#initialization`,
    revisions: 'all',
    needs: ['server:answers'],
  },
  message:
    'client sent {method} before the server answered initialize (#{initializeSeq}): only ping may come before the response',
  createState: () => ({ waiting: null }),
  on: { kinds: ['request', 'response', 'error'] },
  check: ({ record, facts, state, session }) => {
    // A log that never holds the server's answers (a server's own log of what it received) never shows the response.
    if (!logs(session, 'server', 'answers')) return undefined;
    if (record.kind === 'request' && record.method === 'initialize') {
      // A summary that gives no id (mcp-remote's `[Local→Remote] initialize`): its answer may come by an id the log
      // never gave it (session/pending.ts), unrecognised, so it holds nothing back.
      state.waiting = record.summary === true && record.id === null ? null : record.seq;
      return undefined;
    }
    if ((record.kind === 'response' || record.kind === 'error') && facts.request?.seq === state.waiting) {
      state.waiting = null;
      return undefined;
    }
    if (state.waiting === null || record.kind !== 'request' || record.dir !== 'c2s') return undefined;
    if (ALLOWED.has(record.method ?? '')) return undefined;
    return [{ method: record.method ?? '(no method)', initializeSeq: ref(state.waiting) }];
  },
};
