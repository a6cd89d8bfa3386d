// Lines over --max-message-bytes: never held whole, kept as their first bytes with their full size, the same in any
// chunking; every reader turns them into `oversized` records, and line numbering goes on.
import { describe, expect, test } from 'vitest';
import { LineSplitter, type Line } from '../../src/input/lines/lines.js';
import { decodeFrame } from '../../src/decode/decode.js';
import { JsonDocumentReader } from '../../src/input/json/json-document.js';
import type { Frame } from '../../src/types.js';
import { readFrames } from '../../src/input/read.js';

function split(bytes: Buffer, max: number, keep: number, size = 0): Line[] {
  const s = new LineSplitter({ maxLineBytes: max, keepBytes: keep });
  const out: Line[] = [];
  if (size <= 0) s.push(bytes, out);
  else for (let i = 0; i < bytes.length; i += size) s.push(bytes.subarray(i, i + size), out);
  return s.end(out);
}

describe('LineSplitter with a line limit', () => {
  const text = Buffer.from('short\n' + 'x'.repeat(50) + '\r\nmid\n' + 'é'.repeat(30) + '\nend');

  test.each([0, 1, 3, 7, 20])('keeps the start of a long line and counts the rest (chunk %i)', (size) => {
    expect(split(text, 20, 8, size)).toEqual([
      { text: 'short', line: 1, bytes: 5 },
      { text: 'xxxxxxxx', line: 2, bytes: 50, oversized: true },
      { text: 'mid', line: 3, bytes: 3 },
      // A two-byte character cut by the 8-byte start is left out whole, not decoded as U+FFFD.
      { text: 'éééé', line: 4, bytes: 60, oversized: true },
      { text: 'end', line: 5, bytes: 3 },
    ]);
  });

  test('a line of exactly the limit (its CR not counted) is whole; one byte more is oversized', () => {
    expect(split(Buffer.from('abcd\r\nabcde\n'), 4, 2, 1)).toEqual([
      { text: 'abcd', line: 1, bytes: 4 },
      { text: 'ab', line: 2, bytes: 5, oversized: true },
    ]);
  });

  test('an oversized last line without a line ending', () => {
    expect(split(Buffer.from('a\n' + 'y'.repeat(30)), 10, 4, 4)).toEqual([
      { text: 'a', line: 1, bytes: 1 },
      { text: 'yyyy', line: 2, bytes: 30, oversized: true },
    ]);
  });

  test('holds at most the limit (plus one byte) while a long line goes on', () => {
    const s = new LineSplitter({ maxLineBytes: 1000, keepBytes: 10 });
    const chunk = Buffer.alloc(4096, 0x41);
    for (let i = 0; i < 100; i++) s.push(chunk);
    expect(s.pending).toBe(409_600);
    expect(s.peekPending().length).toBeLessThanOrEqual(10);
    const [line] = s.end();
    expect(line).toEqual({ text: 'A'.repeat(10), line: 1, bytes: 409_600, oversized: true });
  });
});

describe('readers', () => {
  const long = `{"jsonrpc":"2.0","id":1,"result":{"pad":"${'z'.repeat(200)}"}}`;

  test.each([
    ['ndjson', `{"jsonrpc":"2.0","id":1,"method":"ping"}\n${long}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n`, 2],
    [
      'envelope',
      `{"dir":"c2s","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}\n{"dir":"s2c","message":${long}}\n{"dir":"c2s","message":{"jsonrpc":"2.0","id":2,"method":"ping"}}\n`,
      2,
    ],
    [
      'transcript',
      `-> {"jsonrpc":"2.0","id":1,"method":"ping"}\n<- ${long}\n-> {"jsonrpc":"2.0","id":2,"method":"ping"}\n`,
      2,
    ],
  ] as const)('%s: an oversized line is an oversized record of its own', async (format, text, line) => {
    const out: Frame[] = [];
    async function* src() {
      for (let i = 0; i < text.length; i += 7) yield Buffer.from(text.slice(i, i + 7));
    }
    for await (const f of readFrames(src(), { file: 't', format, maxMessageBytes: 100 })) out.push(f);
    expect(out.map((f) => [f.line, f.lines, f.oversized ?? false])).toEqual([
      [1, 1, false],
      [line, 1, true],
      [3, 1, false],
    ]);
    const big = out[1];
    expect(big.bytes).toBe(Buffer.byteLength(text.split('\n')[1]));
    expect(big.error).toMatch(
      /^line of \d+ bytes is larger than --max-message-bytes \(100\): only its first 100 bytes are kept$/,
    );
    if (format === 'transcript') expect(big.dir).toBe('s2c');
    const [d] = decodeFrame(big);
    expect(d).toMatchObject({ kind: 'invalid', problem: { rule: 'oversized' } });
  });

  test('json document: an element over the limit is not assembled', () => {
    const r = new JsonDocumentReader('d', { maxBytes: 100 });
    const out: Frame[] = [];
    r.push(
      Buffer.from(
        `[\n{"jsonrpc":"2.0","id":1,"method":"ping"},\n${long},\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n]\n`,
      ),
      out,
    );
    r.end(out);
    expect(out.map((f) => [f.line, f.oversized ?? false, f.error ?? null])).toEqual([
      [2, false, null],
      [3, true, expect.stringMatching(/^JSON element of \d+ bytes is larger than --max-message-bytes \(100\)/)],
      [4, false, null],
    ]);
    // What had been read of it, as compact JSON: the containers still open are left out.
    expect(out[1].text).toBe('{"jsonrpc":"2.0","id":1}');
  });

  test('json document: an element nested deeper than 1,000 levels is not assembled', () => {
    const r = new JsonDocumentReader('d');
    const out: Frame[] = [];
    const deep = '['.repeat(2000) + ']'.repeat(2000);
    r.push(
      Buffer.from(
        `[{"jsonrpc":"2.0","id":3,"method":"x","params":${deep}},\n{"jsonrpc":"2.0","id":2,"method":"ping"}]`,
      ),
      out,
    );
    r.end(out);
    expect(out.map((f) => [f.line, f.oversized ?? false, f.error ?? null])).toEqual([
      [1, true, 'JSON nested more than 1000 levels deep: not read as a message'],
      [2, false, null],
    ]);
  });
});
