// Rule duplicate-request-id: a sender reuses the id of one of its requests that is still open.
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const duplicateRequestId: Rule<{ id: string; previousSeq: number }> = {
  meta: {
    id: 'duplicate-request-id',
    severity: 'error',
    description: 'The request ID MUST NOT have been previously used by the requestor within the same session.',
    specUrl: SPEC.requests,
    revisions: 'all',
  },
  message: (d) => `id ${d.id} is already used by open request #${d.previousSeq} from the same sender`,
  check: ({ facts, record }) =>
    facts.reusedOpenId ? [{ id: JSON.stringify(record.id), previousSeq: facts.reusedOpenId.previousSeq }] : undefined,
};
