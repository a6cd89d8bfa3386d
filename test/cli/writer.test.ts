// writePieces / writeFilePieces: a document given in pieces reaches the stream or file whole, in bounded writes, honouring backpressure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeFilePieces, writePieces } from '../../src/cli/writer.js';
import { tempDir, testTmpRoot } from '../helpers/temp.js';

/** A slow stream with a small buffer: every write is taken on the next turn, so backpressure is hit. */
function slowSink(): { out: Writable; writes: string[] } {
  const writes: string[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, cb) {
      writes.push(chunk.toString('utf8'));
      setImmediate(cb);
    },
  });
  return { out, writes };
}

const pieces = (n: number) =>
  Array.from({ length: n }, (_, i) => `{"seq": ${i}, "text": "é ${'x'.repeat(i % 700)}"},\n`);

describe('writePieces', () => {
  it('writes the joined text, in writes of about 256 KiB rather than one per piece', async () => {
    const { out, writes } = slowSink();
    const all = pieces(5000);
    await writePieces(out, all);
    expect(writes.join('')).toBe(all.join(''));
    expect(writes.length).toBeLessThan(all.length / 100);
    expect(Math.max(...writes.map((w) => w.length))).toBeLessThan(300 * 1024);
  });

  it('honours backpressure: each write waits until the stream has taken the one before (nothing queued when it is made)', async () => {
    const { out, writes } = slowSink();
    const queuedAtWrite: number[] = [];
    const write = out.write.bind(out) as (chunk: string, cb?: (err?: Error | null) => void) => boolean;
    out.write = ((chunk: string, cb?: (err?: Error | null) => void) => {
      queuedAtWrite.push(out.writableLength);
      return write(chunk, cb);
    }) as typeof out.write;
    const all = pieces(5000);
    await writePieces(out, all);
    expect(writes.join('')).toBe(all.join(''));
    expect(queuedAtWrite.length).toBeGreaterThan(5); // several writes, each over the stream's 1 KiB buffer
    expect(queuedAtWrite).toEqual(queuedAtWrite.map(() => 0));
  });

  it('writes an empty document and a single piece', async () => {
    for (const doc of [[], ['{}\n']]) {
      const { out, writes } = slowSink();
      await writePieces(out, doc);
      expect(writes.join('')).toBe(doc.join(''));
    }
  });

  it('rejects with the stream error', async () => {
    const out = new Writable({ write: (_c, _e, cb) => cb(new Error('disk full')) });
    out.on('error', () => {});
    await expect(writePieces(out, pieces(10))).rejects.toThrow('disk full');
  });
});

describe('writeFilePieces', () => {
  it('writes the joined text to the file, replacing what was there', async () => {
    const file = join(tempDir('writer'), 'report.json');
    await writeFilePieces(file, ['old', ' text that is longer']);
    const all = pieces(3000);
    await writeFilePieces(file, all);
    expect(readFileSync(file, 'utf8')).toBe(all.join(''));
  });

  it('rejects when the file cannot be opened', async () => {
    await expect(
      writeFilePieces(join(testTmpRoot(), 'no-such-dir-mcptrace', 'x', 'r.json'), ['{}']),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
