// Rule response-after-cancel: a response or error to a request its sender had cancelled (a legal race, for the record).
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const responseAfterCancel: Rule<{ method: string; id: string }> = {
  meta: {
    id: 'response-after-cancel',
    severity: 'info',
    description:
      'A response or error answers a request that its sender had cancelled with notifications/cancelled. The receiver ' +
      '"SHOULD NOT send a response for the cancelled request", but the cancellation may arrive after the request was ' +
      'processed, so this is a legal race: the sender "SHOULD ignore any response that arrives afterward".',
    specUrl: `${SPEC.cancellation}#timing-considerations`,
    revisions: 'all',
  },
  message: (d) => `answers ${d.method} request (id ${d.id}) after it was cancelled; the requester should ignore it`,
  on: { fact: 'afterCancel' },
  check: ({ facts }) =>
    facts.afterCancel && facts.request
      ? [{ method: facts.request.method, id: JSON.stringify(facts.request.id) }]
      : undefined,
};
