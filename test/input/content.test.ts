// An input's content before any format is detected: gzip decompressed as it streams (bounded), files that are no log
// named by their magic, everything else passed through untouched.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { inputContent, type ContentOptions } from '../../src/input/files/content.js';
import { fileMagic } from '../../src/input/files/file-magic.js';
import { fixture } from './helpers.js';

const LOG = fixture('../hosts/claude-desktop/mcp-server-memory-2025-05.log');

/** `bytes` in chunks of `size`, counting the chunks the consumer pulled. */
function source(bytes: Buffer, size: number): { chunks: AsyncIterable<Buffer>; pulled: () => number } {
  let pulled = 0;
  return {
    chunks: (async function* () {
      for (let i = 0; i < bytes.length; i += size) {
        pulled++;
        yield bytes.subarray(i, i + size);
      }
    })(),
    pulled: () => pulled,
  };
}

async function content(bytes: Buffer, size: number, opts: ContentOptions = {}): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of inputContent(source(bytes, size).chunks, opts)) out.push(Buffer.from(c as Buffer));
  return Buffer.concat(out);
}

describe('inputContent', () => {
  test('a log passes through byte for byte, whatever its chunks', async () => {
    const log = Buffer.from(LOG);
    for (const size of [1, 3, 7, 4096]) expect((await content(log, size)).equals(log)).toBe(true);
  });

  test('a live log is handed on at its first bytes: nothing waits for more input than the magics need', async () => {
    // A short first line, then nothing more for now (a pipe that stays open).
    const live = (async function* () {
      yield Buffer.from('{"id":1}\n');
      yield Buffer.from('BZ');
      await new Promise(() => {});
    })();
    const it = inputContent(live)[Symbol.asyncIterator]();
    expect(String((await it.next()).value)).toBe('{"id":1}\n');
  });

  test('gzip gives its content, in 1-, 3- and 7-byte chunks, several members one after the other', async () => {
    const log = Buffer.from(LOG);
    const half = log.length >> 1;
    const twoMembers = Buffer.concat([gzipSync(log.subarray(0, half)), gzipSync(log.subarray(half))]);
    for (const size of [1, 3, 7]) {
      expect((await content(gzipSync(log), size)).equals(log)).toBe(true);
      expect((await content(twoMembers, size)).equals(log)).toBe(true);
    }
  });

  test('gzip cut short gives what it holds and a note that it ends early', async () => {
    const log = Buffer.from(LOG);
    const gz = gzipSync(log);
    const notes: string[] = [];
    const got = await content(gz.subarray(0, gz.length >> 1), 512, { status: { note: (_source, t) => notes.push(t) } });
    expect(got.length).toBeGreaterThan(0);
    expect(log.subarray(0, got.length).equals(got)).toBe(true);
    expect(notes).toEqual([
      `gzip-compressed: the compressed data ends early after ${got.length} bytes of content; read up to there`,
    ]);
  });

  test('a gzip bomb stops at the limit: the content given and the input read are bounded', async () => {
    // 1 GiB of zeros in about 1 MiB (64 members of 16 MiB each): read with a 1 MiB limit, in 1 KiB chunks.
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
    const src = source(bomb, 1024);
    const notes: string[] = [];
    let given = 0;
    for await (const c of inputContent(src.chunks, {
      maxContentBytes: 1024 * 1024,
      status: { note: (_source, t) => notes.push(t) },
    }))
      given += c.length;
    expect(given).toBe(1024 * 1024);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^gzip-compressed: its content passed 1048576 bytes \(read from \d+ compressed bytes\); the rest is not read/,
    );
    // Stopped near where the limit was passed (a read-ahead of some KiB), not at the bomb's end (1024 times further).
    const total = Math.ceil(bomb.length / 1024);
    expect(src.pulled()).toBeLessThan(total / 16);
  });

  test('a program is named for what it is and gives nothing', async () => {
    const unread: string[] = [];
    const got = await content(readFileSync('/bin/true'), 7, { onUnread: (w) => unread.push(w) });
    expect(got.length).toBe(0);
    expect(unread).toEqual(['not a log: ELF executable']);
  });

  test('compressions and archives mcptrace does not open say how to get at the log', async () => {
    const cases: [string, string][] = [
      ['fd377a585a000004', 'xz-compressed: not read; decompress it first (xz -d)'],
      ['425a683931415926', 'bzip2-compressed: not read; decompress it first (bunzip2)'],
      ['504b030414000000', 'zip archive: not read; unpack it first (unzip)'],
    ];
    for (const [hex, why] of cases) {
      const unread: string[] = [];
      await content(Buffer.concat([Buffer.from(hex, 'hex'), Buffer.alloc(32, 7)]), 3, {
        onUnread: (w) => unread.push(w),
      });
      expect(unread, hex).toEqual([why]);
    }
  });
});

/** `bytes` compressed by the zstd program (RFC 8878 frames, as `zstd` writes them). */
function zstd(bytes: Buffer, ...args: string[]): Buffer {
  const r = spawnSync('zstd', ['-c', '-q', ...args], { input: bytes, maxBuffer: 1024 ** 3 });
  if (r.status !== 0) throw new Error(`zstd failed: ${r.stderr}`);
  return r.stdout;
}

describe('inputContent: zstd', () => {
  test('gives its content, in 1-, 3- and 7-byte chunks, several frames one after the other', async () => {
    const log = Buffer.from(LOG);
    const half = log.length >> 1;
    const one = zstd(log, '-19', '--check');
    const two = Buffer.concat([zstd(log.subarray(0, half)), zstd(log.subarray(half))]);
    for (const size of [1, 3, 7, 4096]) {
      expect((await content(one, size)).equals(log)).toBe(true);
      expect((await content(two, size)).equals(log)).toBe(true);
    }
  });

  test('cut short: what it holds and a note that it ends early', async () => {
    const log = Buffer.from(LOG);
    const z = zstd(log, '-B4096');
    const notes: string[] = [];
    const got = await content(z.subarray(0, z.length >> 1), 512, { status: { note: (_source, t) => notes.push(t) } });
    expect(log.subarray(0, got.length).equals(got)).toBe(true);
    expect(notes).toEqual([
      `zstd-compressed: the compressed data ends early after ${got.length} bytes of content; read up to there`,
    ]);
  });

  test('a frame that asks for a window over 128 MiB is refused before it is decoded', async () => {
    // A frame header: magic, descriptor 0 (no single segment, no checksum), window descriptor 0xa0 (2^30 bytes).
    const frame = Buffer.concat([Buffer.from('28b52ffd00a0', 'hex'), Buffer.alloc(64, 0)]);
    const notes: string[] = [];
    const got = await content(frame, 5, { status: { note: (_source, t) => notes.push(t) } });
    expect(got.length).toBe(0);
    expect(notes).toEqual([
      "zstd-compressed: a frame's window is 1024 MiB, more than the 128 MiB mcptrace decodes; the rest is not read: decompress it first (zstd -d)",
    ]);
  });

  test('a zstd bomb stops at the limit: the content given and the input read are bounded', async () => {
    const bomb = zstd(Buffer.alloc(256 * 1024 * 1024), '-1');
    const src = source(bomb, 64);
    const notes: string[] = [];
    let given = 0;
    for await (const c of inputContent(src.chunks, {
      maxContentBytes: 1024 * 1024,
      status: { note: (_source, t) => notes.push(t) },
    }))
      given += c.length;
    expect(given).toBe(1024 * 1024);
    expect(notes[0]).toMatch(
      /^zstd-compressed: its content passed 1048576 bytes \(read from \d+ compressed bytes\); the rest is not read: decompress it first \(zstd -d\)/,
    );
    expect(src.pulled()).toBeLessThan(Math.ceil(bomb.length / 64) / 16);
  });
});

describe('fileMagic', () => {
  test('text that starts like a short magic is still text; a capture is no magic here', () => {
    expect(fileMagic(Buffer.from('MZ-1234 started server\n'))).toBeNull();
    expect(fileMagic(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'))?.what).toBe('Windows executable (PE)');
    expect(fileMagic(readFileSync('samples/everything-http.pcap').subarray(0, 64))).toBeNull();
    expect(fileMagic(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'))).toBeNull();
  });
});
