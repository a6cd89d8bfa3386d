// Rule invalid-json: a record whose message text is not JSON at all.
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const invalidJson: Rule<{ detail: string }> = {
  meta: {
    id: 'invalid-json',
    severity: 'error',
    summary: 'A message is not valid JSON.',
    specUrl: SPEC.stdio,
    revisions: 'all',
  },
  message: '{detail}',
  on: { fact: 'problem' },
  check: ({ facts }) => (facts.problem?.rule === 'invalid-json' ? [{ detail: facts.problem.detail }] : undefined),
};
