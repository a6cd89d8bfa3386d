// Rule response-after-cancel: a response or error to a request its sender had cancelled (a legal race, for the record).
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const responseAfterCancel: Rule<{ method: string; id: string }> = {
  meta: {
    id: 'response-after-cancel',
    severity: 'info',
    summary: 'A response or error answers a request that its sender had cancelled.',
    specUrl: `${SPEC.cancellation}#timing-considerations`,
    revisions: 'all',
  },
  message: 'answers {method} request (id {id}) after it was cancelled; the requester should ignore it',
  on: { fact: 'afterCancel' },
  check: ({ facts }) =>
    facts.afterCancel && facts.request
      ? [{ method: facts.request.method, id: JSON.stringify(facts.request.id) }]
      : undefined,
};
