// Cause slow: answers past the slow threshold (the rules' --slow-ms), with the slowest; a host's own measure of a
// request's latency is preferred to the log's line times.
import { isBlockingMethod } from '../../protocol/index.js';
import { evidenceOf, fromSignal } from '../fold.js';
import type { Cause, Evidence } from '../types.js';

interface Slow {
  ms: number;
  method: string;
  evidence: Evidence;
}
interface State {
  host: Slow[];
  answers: Slow[];
}

/**
 * Keeps the 3 slowest, the earliest first among equals. `make` is called only for an answer that is kept: most are
 * not, and their evidence (a copy of the message's text) is not made.
 */
function keep(list: Slow[], ms: number, make: () => Slow): void {
  if (list.length >= 3 && ms <= list[2]!.ms) return;
  list.push(make());
  list.sort((a, b) => b.ms - a.ms);
  if (list.length > 3) list.length = 3;
}

export const slow: Cause<State> = {
  meta: {
    id: 'slow',
    title: 'Answers were slow',
    defaultSide: 'server',
    summary: 'Requests were answered, but later than the slow threshold (--slow-ms, default 5000 ms).',
  },
  create: () => ({ host: [], answers: [] }),
  observe(state, { record, signals, fold, slowMs }) {
    for (const s of signals) {
      const ms = s.ms;
      if (s.kind === 'took' && ms !== undefined)
        keep(state.host, ms, () => ({ ms, method: s.method ?? '?', evidence: fromSignal(s) }));
    }
    // Only answers past the threshold are kept: decide reports no other (the slowest of all past it are the slowest
    // of those past it), and a session's 3 slowest answers, each with its text, are not kept for nothing.
    const ms = record.latencyMs;
    const method = record.method;
    if (
      (record.kind === 'response' || record.kind === 'error') &&
      ms !== null &&
      ms > slowMs &&
      method &&
      !isBlockingMethod(method)
    ) {
      // The request is still in the fold when its answer is observed: a tool call is named by its tool.
      const tool = record.pair !== null ? fold.pending.get(record.pair)?.tool : null;
      keep(state.answers, ms, () => ({
        ms,
        method: tool ? `${method} ${tool}` : method,
        evidence: evidenceOf(record),
      }));
    }
  },
  decide(state, { slowMs, fold }) {
    const pick = (state.host.length > 0 ? state.host : state.answers).filter((s) => s.ms > slowMs);
    if (pick.length === 0) return undefined;
    const list = pick.map((s) => `${s.method} ${(s.ms / 1000).toFixed(1)} s`).join(', ');
    return {
      side: 'server',
      impact: 'degraded',
      summary: `${fold.server ?? 'the server'} answered slowly (over ${slowMs} ms): ${list}`,
      evidence: pick.map((s) => s.evidence),
    };
  },
};
