// Cause auth-failed: the HTTP endpoint refused the client's credentials (401/403, an OAuth or token error).
import { fromSignal } from '../fold.js';
import { addEvidence, type Cause, type Evidence } from '../types.js';

interface State {
  evidence: Evidence[];
  status: number | null;
  hit: boolean;
  answersBefore: number;
}

export const authFailed: Cause<State> = {
  meta: {
    id: 'auth-failed',
    title: 'The server refused the credentials',
    defaultSide: 'client',
    summary:
      "HTTP 401/403 or an OAuth/token error: the request carried no credentials, expired ones, or ones without the needed scope (the client's configuration).",
  },
  create: () => ({ evidence: [], status: null, hit: false, answersBefore: 0 }),
  observe(state, { signals, fold }) {
    for (const s of signals) {
      if (s.kind !== 'auth') continue;
      if (!state.hit) state.answersBefore = fold.okAnswers;
      state.hit = true;
      if (s.status !== undefined) state.status ??= s.status;
      addEvidence(state.evidence, fromSignal(s));
    }
  },
  decide(state, { fold }) {
    if (!state.hit) return undefined;
    // A 403 after calls that worked: the credential is good and lacks one permission; the session went on.
    const partial = state.status === 403 && state.answersBefore > 0;
    const name = fold.server ?? 'the server';
    const status = state.status !== null ? `HTTP ${state.status}` : 'an authorization error';
    const summary = partial
      ? `${name} refused an operation with ${status}: the credential lacks a permission (earlier calls worked)`
      : `${name} answered ${status}: the client's credentials are missing, expired or not accepted`;
    return { side: 'client', impact: partial ? 'degraded' : 'failed', summary, evidence: state.evidence };
  },
};
