// Cause session-expired: an HTTP session the server no longer knows (404 on Mcp-Session-Id, "Session not found").
import { fromSignal } from '../fold.js';
import { addEvidence, type Cause, type Diagnosis, type Evidence } from '../types.js';

/** The session was lost and the client initialized a new one: the loss was the server's, the work went on. */
function recovered(name: string, evidence: Evidence[]): Omit<Diagnosis, 'cause'> {
  return {
    side: 'server',
    impact: 'degraded',
    summary: `${name} no longer knew the session (404 Session not found); the client initialized a new one and went on`,
    evidence,
  };
}

interface State {
  evidence: Evidence[];
  lost: number | null;
  recovered: boolean;
  notFound: Evidence[];
}

export const sessionExpired: Cause<State> = {
  meta: {
    id: 'session-expired',
    title: 'The server no longer knew the session',
    defaultSide: 'server',
    summary:
      'The server answered 404 / "Session not found" for the Mcp-Session-Id (a restart or an idle expiry); the client must initialize a new session.',
  },
  create: () => ({ evidence: [], lost: null, recovered: false, notFound: [] }),
  observe(state, { record, signals }) {
    for (const s of signals) {
      if (s.kind === 'session-lost') {
        state.lost ??= s.seq;
        addEvidence(state.evidence, fromSignal(s));
      } else if (s.kind === 'not-found') addEvidence(state.notFound, fromSignal(s), 3);
    }
    if (state.lost !== null && record.seq > state.lost && record.kind === 'response' && record.method === 'initialize')
      state.recovered = true;
  },
  decide(state, { fold }) {
    if (state.lost === null) return undefined;
    const evidence = [...state.evidence];
    for (const e of state.notFound) addEvidence(evidence, e);
    const name = fold.server ?? 'the server';
    // Recovered: the host did its part (a new initialize) and the work went on; the session loss was the server's.
    return state.recovered
      ? recovered(name, evidence)
      : {
          side: 'client',
          impact: 'failed',
          summary: `${name} no longer knew the session (404 Session not found) and the client never initialized a new one, so later requests failed`,
          evidence,
        };
  },
};

/** A session as the run's pass across sessions sees it: its diagnoses, and its client's initialize once answered. */
interface HttpSession {
  server: string | null;
  file: string;
  /** The client's `initialize` request, when the server answered it. */
  initialized: Evidence | null;
  diagnoses: Diagnosis[];
}

/**
 * Over HTTP a new session is a new Mcp-Session-Id, so a client that met a lost session and initialized again did so in
 * another session of the log: a session-expired whose client "never initialized a new one" is recovered when a later
 * session of the same server and log was initialized after the loss (its initialize is added as evidence).
 */
export function findRecoveries(sessions: readonly HttpSession[]): void {
  for (const s of sessions) {
    const i = s.diagnoses.findIndex((d) => d.cause === 'session-expired' && d.impact === 'failed');
    if (i < 0) continue;
    const lost = s.diagnoses[i]!.evidence[0]?.seq ?? Infinity;
    const next = sessions.find(
      (o) =>
        o !== s && o.file === s.file && o.server === s.server && o.initialized !== null && o.initialized.seq > lost,
    );
    if (!next) continue;
    s.diagnoses[i] = {
      cause: 'session-expired',
      ...recovered(s.server ?? 'the server', [...s.diagnoses[i]!.evidence, next.initialized!]),
    };
  }
}
