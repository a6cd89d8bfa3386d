// The slow cause keeps, per session, only answers past the slow threshold: a session's answers under it leave
// nothing behind (each kept answer holds its message's text), and those past it give the diagnosis they gave.
import { describe, expect, it } from 'vitest';
import { slow } from '../../src/diagnose/causes/slow.js';
import { newFold } from '../../src/diagnose/fold.js';
import { rec } from '../helpers/records.js';

const SLOW_MS = 5000;

/** A tools/call answer `ms` after its request, as record `seq`, its text as long as a tools/list answer. */
function answer(seq: number, ms: number) {
  const message = { jsonrpc: '2.0', id: seq, result: { content: [{ type: 'text', text: 'x'.repeat(10_000) }] } };
  return rec({ seq, kind: 'response', dir: 's2c', method: 'tools/call', id: seq, latencyMs: ms, message });
}

function observeAll(latencies: readonly number[]) {
  const state = slow.create();
  const fold = newFold();
  latencies.forEach((ms, i) => {
    slow.observe(state, { record: answer(i + 1, ms), signals: [], fold, slowMs: SLOW_MS });
  });
  return { state, fold };
}

describe('slow', () => {
  it('keeps nothing of answers under the slow threshold, however many', () => {
    const { state } = observeAll(Array.from({ length: 10_000 }, (_, i) => i % 4_999));
    expect(state.answers).toEqual([]);
    expect(state.host).toEqual([]);
  });

  it('keeps the 3 slowest answers past it, the earliest among equals, each text cut to 1,000 characters', () => {
    const { state, fold } = observeAll([100, 6000, 7000, 4000, 9000, 7000, 5000, 8000, 120]);
    expect(state.answers.map((s) => [s.evidence.seq, s.ms])).toEqual([
      [5, 9000],
      [8, 8000],
      [3, 7000],
    ]);
    for (const s of state.answers) expect(s.evidence.text).toHaveLength(1001);
    const decided = slow.decide(state, {
      session: undefined,
      key: '1',
      fold,
      open: [],
      decided: new Map(),
      slowMs: SLOW_MS,
    });
    expect(decided?.summary).toBe(
      'the server answered slowly (over 5000 ms): tools/call 9.0 s, tools/call 8.0 s, tools/call 7.0 s',
    );
    expect(decided?.evidence.map((e) => e.seq)).toEqual([5, 8, 3]);
  });
});
