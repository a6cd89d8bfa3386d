// Rule orphan-response: a response or error that answers no open request of the other side.
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const orphanResponse: Rule<{ id: string }> = {
  meta: {
    id: 'orphan-response',
    severity: 'warning',
    description:
      'A response or error whose id matches no open request sent by the other side in the same session (responses MUST carry the id of the request they answer).',
    specUrl: SPEC.responses,
    revisions: 'all',
    // The session stage sets no `orphan` where the log never holds the request (session/not-logged.ts).
    needs: ['client:requests', 'server:requests'],
  },
  message: (d) => `no open request with id ${d.id} to answer`,
  on: { fact: 'orphan' },
  check: ({ facts, record }) => (facts.orphan ? [{ id: JSON.stringify(record.id) }] : undefined),
};
