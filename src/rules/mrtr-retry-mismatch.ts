// Rule mrtr-retry-mismatch: a retry of a multi round-trip request that breaks the client's rules of the pattern.
import { MODERN_REVISIONS, modernMethod } from '../protocol/modern.js';
import { paramsOf } from '../session/direction.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';

type Problem =
  | 'reused-id'
  | 'dropped-state'
  | 'altered-state'
  | 'unissued-state'
  | 'state-not-issued'
  | 'other-request'
  | 'state-reused'
  | 'unasked-responses';

interface Data {
  problem: Problem;
  previousSeq: RecordRef | null;
  id: string;
  /** `state-reused`: the retry that echoed the state first. */
  retrySeq?: RecordRef;
}

/** The message of each problem (src/rules/message.ts). */
const TEXT: Readonly<Record<Problem, string>> = {
  'reused-id': 'retry reuses id {id} of the leg it retries (#{previousSeq}); a retry needs a new id',
  'dropped-state': 'retry of #{previousSeq} leaves out the requestState its input_required result issued',
  'altered-state': 'retry of #{previousSeq} sends a requestState other than the one its input_required result issued',
  'unissued-state': 'request carries a requestState that no input_required result of this session issued',
  'state-not-issued': 'retry of #{previousSeq} carries a requestState, but its input_required result issued none',
  'other-request': 'request carries the requestState that #{previousSeq} issued for another request',
  'state-reused':
    'request carries the requestState that #{previousSeq} issued, which its retry #{retrySeq} already echoed',
  'unasked-responses': 'request carries inputResponses that no input_required result of this session asked for',
};

/** Per session: each requestState issued (by its answer's seq) that a retry already echoed; the oldest forgotten past this. */
const USED_KEPT = 256;

export const mrtrRetryMismatch: Rule<Data, Map<string, { answerSeq: number; retrySeq: number }>> = {
  meta: {
    id: 'mrtr-retry-mismatch',
    severity: 'error',
    summary: "A multi round-trip retry that reuses its id, alters the requestState, or echoes another request's.",
    specUrl: MODERN_SPEC.mrtr,
    revisions: MODERN_REVISIONS,
  },
  message: { by: 'problem', templates: TEXT },
  createState: () => new Map(),
  on: { kinds: ['request'], body: true },
  check: ({ record, facts, session, state: used }) => {
    if (
      record.kind !== 'request' ||
      record.method === null ||
      !isModernRecord(record) ||
      modernMethod(record.method)?.mrtr !== true
    )
      return undefined;
    const params = paramsOf(record.message);
    const state = params?.requestState;
    const id = JSON.stringify(record.id) ?? 'null';
    const c = facts.continues;
    if (c === undefined) {
      if (typeof state === 'string') {
        const open = session.openChains.find((o) => o.requestState === state);
        if (open !== undefined) return [{ problem: 'other-request', previousSeq: ref(open.answerSeq), id }];
        const echoed = used.get(state);
        return [
          echoed === undefined
            ? { problem: 'unissued-state', previousSeq: null, id }
            : { problem: 'state-reused', previousSeq: ref(echoed.answerSeq), retrySeq: ref(echoed.retrySeq), id },
        ];
      }
      return obj(params?.inputResponses) !== null
        ? [{ problem: 'unasked-responses', previousSeq: null, id }]
        : undefined;
    }
    const previousSeq = ref(c.answerSeq);
    const out: Data[] = [];
    if (c.id === record.id) out.push({ problem: 'reused-id', previousSeq, id });
    if (c.requestState !== null && state !== c.requestState)
      out.push({ problem: state === undefined ? 'dropped-state' : 'altered-state', previousSeq, id });
    if (c.requestState === null && state !== undefined && c.why === 'input')
      out.push({ problem: 'state-not-issued', previousSeq, id });
    if (c.requestState !== null) {
      used.set(c.requestState, { answerSeq: c.answerSeq, retrySeq: record.seq });
      if (used.size > USED_KEPT) used.delete(used.keys().next().value!);
    }
    return out.length === 0 ? undefined : out;
  },
};
