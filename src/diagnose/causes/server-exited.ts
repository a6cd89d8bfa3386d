// Cause server-exited: the server's process or transport ended under the host, before the handshake or with
// requests open, with its last exception or stderr error line.
import { exitOf, exitedUnderHost, fromSignal } from '../fold.js';
import type { Signal } from '../signals.js';
import { addEvidence, type Cause, type DiagnosisSide, type Evidence } from '../types.js';

interface State {
  closed: Signal | null;
  exception: Signal | null;
  stderr: Signal[];
  env: Signal | null;
  beforeHandshake: boolean;
}

export const serverExited: Cause<State> = {
  meta: {
    id: 'server-exited',
    title: 'The server exited',
    defaultSide: 'server',
    summary:
      "The server's process or transport ended while the host still needed it (before initialize was answered, or with requests open), not because the host stopped it.",
  },
  create: () => ({ closed: null, exception: null, stderr: [], env: null, beforeHandshake: false }),
  observe(state, { record, signals, fold }) {
    for (const s of signals) if (s.kind === 'env') state.env ??= s;
    const closed = exitOf(record, signals, fold);
    if (!closed || state.closed || !exitedUnderHost(fold, record.seq)) return;
    state.closed = closed;
    state.beforeHandshake = !fold.ready;
    state.exception = fold.lastException;
    state.stderr = [...fold.stderrErrors];
  },
  decide(state, { decided, fold }) {
    if (!state.closed || decided.has('spawn-failed')) return undefined;
    const evidence: Evidence[] = [];
    if (state.exception) addEvidence(evidence, fromSignal(state.exception));
    for (const s of state.stderr.slice(-2))
      if (!state.exception || s.seq !== state.exception.seq) addEvidence(evidence, fromSignal(s));
    addEvidence(evidence, fromSignal(state.closed));
    const side: DiagnosisSide = state.env
      ? 'client'
      : state.exception || state.stderr.length > 0
        ? 'server'
        : 'unknown';
    const why =
      state.exception?.text ??
      state.stderr.at(-1)?.text ??
      `${state.closed.text.startsWith('killed by ') ? `${state.closed.text}, and ` : ''}the log holds no error output that says why`;
    const when = state.beforeHandshake ? 'before answering initialize' : 'with a request open';
    const name = fold.server ?? 'the server';
    const env = state.env ? ` (its environment: ${state.env.text})` : '';
    return { side, impact: 'failed', summary: `${name} exited ${when}: ${why}${env}`, evidence };
  },
};
