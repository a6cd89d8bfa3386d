// Rule unanswered-request: a request that got no response by end of input (cancelled ones excepted).
import { LONG_LIVED_METHODS } from '../protocol/modern.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const unansweredRequest: Rule<{ method: string; id: string; seq: RecordRef }> = {
  meta: {
    id: 'unanswered-request',
    severity: 'warning',
    description:
      'A request was never answered before the log ended. Requests cancelled with notifications/cancelled are not reported (the receiver SHOULD NOT answer them), nor a 2026-07-28 request whose client closed its response stream over Streamable HTTP (that close is its cancellation: an `http-stream-closed` event in a packet capture), nor a 2026-07-28 subscriptions/listen still open (its answer comes only when the server closes the stream).',
    specUrl: SPEC.responses,
    revisions: 'all',
    // A request whose answer the log never holds is not open at the end (session/not-logged.ts).
    needs: ['client:answers', 'server:answers'],
  },
  message: (d) => `${d.method} request #${d.seq} (id ${d.id}) was never answered`,
  atEnd: (open) =>
    open.cancelled || LONG_LIVED_METHODS.has(open.method)
      ? undefined
      : { method: open.method, id: JSON.stringify(open.id), seq: ref(open.seq) },
};
