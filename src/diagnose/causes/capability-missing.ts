// Cause capability-missing: a feature used that the other side did not declare (rule capability-not-negotiated),
// which the other side could not handle. A host's probe of an undeclared feature answered -32601 is harmless.
import { evidenceOf, fromSignal } from '../fold.js';
import { addEvidence, type Cause, type Evidence } from '../types.js';

interface State {
  server: Evidence[];
  client: Map<number, Evidence>;
  unhandled: Evidence[];
}

export const capabilityMissing: Cause<State> = {
  meta: {
    id: 'capability-missing',
    title: 'A feature was used that was not negotiated',
    defaultSide: 'server',
    summary:
      'One side sent a request that needs a capability the other side did not declare in initialize (a server asking for sampling from a client without it), and it was not handled.',
  },
  create: () => ({ server: [], client: new Map(), unhandled: [] }),
  observe(state, { record, signals }) {
    if (record.kind === 'request' && record.findings.some((f) => f.rule === 'capability-not-negotiated')) {
      if (record.dir === 's2c') addEvidence(state.server, evidenceOf(record));
      else if (state.client.size < 10) state.client.set(record.seq, evidenceOf(record));
    }
    if (record.kind === 'error' && record.pair !== null && state.client.has(record.pair)) {
      const code = (record.message as { error?: { code?: unknown } } | null)?.error?.code;
      if (code === -32601) state.client.delete(record.pair); // a probe, answered as the spec says
    }
    for (const s of signals) if (s.kind === 'unhandled') addEvidence(state.unhandled, fromSignal(s), 2);
  },
  decide(state, { fold }) {
    const own = state.server.length > 0 ? state.server : [...state.client.values()];
    if (own.length === 0) return undefined;
    const side = state.server.length > 0 ? 'server' : 'client';
    const evidence: Evidence[] = [];
    if (fold.initialize)
      addEvidence(evidence, { seq: fold.initialize.seq, source: fold.initialize.source, text: fold.initialize.text });
    for (const e of own) addEvidence(evidence, e);
    for (const e of state.unhandled) addEvidence(evidence, e);
    const who = side === 'server' ? `${fold.server ?? 'the server'} sent` : 'the client sent';
    return {
      side,
      impact: 'degraded',
      summary: `${who} a request for a capability the other side did not declare; it was not handled`,
      evidence,
    };
  },
};
