// Rule null-request-id: a request whose id is null, which JSON-RPC tolerates and MCP forbids.
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const nullRequestId: Rule<{ method: string }> = {
  meta: {
    id: 'null-request-id',
    severity: 'error',
    summary: 'A request has a null id.',
    specUrl: SPEC.requests,
    revisions: 'all',
  },
  message: '{method} request has id null: request ids must be a string or an integer, never null',
  // The decoder marks the id (basic/index.mdx §Requests); a null id on a response is not a request id.
  on: { kinds: ['request'], fact: 'idProblem' },
  check: ({ facts, record }) =>
    facts.idProblem === 'null' && record.kind === 'request' ? [{ method: record.method ?? '(no method)' }] : undefined,
};
