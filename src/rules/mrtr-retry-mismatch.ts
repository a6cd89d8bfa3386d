// Rule mrtr-retry-mismatch: a retry of a multi round-trip request that breaks the client's rules of the pattern.
import { MODERN_REVISIONS, modernMethod } from '../protocol/modern.js';
import { paramsOf } from '../session/direction.js';
import { isModernRecord } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Problem = 'reused-id' | 'dropped-state' | 'altered-state' | 'unissued-state';

interface Data {
  problem: Problem;
  previousSeq: number | null;
  id: string;
}

const TEXT: Readonly<Record<Problem, (d: Data) => string>> = {
  'reused-id': (d) => `retry reuses id ${d.id} of the leg it retries (#${d.previousSeq}); a retry needs a new id`,
  'dropped-state': (d) => `retry of #${d.previousSeq} leaves out the requestState its input_required result issued`,
  'altered-state': (d) => `retry of #${d.previousSeq} sends a requestState other than the one its input_required result issued`,
  'unissued-state': () => 'request carries a requestState that no input_required result of this session issued',
};

export const mrtrRetryMismatch: Rule<Data> = {
  meta: {
    id: 'mrtr-retry-mismatch',
    severity: 'error',
    description:
      'A retry of a multi round-trip request (basic/patterns/mrtr.mdx, client requirements): "The JSON-RPC id MUST be different between the initial request and the retry"; the retry MUST echo the `requestState` of the `input_required` result byte for byte, and MUST NOT carry one no result issued. A retry is linked to its chain by its echoed state, else by method, target (`name`/`uri`) and `inputResponses` answering the keys asked, or some of them (a partial retry: incomplete-input-responses) (session/chains.ts); the last 256 open chains per session are remembered.',
    specUrl: MODERN_SPEC.mrtr,
    revisions: MODERN_REVISIONS,
    seqFields: ['previousSeq'],
  },
  message: (d) => TEXT[d.problem](d),
  on: { kinds: ['request'], body: true },
  check: ({ record, facts }) => {
    if (record.kind !== 'request' || record.method === null || !isModernRecord(record) || modernMethod(record.method)?.mrtr !== true) return undefined;
    const state = paramsOf(record.message)?.requestState;
    const id = JSON.stringify(record.id) ?? 'null';
    const c = facts.continues;
    if (c === undefined) return typeof state === 'string' ? [{ problem: 'unissued-state', previousSeq: null, id }] : undefined;
    const previousSeq = c.answerSeq;
    const out: Data[] = [];
    if (c.id === record.id) out.push({ problem: 'reused-id', previousSeq, id });
    if (c.requestState !== null && state !== c.requestState) out.push({ problem: state === undefined ? 'dropped-state' : 'altered-state', previousSeq, id });
    return out.length === 0 ? undefined : out;
  },
};
