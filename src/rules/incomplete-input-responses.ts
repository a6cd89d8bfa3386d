// Rule incomplete-input-responses: a retry that answers only some of the input requests, and a server that fails it.
import { MODERN_REVISIONS, modernMethod } from '../protocol/modern.js';
import { paramsOf } from '../session/direction.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';

type Data =
  | { problem: 'client'; previousSeq: RecordRef /** The keys as JSON, `, `-separated. */; missing: string }
  | { problem: 'server'; retrySeq: RecordRef; code: string };

/** Partial retries per session still waiting for their answer, by the retry's seq; the oldest forgotten past this. */
const KEPT = 256;

export const incompleteInputResponses: Rule<Data, Map<number, true>> = {
  meta: {
    id: 'incomplete-input-responses',
    severity: 'warning',
    summary: 'A multi round-trip retry leaves inputs unanswered, or a server answers such a retry with an error.',
    specUrl: MODERN_SPEC.mrtrErrors,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'problem',
    templates: {
      client: 'retry of #{previousSeq} answers no input for {missing} of its inputRequests',
      server:
        'retry #{retrySeq} left inputs unanswered and was answered with error {code}; the server should ask again with a new input_required result',
    },
  },
  createState: () => new Map(),
  on: { kinds: ['request', 'error'], body: true },
  check: ({ record, facts, state }) => {
    if (!isModernRecord(record) || record.method === null || modernMethod(record.method)?.mrtr !== true)
      return undefined;
    if (record.kind === 'error') {
      if (record.pair === null || !state.delete(record.pair)) return undefined;
      const code = obj(obj(record.message)?.error)?.code;
      return [{ problem: 'server', retrySeq: ref(record.pair), code: JSON.stringify(code) ?? 'none' }];
    }
    const c = facts.continues;
    if (record.kind !== 'request' || c === undefined || c.why !== 'input' || c.inputKeys.length === 0) return undefined;
    const answered = obj(paramsOf(record.message)?.inputResponses) ?? {};
    const missing = c.inputKeys.filter((k) => !Object.hasOwn(answered, k));
    if (missing.length === 0) return undefined;
    state.set(record.seq, true);
    if (state.size > KEPT) state.delete(state.keys().next().value!);
    return [
      { problem: 'client', previousSeq: ref(c.answerSeq), missing: missing.map((k) => JSON.stringify(k)).join(', ') },
    ];
  },
};
