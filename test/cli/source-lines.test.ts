// readSourceLines / LinePicker: the lines evidence points at, numbered and cut as node:readline reads them, from byte
// chunks split anywhere (inside a `\r\n`, inside a UTF-8 character), a gzip file's decompressed lines.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LinePicker, readSourceLines } from '../../src/cli/source-lines.js';
import { tempDir } from '../helpers/temp.js';

/** What the lines were read with before: readline over the chunks, every line a string, long ones cut at 4096. */
async function byReadline(chunks: readonly Buffer[], wanted: ReadonlySet<number>): Promise<Map<number, string>> {
  const got = new Map<number, string>();
  const last = Math.max(0, ...wanted);
  const rl = createInterface({ input: Readable.from(chunks), crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    n++;
    if (wanted.has(n)) got.set(n, line.length > 4096 ? line.slice(0, 4096) : line);
    if (n >= last) {
      rl.close();
      break;
    }
  }
  return got;
}

function picked(chunks: readonly Buffer[], wanted: ReadonlySet<number>): Map<number, string> {
  const picker = new LinePicker(wanted);
  for (const c of chunks) if (picker.push(c)) break;
  return picker.end();
}

/** `bytes` cut at these sizes, in turn. */
function cut(bytes: Buffer, sizes: readonly number[]): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = sizes[i % sizes.length]!;
    out.push(bytes.subarray(at, at + n));
    at += n;
  }
  return out;
}

const piece = fc.constantFrom('a', 'bc', '{"x":1}', ' ', 'é', '€', '😀', '\n', '\r', '\r\n', '\n\n', '\r\r');

describe('LinePicker', () => {
  it('keeps the lines readline numbers, whatever the line breaks and wherever the chunks are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        async (pieces, sizes, lines) => {
          const chunks = cut(Buffer.from(pieces.join('')), sizes);
          const wanted = new Set(lines);
          expect(picked(chunks, wanted)).toEqual(await byReadline(chunks, wanted));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cuts a long line at 4096 characters as readline did, multi-byte characters and all', async () => {
    const line = `${'é😀x'.repeat(3000)}`;
    const bytes = Buffer.from(`first\n${line}\r\nlast`);
    for (const sizes of [[1], [3], [7], [65536]]) {
      const chunks = cut(bytes, sizes);
      const got = picked(chunks, new Set([2, 3]));
      expect(got).toEqual(await byReadline(chunks, new Set([2, 3])));
      expect(got.get(2)).toBe(line.slice(0, 4096));
      expect(got.get(3)).toBe('last');
    }
  });

  it('stops once the last wanted line is read, and keeps nothing it was not asked for', () => {
    const picker = new LinePicker(new Set([2]));
    expect(picker.push(Buffer.from('one\ntw'))).toBe(false);
    expect(picker.push(Buffer.from('o\nthree\n'))).toBe(true);
    expect([...picker.end()]).toEqual([[2, 'two']]);
  });
});

describe('readSourceLines', () => {
  it('reads the wanted lines of a log and of a gzip file, and leaves out a file it cannot read', async () => {
    const dir = tempDir('source-lines');
    const text = Array.from({ length: 5000 }, (_, i) => `{"line":${i + 1}}`).join('\n');
    const plain = join(dir, 'log.ndjson');
    const gz = join(dir, 'log.ndjson.gz');
    writeFileSync(plain, text);
    writeFileSync(gz, gzipSync(text));
    const got = await readSourceLines(
      new Map([
        [plain, new Set([1, 4999, 5000])],
        [gz, new Set([2, 3000])],
        [join(dir, 'missing.ndjson'), new Set([1])],
      ]),
    );
    expect([...got.keys()]).toEqual([plain, gz]);
    expect(got.get(plain)).toEqual(
      new Map([
        [1, '{"line":1}'],
        [4999, '{"line":4999}'],
        [5000, '{"line":5000}'],
      ]),
    );
    expect(got.get(gz)).toEqual(
      new Map([
        [2, '{"line":2}'],
        [3000, '{"line":3000}'],
      ]),
    );
  });
});
