// Rule non-integer-id: a numeric request id that is not an integer (RequestId is string | integer).
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const nonIntegerId: Rule<{ id: number; kind: string; method: string | null }> = {
  meta: {
    id: 'non-integer-id',
    severity: 'error',
    summary: 'A request id is a number that is not an integer.',
    specUrl: SPEC.requests,
    revisions: 'all',
  },
  message: (d) =>
    `${d.kind === 'request' ? `${d.method ?? 'request'} request` : d.kind} has id ${d.id}: a numeric id must be an integer`,
  on: { fact: 'idProblem' },
  check: ({ facts, record }) => {
    if (facts.idProblem !== 'non-integer' || typeof record.id !== 'number') return undefined;
    // A response that pairs with its request echoes the id it must echo: the request already carries the finding.
    if ((record.kind === 'response' || record.kind === 'error') && facts.request) return undefined;
    return [{ id: record.id, kind: record.kind, method: record.method }];
  },
};
