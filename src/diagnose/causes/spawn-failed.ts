// Cause spawn-failed: the server's process could not be started (command not found, ENOENT, a missing package).
import { fromSignal } from '../fold.js';
import { addEvidence, type Cause, type Evidence } from '../types.js';

interface State {
  evidence: Evidence[];
  first: string | null;
}

export const spawnFailed: Cause<State> = {
  meta: {
    id: 'spawn-failed',
    title: 'The server could not be started',
    defaultSide: 'client',
    summary:
      "The host could not launch the server: the command, interpreter, script or package it names is missing or not executable (the host's configuration or environment).",
  },
  create: () => ({ evidence: [], first: null }),
  observe(state, { signals, fold }) {
    const taken: string[] = [];
    for (const s of signals) {
      if (s.kind === 'spawn') {
        // A line of the record that repeats one taken is the same error in the host's dump of it (`stack: 'Error:
        // spawn …`); other lines are more of what went wrong (uv's `No solution found …` and its reason under it).
        if (taken.some((t) => s.text.includes(t) || t.includes(s.text))) continue;
        taken.push(s.text);
        if (fold.lastHeader && fold.lastHeader.seq >= s.seq - 2)
          addEvidence(state.evidence, fromSignal(fold.lastHeader));
        addEvidence(state.evidence, fromSignal(s));
        state.first ??= s.text;
      } else if (s.kind === 'closed' && state.first !== null) addEvidence(state.evidence, fromSignal(s));
    }
  },
  decide(state) {
    if (state.first === null) return undefined;
    return {
      side: 'client',
      impact: 'failed',
      summary: `the server could not be started: ${state.first}`,
      evidence: state.evidence,
    };
  },
};
