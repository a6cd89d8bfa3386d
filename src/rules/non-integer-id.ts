// Rule non-integer-id: a numeric request id that is not an integer (RequestId is string | integer).
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const nonIntegerId: Rule<{ id: number /** `tools/call request`, `response` … */; what: string }> = {
  meta: {
    id: 'non-integer-id',
    severity: 'error',
    summary: 'A request id is a number that is not an integer.',
    specUrl: SPEC.requests,
    revisions: 'all',
  },
  message: '{what} has id {id}: a numeric id must be an integer',
  on: { fact: 'idProblem' },
  check: ({ facts, record }) => {
    if (facts.idProblem !== 'non-integer' || typeof record.id !== 'number') return undefined;
    // A response that pairs with its request echoes the id it must echo: the request already carries the finding.
    if ((record.kind === 'response' || record.kind === 'error') && facts.request) return undefined;
    return [{ id: record.id, what: record.kind === 'request' ? `${record.method ?? 'request'} request` : record.kind }];
  },
};
