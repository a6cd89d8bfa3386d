// Rule invalid-frame: a log record the reader could not frame (bad envelope, unknown transcript line).
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const invalidFrame: Rule<{ detail: string }> = {
  meta: {
    id: 'invalid-frame',
    severity: 'error',
    summary: 'A log record could not be read as a message or event of its input format; its text is kept.',
    specUrl: SPEC.messages,
    revisions: 'all',
  },
  message: '{detail}',
  on: { fact: 'problem' },
  check: ({ facts }) => (facts.problem?.rule === 'invalid-frame' ? [{ detail: facts.problem.detail }] : undefined),
};
