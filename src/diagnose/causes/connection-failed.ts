// Cause connection-failed: the endpoint could not be reached or has no MCP endpoint (refused, reset, DNS/TLS, fetch
// failed, 404 on the first request, 5xx from the endpoint or a proxy), or refused the request with another 4xx.
import { fromSignal } from '../fold.js';
import type { Signal } from '../signals.js';
import { addEvidence, type Cause, type DiagnosisSide, type Evidence } from '../types.js';

interface State {
  evidence: Evidence[];
  first: Signal | null;
  network: Signal | null;
  last: number;
  readyAfter: boolean;
}

function sideOf(s: Signal): DiagnosisSide {
  if (s.kind === 'not-found') return 'client'; // no MCP endpoint at the configured URL
  if (s.kind === 'http-5xx') return s.status === 500 ? 'server' : 'transport';
  // A 400 or 406 says the server did not accept what the host sent: which of the two is wrong, the words rarely tell.
  if (s.kind === 'http-4xx') return 'unknown';
  return 'transport';
}

export const connectionFailed: Cause<State> = {
  meta: {
    id: 'connection-failed',
    title: 'The server could not be reached',
    defaultSide: 'transport',
    summary:
      'The connection to the endpoint failed (refused, reset, DNS or TLS, fetch failed), the URL has no MCP endpoint (404 before any session), the endpoint or a proxy answered 5xx, or the endpoint refused the request with another 4xx (400 Bad Request, 405, 406, 415 …).',
  },
  create: () => ({ evidence: [], first: null, network: null, last: 0, readyAfter: false }),
  observe(state, { signals, record }) {
    for (const s of signals) {
      if (s.kind === 'network' || s.kind === 'not-found' || s.kind === 'http-5xx' || s.kind === 'http-4xx') {
        state.first ??= s;
        if (s.kind === 'network') state.network ??= s;
        state.last = s.seq;
        state.readyAfter = false;
        addEvidence(state.evidence, fromSignal(s));
      } else if (s.kind === 'ready' && state.first) state.readyAfter = true;
    }
    if (state.first && record.kind === 'response' && record.method === 'initialize') state.readyAfter = true;
  },
  decide(state, { decided, fold }) {
    if (!state.first || state.readyAfter) return undefined; // none, or the host got through after all
    if (decided.has('auth-failed') || decided.has('session-expired') || decided.has('spawn-failed')) return undefined;
    const name = fold.server ?? 'the server';
    // The words say why (a refused connection) where a status only says that (a proxy's 502 before its error).
    return {
      side: sideOf(state.first),
      impact: fold.ready ? 'degraded' : 'failed',
      summary: `${name} could not be reached: ${(state.network ?? state.first).text}`,
      evidence: state.evidence,
    };
  },
};
