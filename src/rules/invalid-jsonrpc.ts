// Rule invalid-jsonrpc: valid JSON that breaks JSON-RPC 2.0 message structure.
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const invalidJsonrpc: Rule<{ detail: string }> = {
  meta: {
    id: 'invalid-jsonrpc',
    severity: 'error',
    description:
      'A message breaks JSON-RPC 2.0: `jsonrpc` is not "2.0", both or neither of `result`/`error`, an error without integer `code` or string `message`, or an id that is neither a string nor a number (null request ids and non-integer numbers have their own rules).',
    specUrl: SPEC.messages,
    revisions: 'all',
  },
  message: (d) => d.detail,
  on: { fact: 'problem' },
  check: ({ facts }) => (facts.problem?.rule === 'invalid-jsonrpc' ? [{ detail: facts.problem.detail }] : undefined),
};
