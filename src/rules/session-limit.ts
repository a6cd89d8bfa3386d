// Rule session-limit: more sessions were live at once than --max-sessions allows; the least recently active was retired.
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

interface Data {
  /** The `--max-sessions` bound. */
  limit: number;
  /** Seq of the last record of the session that was retired. */
  lastSeq: RecordRef;
}

export const sessionLimit: Rule<Data> = {
  meta: {
    id: 'session-limit',
    severity: 'warning',
    summary: 'More sessions were live at once than --max-sessions allows; the least recently active was retired.',
    specUrl: SPEC.sessions,
    revisions: 'all',
  },
  message:
    'more than {limit} sessions at once: stopped tracking the least recently active one (last record #{lastSeq}); raise --max-sessions to keep more',
  // Once per input: a hostile log with millions of session ids would otherwise get a finding per id.
  on: { fact: 'sessionEvicted' },
  check: ({ facts }) =>
    facts.sessionEvicted?.nth === 1
      ? [{ limit: facts.sessionEvicted.limit, lastSeq: ref(facts.sessionEvicted.lastSeq) }]
      : undefined,
};
