// A filter's records come with their pairs: a matching request with its answer, a matching answer with its request
// (held until the answer comes, at most maxHeld of them).
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/filter/evaluate.js';
import { parseFilter } from '../../src/filter/parse.js';
import { PairSelector } from '../../src/filter/select.js';
import { Seq } from '../helpers/records.js';

function run(expr: string, build: (s: Seq) => void, maxHeld = 100): number[][] {
  const s = new Seq();
  build(s);
  const selector = new PairSelector(compile(parseFilter(expr)), maxHeld);
  return s.records.map((r) => selector.push(r).map((x) => x.seq));
}

const answer = (s: Seq, request: number, id: number, isError = false) =>
  s.add({
    kind: 'response',
    dir: 's2c',
    id,
    method: 'tools/call',
    pair: request,
    message: { jsonrpc: '2.0', id, result: { content: [], isError } },
  });
const call = (s: Seq, id: number, tool: string) =>
  s.add({
    kind: 'request',
    id,
    method: 'tools/call',
    message: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool } },
  });

describe('PairSelector', () => {
  it('a matching request brings its answer; a matching answer brings its request, just before it', () => {
    const shown = run('tool == echo or isError', (s) => {
      call(s, 1, 'echo'); // 1
      call(s, 2, 'add'); // 2
      s.add({ kind: 'notification', method: 'notifications/progress', id: null }); // 3
      answer(s, 2, 2, true); // 4
      answer(s, 1, 1); // 5
    });
    expect(shown).toEqual([[1], [], [], [2, 4], [5]]);
  });
  it("an answer is read with its request: a tool call's answer has its tool", () => {
    const shown = run('tool == add and isError', (s) => {
      call(s, 1, 'add'); // 1
      call(s, 2, 'add'); // 2
      answer(s, 1, 1, false); // 3
      answer(s, 2, 2, true); // 4
    });
    expect(shown).toEqual([[], [], [], [2, 4]]);
  });
  it('holds at most maxHeld requests: an answer whose request was let go is shown alone', () => {
    const shown = run(
      'isError',
      (s) => {
        for (let id = 1; id <= 5; id++) call(s, id, 'add'); // 1–5
        answer(s, 1, 1, true); // 6: request 1 was let go (5 requests, 2 held)
        answer(s, 5, 5, true); // 7
        answer(s, 4, 4, false); // 8
      },
      2,
    );
    expect(shown.slice(5)).toEqual([[6], [5, 7], []]);
  });
});
