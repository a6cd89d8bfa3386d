// Rule invalid-jsonrpc: valid JSON that breaks JSON-RPC 2.0 message structure.
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const invalidJsonrpc: Rule<{ detail: string }> = {
  meta: {
    id: 'invalid-jsonrpc',
    severity: 'error',
    summary: 'A message breaks JSON-RPC 2.0 (its jsonrpc member, result and error, error code or message, id).',
    specUrl: SPEC.messages,
    revisions: 'all',
  },
  message: '{detail}',
  on: { fact: 'problem' },
  check: ({ facts }) => (facts.problem?.rule === 'invalid-jsonrpc' ? [{ detail: facts.problem.detail }] : undefined),
};
