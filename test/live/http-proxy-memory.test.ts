// Backpressure through `mcptrace proxy` (the built CLI): a slow reader on either side holds the writer back, so the
// proxy's peak RSS (from /proc) stays far below the flow that goes through it, capture on; the bytes arrive unchanged.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { rmSync, statSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { lazyTempDir } from '../helpers/temp.js';
import { watchRss } from './helpers.js';

const MB = 1024 * 1024;
const FLOW = 128 * MB;
/** Well under the flow: the proxy may hold a few stream buffers and one body's capture (--max-line), not the flow. */
const BOUND = 120 * MB;
/** A slow reader: 10 ms per MiB (the writer is many times faster). */
const SLOW_MS_PER_MIB = 10;
const dir = lazyTempDir('proxy-memory');
afterAll(() => rmSync(dir.path, { recursive: true, force: true }));

/** An SSE event of 16 KiB: a log notification, as a server streams them. */
function event(i: number): Buffer {
  const head = `id: ${i}\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"`;
  const tail = '"}}\n\n';
  return Buffer.from(head + 'x'.repeat(16 * 1024 - head.length - tail.length) + tail);
}

/** Writes `total` bytes of events to `out`, waiting for `drain` when it is full; resolves with their hash. */
async function writeEvents(out: http.ServerResponse | http.ClientRequest, total: number): Promise<string> {
  const hash = createHash('sha256');
  for (let i = 0, sent = 0; sent < total; i++) {
    const e = event(i);
    hash.update(e);
    sent += e.length;
    if (!out.write(e)) await once(out, 'drain');
  }
  out.end();
  return hash.digest('hex');
}

/** Reads `from` to its end at SLOW_MS_PER_MIB; resolves with the bytes' count and hash. */
function readSlowly(from: Readable): Promise<{ bytes: number; sha: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let owed = 0;
  return new Promise((resolve, reject) => {
    from.on('data', (b: Buffer) => {
      hash.update(b);
      bytes += b.length;
      owed += b.length;
      if (owed < MB) return;
      owed = 0;
      from.pause();
      setTimeout(() => from.resume(), SLOW_MS_PER_MIB);
    });
    from.on('end', () => resolve({ bytes, sha: hash.digest('hex') }));
    from.on('error', reject);
  });
}

async function proxyTo(target: http.Server, capture: string) {
  const port = (target.address() as AddressInfo).port;
  const child = spawnCli([
    'proxy',
    '--target',
    `http://127.0.0.1:${port}/mcp`,
    '--out',
    capture,
    '--max-line',
    String(MB),
  ]);
  const rss = watchRss(child);
  let err = '';
  child.stderr.setEncoding('utf8');
  const url = await new Promise<URL>((resolve) =>
    child.stderr.on('data', (d: string) => {
      err += d;
      const m = /^MCP server URL: (\S+)$/m.exec(err);
      if (m) resolve(new URL(m[1]!));
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, rss, url, exited, stderr: () => err };
}

const report = (what: string, peak: number | null) =>
  console.log(
    `proxy peak RSS, ${FLOW / MB} MB through, ${what}: ${peak === null ? 'n/a (no /proc)' : (peak / MB).toFixed(1) + ' MB'}`,
  );

describe('mcptrace proxy under backpressure', () => {
  it('a client that reads an SSE stream slowly: the server is held back, the proxy does not buffer the stream', async () => {
    let sent!: Promise<string>;
    const target = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Mcp-Session-Id': 'big' });
      sent = writeEvents(res, FLOW);
    });
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    const capture = join(dir.path, 'slow-client.ndjson');
    const p = await proxyTo(target, capture);
    const res = await new Promise<IncomingMessage>((resolve) =>
      http.get(p.url, { headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': 'big' } }, resolve),
    );
    const got = await readSlowly(res);
    expect(got.sha).toBe(await sent);
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
    target.close();
    report('slow client, every event captured', p.rss.peak());
    if (p.rss.peak() !== null) expect(p.rss.peak()!).toBeLessThan(BOUND);
    // Every event is in the capture (one record each, plus the exchange's own).
    expect(statSync(capture).size).toBeGreaterThan(FLOW);
  }, 120_000);

  it('a server that reads a request body slowly: the client is held back, the proxy does not buffer the body', async () => {
    let received!: Promise<{ bytes: number; sha: string }>;
    const target = http.createServer((req, res) => {
      received = readSlowly(req);
      void received.then(() => {
        res.writeHead(202);
        res.end();
      });
    });
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    const p = await proxyTo(target, join(dir.path, 'slow-server.ndjson'));
    const req = http.request(p.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Mcp-Session-Id': 'big' },
    });
    const answered = new Promise<IncomingMessage>((resolve) => req.once('response', resolve));
    const sha = await writeEvents(req, FLOW);
    expect((await answered).statusCode).toBe(202);
    expect((await received).sha).toBe(sha);
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
    target.close();
    report('slow server', p.rss.peak());
    if (p.rss.peak() !== null) expect(p.rss.peak()!).toBeLessThan(BOUND);
  }, 120_000);
});
