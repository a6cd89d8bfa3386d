// Property: however the bytes of a real sample arrive (any split into chunks, down to single bytes inside a UTF-8
// character or a CRLF), the records and the summary are exactly those of reading it in one piece.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cut, run, SAMPLES, SEED } from './support.js';

describe.each(SAMPLES.map((s) => [s.name, s] as const))('chunking %s', (_name, sample) => {
  it('any split of its bytes into chunks gives identical output', async () => {
    const whole = (await run([sample.bytes])).text;
    const size = sample.bytes.length;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // A few cuts anywhere.
          fc.array(fc.integer({ min: 1, max: size - 1 }), { maxLength: 40 }),
          // Runs of 1-byte chunks somewhere, plus cuts around them.
          fc
            .tuple(fc.integer({ min: 1, max: size - 1 }), fc.integer({ min: 1, max: 300 }))
            .map(([at, n]) => Array.from({ length: n }, (_, i) => at + i)),
        ),
        async (at) => {
          expect((await run(cut(sample.bytes, at))).text).toBe(whole);
        },
      ),
      { numRuns: 40, seed: SEED },
    );
  });

  it('with CRLF line endings, chunked anywhere, gives the same records', async () => {
    const crlf = Buffer.from(sample.bytes.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
    const shape = (t: {
      records: {
        seq: number;
        kind: string;
        id: unknown;
        method: unknown;
        pair: unknown;
        source: string;
        findings: unknown[];
      }[];
    }) => t.records.map((r) => [r.seq, r.kind, r.id, r.method, r.pair, r.source, r.findings.length]);
    const whole = shape(await run([sample.bytes]));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: crlf.length - 1 }), { maxLength: 30 }), async (at) => {
        expect(shape(await run(cut(crlf, at)))).toEqual(whole);
      }),
      { numRuns: 8, seed: SEED },
    );
  });
});
