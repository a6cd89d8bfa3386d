// Cause tool-errors: tools/call results with isError: true — which tools, how many, the first words of each failure.
import { evidenceOf } from '../fold.js';
import { addEvidence, type Cause, type Evidence } from '../types.js';

interface State {
  evidence: Evidence[];
  calls: number;
  failed: number;
  byText: Map<string, string>;
}

/** The first text of a tool result, bounded. */
function firstText(result: unknown): string {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return '';
  for (const c of content)
    if (c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string')
      return (c as { text: string }).text.slice(0, 200);
  return '';
}

export const toolErrors: Cause<State> = {
  meta: {
    id: 'tool-errors',
    title: 'Tool calls failed inside the tool',
    defaultSide: 'tool',
    summary:
      'tools/call results with isError: true: the call reached the tool and the tool reported a failure (bad input, missing permission, an upstream error).',
  },
  create: () => ({ evidence: [], calls: 0, failed: 0, byText: new Map() }),
  observe(state, { record, fold }) {
    if (record.method !== 'tools/call' || record.kind !== 'response') return;
    state.calls++;
    const result = (record.message as { result?: { isError?: unknown } } | null)?.result;
    if (result?.isError !== true) return;
    state.failed++;
    const text = firstText(result);
    const tool = (record.pair !== null ? fold.pending.get(record.pair)?.tool : null) ?? 'a tool';
    if (!state.byText.has(text) && state.byText.size < 10) {
      state.byText.set(text, tool);
      addEvidence(state.evidence, evidenceOf(record, text || undefined));
    }
  },
  decide(state) {
    if (state.failed === 0) return undefined;
    const kinds = [...state.byText].map(([text, tool]) => `${tool}: ${text.split('\n')[0]}`).join('; ');
    // One refused input among several calls is the tool doing its job (an unknown name, a missing entity); two or
    // more, or a quarter of the calls, is a session whose work went wrong.
    const impact = state.failed >= 2 || state.failed * 4 >= state.calls ? 'degraded' : 'note';
    return {
      side: 'tool',
      impact,
      summary: `${state.failed} of ${state.calls} tool calls failed inside the tool — ${kinds}`,
      evidence: state.evidence,
    };
  },
};
