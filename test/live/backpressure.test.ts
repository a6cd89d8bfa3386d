// Backpressure: a slow reader on either side of wrap. 200 MB flow through; wrap's memory stays bounded
// (its peak RSS is measured from /proc and must stay far below what it would take to buffer the flow).
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BYTES, exitOf, spawnWrap, tempDir, watchRss } from './helpers.js';

const MB = 1024 * 1024;
const TOTAL_MB = 200;
/** Well under the 200 MB that flow: wrap may hold a few stream buffers and one captured line, not the flow. */
const BOUND = 150 * MB;
const dir = tempDir('backpressure');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report = (what: string, peak: number | null) =>
  console.log(`wrap peak RSS, ${TOTAL_MB} MB through, ${what}: ${peak === null ? 'n/a (no /proc)' : (peak / MB).toFixed(1) + ' MB'}`);

describe('wrap: backpressure', () => {
  it('a client that reads slowly: the server is held back, wrap does not buffer (with a capture)', async () => {
    const capture = join(dir, 'slow-client.ndjson');
    const { child, stderr } = spawnWrap(['--out', capture], ['node', BYTES, 'lines', String(TOTAL_MB), String(MB - 1)]);
    const rss = watchRss(child);
    child.stdin.end();
    const hash = createHash('sha256');
    let bytes = 0;
    let owed = 0;
    child.stdout.on('data', (b: Buffer) => {
      hash.update(b);
      bytes += b.length;
      owed += b.length;
      if (owed >= MB) {
        // A slow reader: 10 ms per MiB.
        owed = 0;
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 10);
      }
    });
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    expect(stderr()).toBe('');
    const expected = createHash('sha256');
    for (let i = 0; i < TOTAL_MB; i++) {
      const line = Buffer.alloc(MB, String.fromCharCode(97 + (i % 26)));
      line[MB - 1] = 0x0a;
      expected.update(line);
    }
    expect({ bytes, sha: hash.digest('hex') }).toEqual({ bytes: TOTAL_MB * MB, sha: expected.digest('hex') });
    report('slow client, --out', rss.peak());
    if (rss.peak() !== null) expect(rss.peak()).toBeLessThan(BOUND);
  });

  it('a server that reads slowly: the client is held back, wrap does not buffer', async () => {
    const { child, stderr } = spawnWrap([], ['node', BYTES, 'sink', '10']);
    const rss = watchRss(child);
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    const chunk = Buffer.alloc(MB, 'y');
    chunk[MB - 1] = 0x0a;
    const hash = createHash('sha256');
    for (let i = 0; i < TOTAL_MB; i++) {
      hash.update(chunk);
      if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
    }
    child.stdin.end();
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    expect(stderr()).toBe('');
    expect(Buffer.concat(out).toString()).toBe(`${TOTAL_MB * MB} ${hash.digest('hex')}\n`);
    report('slow server', rss.peak());
    if (rss.peak() !== null) expect(rss.peak()).toBeLessThan(BOUND);
  });

  it('--live on a stderr nobody reads: the session goes on, the view leaves records out and says so', async () => {
    const { child, stderr } = spawnWrap(['--live'], ['node', BYTES, 'lines', '20000', '100']);
    child.stderr.pause(); // the host does not read stderr (yet)
    child.stdin.end();
    let bytes = 0;
    const all = new Promise<void>((resolve) =>
      child.stdout.on('data', (b: Buffer) => {
        bytes += b.length;
        if (bytes === 20000 * 101) resolve();
      }),
    );
    await all; // every byte reached the client while stderr was not read at all
    child.stderr.resume();
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    expect(stderr()).toMatch(/mcptrace: \d+ records left out of the live view: stderr was not read fast enough/);
  });
});

