// Cause initialize-timeout: the host gave up on an `initialize` the server never answered (a host timeout line, a
// cancel with -32001), and how long the server was silent.
import { evidenceOf, fromSignal } from '../fold.js';
import { addEvidence, type Cause, type Evidence } from '../types.js';

interface State {
  evidence: Evidence[];
  silentMs: number | null;
  hit: number | null;
}

export const initializeTimeout: Cause<State> = {
  meta: {
    id: 'initialize-timeout',
    title: 'initialize was not answered in time',
    defaultSide: 'server',
    summary:
      'The server did not answer initialize before the host gave up (a host timeout, a cancel with -32001): it was silent, still starting, or stuck.',
  },
  create: () => ({ evidence: [], silentMs: null, hit: null }),
  observe(state, { record, signals, fold }) {
    for (const s of signals) {
      if (s.kind === 'failure-header' && state.hit !== null && s.seq <= state.hit + 5)
        addEvidence(state.evidence, fromSignal(s));
      if (s.kind !== 'timeout') continue;
      const init = s.method === 'initialize' || (s.method === undefined && !fold.ready);
      if (!init) continue;
      if (fold.lastHeader && fold.lastHeader.seq >= s.seq - 2) addEvidence(state.evidence, fromSignal(fold.lastHeader));
      if (record.kind === 'notification') addEvidence(state.evidence, evidenceOf(record));
      else addEvidence(state.evidence, fromSignal(s));
      state.hit ??= s.seq;
      if (s.ms !== undefined) state.silentMs ??= s.ms;
      if (record.kind === 'notification' && fold.initialize?.tsMs != null && record.wire.tsMs !== null) {
        state.silentMs ??= record.wire.tsMs - fold.initialize.tsMs;
      }
    }
  },
  decide(state, { fold }) {
    if (state.hit === null) return undefined;
    const side = fold.timeoutHint ? 'client' : 'server';
    const silent = state.silentMs !== null ? ` for ${(state.silentMs / 1000).toFixed(1)} s` : '';
    const name = fold.server ?? 'the server';
    const tail =
      side === 'client'
        ? "; the host's startup limit is shorter than the server needs to start (the host names its setting)"
        : '';
    return {
      side,
      impact: 'failed',
      summary: `${name} did not answer initialize; it was silent${silent} and the host gave up${tail}`,
      evidence: state.evidence,
    };
  },
};
