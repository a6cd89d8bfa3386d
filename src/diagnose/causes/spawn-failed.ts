// Cause spawn-failed: the server's process could not be started (command not found, ENOENT, a missing package).
import { fromSignal } from '../fold.js';
import { addEvidence, type Cause, type Evidence } from '../types.js';

interface State { evidence: Evidence[]; first: string | null }

export const spawnFailed: Cause<State> = {
  meta: {
    id: 'spawn-failed',
    title: 'The server could not be started',
    defaultSide: 'client',
    summary: 'The host could not launch the server: the command, interpreter, script or package it names is missing or not executable (the host\'s configuration or environment).',
  },
  create: () => ({ evidence: [], first: null }),
  observe(state, { signals, fold }) {
    let taken = false;
    for (const s of signals) {
      if (s.kind === 'spawn') {
        // One line per record: the others are the same error in the host's dump of it (`stack: 'Error: spawn …`).
        if (taken) continue;
        taken = true;
        if (fold.lastHeader && fold.lastHeader.seq >= s.seq - 2) addEvidence(state.evidence, fromSignal(fold.lastHeader));
        addEvidence(state.evidence, fromSignal(s));
        state.first ??= s.text;
      } else if (s.kind === 'closed' && state.first !== null) addEvidence(state.evidence, fromSignal(s));
    }
  },
  decide(state) {
    if (state.first === null) return undefined;
    return { side: 'client', impact: 'failed', summary: `the server could not be started: ${state.first}`, evidence: state.evidence };
  },
};
