// Rule unanswered-request: a request that got no response by end of input (cancelled ones excepted).
import { LONG_LIVED_METHODS } from '../protocol/modern.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const unansweredRequest: Rule<{ method: string; id: string; seq: RecordRef }> = {
  meta: {
    id: 'unanswered-request',
    severity: 'warning',
    summary: 'A request was never answered before the log ended.',
    specUrl: SPEC.responses,
    revisions: 'all',
    // A request whose answer the log never holds is not open at the end (session/not-logged.ts).
    needs: ['client:answers', 'server:answers'],
  },
  message: '{method} request #{seq} (id {id}) was never answered',
  atEnd: (open) =>
    open.cancelled || LONG_LIVED_METHODS.has(open.method)
      ? undefined
      : { method: open.method, id: JSON.stringify(open.id), seq: ref(open.seq) },
};
