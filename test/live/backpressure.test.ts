// Backpressure: a slow reader on either side of wrap. In-process, the bytes wrap holds are counted: never more than
// a stream buffer and a chunk or two beyond what the slow side has taken. End to end, 200 MB flow through the built
// CLI unchanged, and its peak RSS (from /proc) stays below a ceiling, far below what buffering the flow would take.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { proxy } from '../../src/live/proxy.js';
import { SyncFile } from '../../src/live/sync-file.js';
import { BYTES, exitOf, spawnWrap, watchRss } from './helpers.js';
import { lazyTempDir } from '../helpers/temp.js';

const MB = 1024 * 1024;
const TOTAL_MB = 200;
/** Well under the 200 MB that flow: wrap may hold a few stream buffers and one captured line, not the flow. */
const BOUND = 150 * MB;
const dir = lazyTempDir('backpressure');
afterAll(() => rmSync(dir.path, { recursive: true, force: true }));

const report = (what: string, peak: number | null) =>
  console.log(
    `wrap peak RSS, ${TOTAL_MB} MB through, ${what}: ${peak === null ? 'n/a (no /proc)' : (peak / MB).toFixed(1) + ' MB'}`,
  );

/** A slow reader: 10 ms per MiB (the writer is many times faster). */
const SLOW_MS_PER_MIB = 10;

describe('proxy in-process: the bytes wrap holds while one side reads slowly', () => {
  const FLOW = 32 * MB;
  /** The client's stream buffer, and the most a pipe gives in one read. */
  const HWM = 64 * 1024;

  it('a client that reads slowly: what waits on its stdout never exceeds its buffer and one chunk (with a capture)', async () => {
    const hash = createHash('sha256');
    let bytes = 0;
    let owed = 0;
    const stdout = new Writable({
      highWaterMark: HWM,
      write(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        bytes += chunk.length;
        owed += chunk.length;
        if (owed < MB) return done();
        owed = 0;
        setTimeout(done, SLOW_MS_PER_MIB);
      },
    });
    // What is queued on the client's stdout, looked at after each write wrap makes to it.
    let queuedMax = 0;
    const write = stdout.write.bind(stdout) as (chunk: Buffer) => boolean;
    stdout.write = ((chunk: Buffer) => {
      const ok = write(chunk);
      queuedMax = Math.max(queuedMax, stdout.writableLength);
      return ok;
    }) as typeof stdout.write;
    const stdin = new PassThrough();
    stdin.end();
    let errText = '';
    const stderr = new Writable({ write: (c, _e, done) => ((errText += c.toString()), done()) });
    const code = await proxy(
      {
        command: [process.execPath, BYTES, 'lines', String(FLOW / MB), String(MB - 1)],
        out: SyncFile.open(join(dir.path, 'in-process.ndjson'), false),
        maxLine: 64 * MB,
      },
      { stdin, stdout, stderr, env: {} },
    );
    expect({ code, errText }).toEqual({ code: 0, errText: '' });
    const expected = createHash('sha256');
    for (let i = 0; i < FLOW / MB; i++) {
      const line = Buffer.alloc(MB, String.fromCharCode(97 + (i % 26)));
      line[MB - 1] = 0x0a;
      expected.update(line);
    }
    expect({ bytes, sha: hash.digest('hex') }).toEqual({ bytes: FLOW, sha: expected.digest('hex') });
    console.log(`in-process wrap, slow client: at most ${queuedMax} bytes queued on its stdout (buffer ${HWM})`);
    expect(queuedMax).toBeGreaterThanOrEqual(HWM); // the client was the slow side: its buffer filled
    expect(queuedMax).toBeLessThanOrEqual(2 * HWM);
  });

  it('a server that reads slowly: what wrap has taken from the client and the server has not read stays under 2 MiB', async () => {
    const hash = createHash('sha256');
    const chunk = Buffer.alloc(HWM, 'y');
    chunk[HWM - 1] = 0x0a;
    let produced = 0;
    const stdin = new Readable({
      highWaterMark: HWM,
      read() {
        while (produced < FLOW) {
          produced += chunk.length;
          hash.update(chunk);
          if (!this.push(chunk)) return;
        }
        this.push(null);
      },
    });
    /** Bytes wrap has taken from the client (produced, less what still waits in the client's stream). */
    const taken = () => produced - stdin.readableLength;
    // The server reports on its stderr (forwarded by wrap) how much it has read, at each of its pauses.
    const ahead: number[] = [];
    let pending = '';
    const stderr = new Writable({
      write(c: Buffer, _e, done) {
        pending += c.toString();
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const l of lines) ahead.push(taken() - Number(l));
        done();
      },
    });
    let outText = '';
    const stdout = new Writable({ write: (c, _e, done) => ((outText += c.toString()), done()) });
    const code = await proxy(
      { command: [process.execPath, BYTES, 'sink', String(SLOW_MS_PER_MIB), 'report'], maxLine: 64 * MB },
      { stdin, stdout, stderr, env: {} },
    );
    expect(code).toBe(0);
    expect(outText).toBe(`${FLOW} ${hash.digest('hex')}\n`);
    expect(ahead.length).toBeGreaterThan(FLOW / MB / 2); // a report at each pause, about one per MiB
    expect(ahead.every(Number.isFinite)).toBe(true);
    const worst = Math.max(...ahead);
    console.log(
      `in-process wrap, slow server: at most ${worst} bytes taken from the client and not yet read by the server`,
    );
    // The server reads up to 1 MiB between two reports; the rest is the pipe's and the streams' buffers.
    expect(worst).toBeLessThan(2 * MB);
  });
});

describe('wrap: backpressure', () => {
  it("a client that reads slowly: all 200 MB arrive unchanged, and wrap's peak RSS stays under 150 MB (with a capture)", async () => {
    const capture = join(dir.path, 'slow-client.ndjson');
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

  it("a server that reads slowly: all 200 MB arrive unchanged, and wrap's peak RSS stays under 150 MB", async () => {
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
