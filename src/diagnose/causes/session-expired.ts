// Cause session-expired: an HTTP session the server no longer knows (404 on Mcp-Session-Id, "Session not found").
import { fromSignal } from '../fold.js';
import { addEvidence, type Cause, type Evidence } from '../types.js';

interface State { evidence: Evidence[]; lost: number | null; recovered: boolean; notFound: Evidence[] }

export const sessionExpired: Cause<State> = {
  meta: {
    id: 'session-expired',
    title: 'The server no longer knew the session',
    defaultSide: 'server',
    summary: 'The server answered 404 / "Session not found" for the Mcp-Session-Id (a restart or an idle expiry); the client must initialize a new session.',
  },
  create: () => ({ evidence: [], lost: null, recovered: false, notFound: [] }),
  observe(state, { record, signals }) {
    for (const s of signals) {
      if (s.kind === 'session-lost') {
        state.lost ??= s.seq;
        addEvidence(state.evidence, fromSignal(s));
      } else if (s.kind === 'not-found') addEvidence(state.notFound, fromSignal(s), 3);
    }
    if (state.lost !== null && record.seq > state.lost && record.kind === 'response' && record.method === 'initialize') state.recovered = true;
  },
  decide(state, { fold }) {
    if (state.lost === null) return undefined;
    const evidence = [...state.evidence];
    for (const e of state.notFound) addEvidence(evidence, e);
    const name = fold.server ?? 'the server';
    // Recovered: the host did its part (a new initialize) and the work went on; the session loss was the server's.
    return state.recovered
      ? { side: 'server', impact: 'degraded', summary: `${name} no longer knew the session (404 Session not found); the client initialized a new one and went on`, evidence }
      : { side: 'client', impact: 'failed', summary: `${name} no longer knew the session (404 Session not found) and the client never initialized a new one, so later requests failed`, evidence };
  },
};
