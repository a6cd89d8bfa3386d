// Streaming: a frame is produced as soon as its line is complete, before the next line has even arrived.
import { describe, expect, test } from 'vitest';
import type { InputFormat } from '../../src/input/index.js';
import { readFrames } from '../../src/input/read.js';
import type { Frame } from '../../src/types.js';

/** A source that yields the given chunks one by one, each only when the test releases it. */
function gated(chunks: string[]) {
  const gates = chunks.map(() => {
    let open!: () => void;
    const p = new Promise<void>((r) => (open = r));
    return { p, open };
  });
  let pulled = 0;
  async function* source() {
    for (let i = 0; i < chunks.length; i++) {
      await gates[i].p;
      pulled = i + 1;
      yield Buffer.from(chunks[i]);
    }
  }
  return { source: source(), release: (i: number) => gates[i].open(), pulled: () => pulled };
}

/** Resolves with the next frame, or with 'pending' if none comes within a few event-loop turns. */
async function nextOrPending(
  it: AsyncIterator<Frame>,
): Promise<{ frame?: Frame; pending?: true; promise: Promise<IteratorResult<Frame>> }> {
  const promise = it.next();
  const timeout = new Promise<'pending'>((r) => setTimeout(() => r('pending'), 30));
  const r = await Promise.race([promise, timeout]);
  if (r === 'pending') return { pending: true, promise };
  return { frame: (r as IteratorResult<Frame>).value, promise };
}

const cases: Array<[string, string[], InputFormat | undefined]> = [
  [
    'ndjson (detected)',
    ['{"jsonrpc":"2.0","id":1,"method":"ping"}\n', '{"jsonrpc":"2.0","id":1,"result":{}}\n'],
    undefined,
  ],
  ['envelope (detected)', ['{"ts":"2026-11-29T22:00:00Z","dir":"c2s","line":"{}"}\n', '{"event":"exit"}\n'], undefined],
  [
    'transcript (detected)',
    ['[22:00:00.000] -> {"jsonrpc":"2.0","method":"a"}\n', '[22:00:00.100] <- {"jsonrpc":"2.0","method":"b"}\n'],
    undefined,
  ],
  [
    'transcript, pretty-printed',
    ['-> {\n', '  "jsonrpc": "2.0", "method": "a"\n}\n', '<- {"jsonrpc":"2.0","method":"b"}\n'],
    'transcript',
  ],
  ['json document', ['[\n  {"jsonrpc":"2.0","method":"a"},\n', '  {"jsonrpc":"2.0","method":"b"}\n]\n'], undefined],
];

describe('streaming', () => {
  test.each(cases)('%s: the first frame comes before the next chunk is released', async (_name, chunks, format) => {
    const g = gated(chunks);
    const it = readFrames(g.source, { file: '-', format })[Symbol.asyncIterator]();
    const completeAt = chunks.length === 3 ? 1 : 0; // the pretty-printed record ends in the second chunk
    for (let i = 0; i <= completeAt; i++) g.release(i);
    const first = await nextOrPending(it);
    expect(first.pending, 'first frame did not arrive before the next chunk').toBeUndefined();
    expect(first.frame).toBeDefined();
    expect(g.pulled()).toBe(completeAt + 1);
    // No second frame until its line is released.
    const second = await nextOrPending(it);
    expect(second.pending).toBe(true);
    for (let i = completeAt + 1; i < chunks.length; i++) g.release(i);
    const r = await second.promise;
    expect(r.done).toBe(false);
    expect((await it.next()).done).toBe(true);
  });
});
