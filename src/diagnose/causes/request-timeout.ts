// Cause request-timeout: an operation request not answered in time (a host timeout line, a cancel with -32001), or
// still open when the session ended with nothing else to explain it.
import { evidenceOf, fromSignal } from '../fold.js';
import { addEvidence, type Cause, type DiagnosisSide, type Evidence, type Observation } from '../types.js';

interface State {
  evidence: Evidence[];
  methods: Set<string>;
}

/** Causes that lose a request in the transport: a request they swallow is theirs, not a slow server's. */
const TRANSPORT_CAUSES = ['auth-failed', 'session-expired', 'connection-failed'];

/** The method (and tool) of the request a cancel names, while it is open. */
function cancelledMethod(record: Observation['record'], fold: Observation['fold']): string | undefined {
  if (record.kind !== 'notification') return undefined;
  const id = (record.message as { params?: { requestId?: unknown } } | null)?.params?.requestId;
  for (const p of fold.pending.values()) if (p.id === id) return p.tool ? `${p.method} ${p.tool}` : p.method;
  return undefined;
}

export const requestTimeout: Cause<State> = {
  meta: {
    id: 'request-timeout',
    title: 'A request was not answered in time',
    defaultSide: 'server',
    summary:
      'An operation request (tools/call …) got no answer before the host gave up, or none before the session ended.',
  },
  create: () => ({ evidence: [], methods: new Set() }),
  observe(state, { record, signals, fold }) {
    for (const s of signals) {
      if (s.kind === 'failure-header' && /tool call failed/.test(s.text)) addEvidence(state.evidence, fromSignal(s));
      if (s.kind !== 'timeout') continue;
      if (s.method === 'initialize' || (s.method === undefined && !fold.ready)) continue;
      addEvidence(state.evidence, record.kind === 'notification' ? evidenceOf(record) : fromSignal(s));
      state.methods.add(s.method ?? cancelledMethod(record, fold) ?? 'request');
    }
  },
  decide(state, { decided, open, fold }) {
    if (state.methods.size === 0) {
      if (decided.size > 0) return undefined; // another cause explains what is left open
      for (const o of open) {
        if (o.cancelled || o.dir === 's2c' || o.method === 'initialize') continue;
        addEvidence(state.evidence, { seq: o.seq, source: o.source, text: `${o.method} id ${String(o.id)}` });
        state.methods.add(o.method);
      }
      if (state.methods.size === 0) return undefined;
    }
    const side: DiagnosisSide = TRANSPORT_CAUSES.some((c) => decided.has(c))
      ? 'transport'
      : fold.timeoutHint
        ? 'client'
        : 'server';
    const methods = [...state.methods].join(', ');
    return {
      side,
      impact: 'degraded',
      summary: `${methods}: no answer in time (${state.evidence.length} request${state.evidence.length === 1 ? '' : 's'})`,
      evidence: state.evidence,
    };
  },
};
