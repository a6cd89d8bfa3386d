// Cause server-exited: the server's process or transport ended under the host, before the handshake or with
// requests open, with its last exception or stderr error line.
import { fromSignal } from '../fold.js';
import type { Signal } from '../signals.js';
import { addEvidence, type Cause, type DiagnosisSide, type Evidence } from '../types.js';

interface State { closed: Signal | null; exception: Signal | null; stderr: Signal[]; env: Signal | null; beforeHandshake: boolean; stdinClosed: boolean }

/** The words of a capture's `exit` event that tell a failure: a code other than 0, or a signal the host did not send. */
function exitWords(data: Record<string, unknown> | undefined, stdinClosed: boolean): string | null {
  if (typeof data?.code === 'number') return data.code !== 0 ? `exit code ${String(data.code)}` : null;
  // A signal after the client closed the server's stdin is the host (or wrap, for it) stopping a server that lingered.
  return typeof data?.signal === 'string' && !stdinClosed ? `killed by ${data.signal}` : null;
}

export const serverExited: Cause<State> = {
  meta: {
    id: 'server-exited',
    title: 'The server exited',
    defaultSide: 'server',
    summary: 'The server\'s process or transport ended while the host still needed it (before initialize was answered, or with requests open), not because the host stopped it.',
  },
  create: () => ({ closed: null, exception: null, stderr: [], env: null, beforeHandshake: false, stdinClosed: false }),
  observe(state, { record, signals, fold }) {
    for (const s of signals) if (s.kind === 'env') state.env ??= s;
    if (record.kind === 'event' && record.event?.name === 'stdin-closed') state.stdinClosed = true;
    const exit = record.kind === 'event' && record.event?.name === 'exit' ? exitWords(record.event.data, state.stdinClosed) : null;
    const closed = signals.find((s) => s.kind === 'closed') ?? (exit !== null ? { kind: 'closed' as const, seq: record.seq, source: record.source, text: exit } : undefined);
    if (!closed || state.closed) return;
    if (fold.hostStop !== null && fold.hostStop < record.seq) return; // the host stopped it or gave up first
    let open = false;
    for (const p of fold.pending.values()) if (p.method !== 'initialize') open = true;
    if (fold.ready && !open && !fold.lastException) return; // an idle, finished session whose transport closed
    state.closed = closed;
    state.beforeHandshake = !fold.ready;
    state.exception = fold.lastException;
    state.stderr = [...fold.stderrErrors];
  },
  decide(state, { decided, fold }) {
    if (!state.closed || decided.has('spawn-failed')) return undefined;
    const evidence: Evidence[] = [];
    if (state.exception) addEvidence(evidence, fromSignal(state.exception));
    for (const s of state.stderr.slice(-2)) if (!state.exception || s.seq !== state.exception.seq) addEvidence(evidence, fromSignal(s));
    addEvidence(evidence, fromSignal(state.closed));
    const side: DiagnosisSide = state.env ? 'client' : state.exception || state.stderr.length > 0 ? 'server' : 'unknown';
    const why = state.exception?.text ?? state.stderr.at(-1)?.text ?? `${state.closed.text.startsWith('killed by ') ? `${state.closed.text}, and ` : ''}the log holds no error output that says why`;
    const when = state.beforeHandshake ? 'before answering initialize' : 'with a request open';
    const name = fold.server ?? 'the server';
    const env = state.env ? ` (its environment: ${state.env.text})` : '';
    return { side, impact: 'failed', summary: `${name} exited ${when}: ${why}${env}`, evidence };
  },
};
