// Rule pending-limit: the bounded table of open requests was full and the oldest was dropped from tracking.
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

export const pendingLimit: Rule<{ seq: RecordRef; method: string }> = {
  meta: {
    id: 'pending-limit',
    severity: 'warning',
    summary: 'More requests were open at once than --max-pending allows; the oldest is no longer tracked.',
    specUrl: SPEC.responses,
    revisions: 'all',
  },
  message: 'too many open requests: stopped tracking {method} request #{seq}',
  on: { fact: 'pendingEvicted' },
  check: ({ facts }) =>
    facts.pendingEvicted ? [{ seq: ref(facts.pendingEvicted.seq), method: facts.pendingEvicted.method }] : undefined,
};
