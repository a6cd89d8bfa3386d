// Cause protocol-errors: JSON-RPC errors returned, by code with its meaning and by method. A host's probe of a
// feature the server did not declare, answered -32601, is not counted.
import { errorCodeName } from '../../protocol/index.js';
import { evidenceOf } from '../fold.js';
import { ERROR_SIDES, NOT_FAILURES } from '../patterns/error-codes.js';
import { addEvidence, type Cause, type DiagnosisSide, type Evidence } from '../types.js';

/** Signals of the transport causes: an error answer that says one of these (an HTTP 401's body, a 404's "Session not
 * found") is that cause's evidence, the endpoint refusing the request, not a method's answer. */
const TRANSPORT_SIGNALS: ReadonlySet<string> = new Set([
  'auth',
  'session-lost',
  'not-found',
  'network',
  'http-5xx',
  'http-4xx',
]);

interface State {
  evidence: Evidence[];
  count: number;
  answers: number;
  byCode: Map<number, Set<string>>;
}

export const protocolErrors: Cause<State> = {
  meta: {
    id: 'protocol-errors',
    title: 'Requests were answered with JSON-RPC errors',
    defaultSide: 'unknown',
    summary:
      'JSON-RPC error answers (method not found, invalid params, internal error …): the request was refused before any tool ran.',
  },
  create: () => ({ evidence: [], count: 0, answers: 0, byCode: new Map() }),
  observe(state, { record, signals, fold }) {
    if ((record.kind !== 'response' && record.kind !== 'error') || record.method === 'initialize') return;
    if (signals.some((s) => TRANSPORT_SIGNALS.has(s.kind))) return;
    state.answers++;
    if (record.kind !== 'error') return;
    const code = (record.message as { error?: { code?: unknown } } | null)?.error?.code;
    if (typeof code !== 'number' || NOT_FAILURES.has(code)) return;
    const req = record.pair !== null ? fold.pending.get(record.pair) : undefined;
    if (code === -32601 && req?.undeclared) return; // the host probed a feature the server never declared
    state.count++;
    let methods = state.byCode.get(code);
    if (!methods) state.byCode.set(code, (methods = new Set()));
    if (methods.size < 10) methods.add(record.method ?? '?');
    addEvidence(state.evidence, evidenceOf(record));
  },
  decide(state) {
    if (state.count === 0) return undefined;
    const parts = [...state.byCode].map(([code, m]) => `${code} ${errorCodeName(code)} (${[...m].join(', ')})`);
    const sides = new Set([...state.byCode.keys()].map((c) => ERROR_SIDES.get(c) ?? 'unknown'));
    const side: DiagnosisSide = sides.size === 1 ? [...sides][0]! : 'unknown';
    // One error among many answers is a request that asked for something absent, not a session that went wrong.
    const impact = state.count >= 2 || state.count * 4 >= state.answers ? 'degraded' : 'note';
    return {
      side,
      impact,
      summary: `${state.count} of ${state.answers} requests were answered with errors: ${parts.join('; ')}`,
      evidence: state.evidence,
    };
  },
};
