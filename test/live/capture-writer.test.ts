// The capture writer against a real file: the records it writes are those capture-record.ts defines, in order,
// whichever way it builds them (escaped from bytes, built as text, or written in pieces).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventRecord, lineRecordPieces, lineText } from '../../src/live/capture-record.js';
import { CaptureWriter } from '../../src/live/capture-writer.js';
import { escapeJsonBytes, MAX_ESCAPE_GROWTH } from '../../src/live/json-bytes.js';
import type { CapturedLine } from '../../src/live/line-capture.js';
import { SyncFile } from '../../src/live/sync-file.js';
import { capturedLines, tempDir } from './helpers.js';

const TS = '2026-11-29T22:00:00.000Z';
const expected = (l: CapturedLine) => [...lineRecordPieces(l)].join('');

const lines = (bytes: Buffer, size: number, max = 1 << 26): CapturedLine[] =>
  capturedLines('c2s', bytes, size, max, TS);

/** Writes the lines (and events around them) with a CaptureWriter, returns the file's text and what it should be. */
async function written(ls: CapturedLine[], { flushEachTurn = false } = {}): Promise<{ text: string; want: string }> {
  const path = join(tempDir('capture-writer'), 'c.ndjson');
  const errors: Error[] = [];
  const w = new CaptureWriter(SyncFile.open(path), (e) => errors.push(e));
  let want = eventRecord(TS, 'start', { pid: 1 });
  w.event(TS, 'start', { pid: 1 });
  for (const l of ls) {
    w.line(l, lineText(l));
    want += expected(l);
    if (flushEachTurn) await new Promise((r) => setImmediate(r));
  }
  w.event(TS, 'exit', { code: 0, signal: null });
  want += eventRecord(TS, 'exit', { code: 0, signal: null });
  w.close();
  expect(errors).toEqual([]);
  return { text: readFileSync(path, 'utf8'), want };
}

describe('escapeJsonBytes', () => {
  const viaStringify = (s: string) => Buffer.from(JSON.stringify(s).slice(1, -1), 'utf8');
  const escaped = (b: Buffer) => {
    const dst = Buffer.alloc(b.length * MAX_ESCAPE_GROWTH);
    return dst.subarray(0, escapeJsonBytes(b, dst, 0));
  };

  it('gives the bytes of JSON.stringify for every control character, quote, backslash, DEL, U+2028/9, BOM', () => {
    let s = '\uFEFF"\\/\x7f\u2028\u2029é😀';
    for (let c = 0; c < 0x20; c++) s += String.fromCharCode(c);
    expect(escaped(Buffer.from(s)).toString('utf8')).toBe(viaStringify(s).toString('utf8'));
  });

  it('gives the bytes of JSON.stringify for any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('"', '\\', '\n', '\r', '\t', '\x00', '\x1f', '\u2028'),
            fc.constant('a'),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
          ),
        }),
        (s) => {
          const b = Buffer.from(s, 'utf8');
          expect(escaped(b).equals(viaStringify(b.toString('utf8')))).toBe(true);
        },
      ),
      { numRuns: 500, seed: 42 },
    );
  });
});

describe('CaptureWriter', () => {
  const WIRE = Buffer.concat([
    Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n\ncrlf line\r\n'),
    Buffer.from('\uFEFFbom and ünïcödé 😀 "quotes" \\ \u2028 \t\x01\n'),
    Buffer.from([0x62, 0x61, 0x64, 0xff, 0xc3, 0x28, 0xe2, 0x82, 0x0a]), // invalid UTF-8: built as text
    Buffer.from('no newline at the end'),
  ]);

  it.each([1, 3, 7, WIRE.length])(
    'writes the records capture-record.ts defines, in order (%i-byte chunks)',
    async (size) => {
      const { text, want } = await written(lines(WIRE, size));
      expect(text).toBe(want);
    },
  );

  it('the same when each record is flushed in its own turn', async () => {
    const { text, want } = await written(lines(WIRE, 5), { flushEachTurn: true });
    expect(text).toBe(want);
  });

  it('lines around every size limit: escaped into the batch, built as text, written in pieces', async () => {
    const quoted = (n: number) => Buffer.from('"'.repeat(n)); // each byte escapes to two
    const wire = Buffer.concat([
      ...[10_000, 10_900, 10_902, 11_000, 40_000, 65_535, 65_536, 200_000].map((n) =>
        Buffer.concat([quoted(n), Buffer.from('\n')]),
      ),
      ...Array.from({ length: 300 }, (_, i) => Buffer.from(`{"id":${i},"text":"${'x'.repeat(i * 7)}"}\n`)), // many batch fills
      Buffer.concat([Buffer.from([0xff]), quoted(70_000), Buffer.from('\n')]), // long and not UTF-8
    ]);
    const { text, want } = await written(lines(wire, 65_536));
    expect(text.length).toBe(want.length);
    expect(text === want).toBe(true);
  });

  it('a line cut by the cap keeps the cut record', async () => {
    const { text, want } = await written(lines(Buffer.from('aé😀z\n0123456789abcdef\n'), 2, 4));
    expect(text).toBe(want);
    expect(text).toContain('"line":"aé","truncated":true,"bytes":8');
  });
});
