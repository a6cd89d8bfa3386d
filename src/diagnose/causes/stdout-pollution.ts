// Cause stdout-pollution: text that is not a protocol message on the server's stdout (a host's "Failed to parse
// message", a non-JSON line in a capture's server stream).
import { evidenceOf, fromSignal } from '../fold.js';
import { addEvidence, type Cause, type Evidence } from '../types.js';

interface State {
  evidence: Evidence[];
  count: number;
}

export const stdoutPollution: Cause<State> = {
  meta: {
    id: 'stdout-pollution',
    title: 'The server printed non-protocol text on stdout',
    defaultSide: 'server',
    summary:
      'A stdio server wrote something that is not a JSON-RPC message (a banner, a log line) on stdout, where only messages may go; logs belong on stderr.',
  },
  create: () => ({ evidence: [], count: 0 }),
  observe(state, { record, signals }) {
    if (record.kind === 'invalid' && record.dir === 's2c') {
      state.count++;
      addEvidence(state.evidence, evidenceOf(record));
      return;
    }
    const s = signals.find((x) => x.kind === 'pollution');
    if (!s) return;
    state.count++;
    addEvidence(state.evidence, fromSignal(s));
  },
  decide(state, { fold }) {
    if (state.count === 0) return undefined;
    const name = fold.server ?? 'the server';
    return {
      side: 'server',
      impact: fold.ready ? 'degraded' : 'failed',
      summary: `${name} printed ${state.count} line${state.count === 1 ? '' : 's'} on stdout that ${state.count === 1 ? 'is' : 'are'} no protocol message; the host could not parse ${state.count === 1 ? 'it' : 'them'}`,
      evidence: state.evidence,
    };
  },
};
