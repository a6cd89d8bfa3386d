// Rule orphan-response: a response or error that answers no open request of the other side.
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';
import { isOrphan } from '../session/orphan.js';

export const orphanResponse: Rule<{ id: string }> = {
  meta: {
    id: 'orphan-response',
    severity: 'warning',
    summary: 'A response or error whose id matches no open request sent by the other side in the same session.',
    specUrl: SPEC.responses,
    revisions: 'all',
    // What an orphan is, and what is none (a request the log never holds), is the session stage's (session/orphan.ts).
    needs: ['client:requests', 'server:requests'],
  },
  message: 'no open request with id {id} to answer',
  on: { fact: 'orphan' },
  check: ({ record }) => (isOrphan(record) ? [{ id: JSON.stringify(record.id) }] : undefined),
};
