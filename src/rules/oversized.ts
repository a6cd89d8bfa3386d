// Rule oversized: a record broke a size limit (--max-message-bytes, or JSON nesting depth) and was kept only in part.
import { MAX_NESTING } from '../input/shared/depth.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const oversized: Rule<{ detail: string }> = {
  meta: {
    id: 'oversized',
    severity: 'error',
    summary: `A record is larger than --max-message-bytes, or its JSON is nested more than ${MAX_NESTING} levels deep.`,
    specUrl: SPEC.messages,
    revisions: 'all',
  },
  message: '{detail}',
  on: { fact: 'problem' },
  check: ({ facts }) => (facts.problem?.rule === 'oversized' ? [{ detail: facts.problem.detail }] : undefined),
};
