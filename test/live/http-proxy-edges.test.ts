// mcptrace proxy in-process against small node:http targets: headers, a target down or cutting its answer, gzip, stop.
import { EventEmitter, once } from 'node:events';
import { rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startHttpProxy, stopOnSignal, type RunningProxy } from '../../src/live/http-proxy.js';
import { SyncFile } from '../../src/live/sync-file.js';
import { bomb } from '../helpers/bomb.js';
import { parseNdjson } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { sha256 } from '../helpers/http-exchanges.js';
import { lazyTempDir } from '../helpers/temp.js';

const dir = lazyTempDir('http-proxy-edges');
afterAll(() => rmSync(dir.path, { recursive: true, force: true }));

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Setup {
  proxy: RunningProxy;
  port: number;
  target: http.Server | null;
  capture: string;
  stderr(): string;
  /** Stops the proxy and the target; the capture's annotated records. */
  finish(): Promise<Record<string, any>[]>;
}

let n = 0;

/** A target running `handler` (or none: `targetPort` names a port where nothing listens) and the proxy in front of it. */
async function setup(handler: Handler | null, targetPort?: number, graceMs?: number): Promise<Setup> {
  let target: http.Server | null = null;
  let port = targetPort ?? 0;
  if (handler !== null) {
    target = http.createServer(handler);
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    port = (target.address() as AddressInfo).port;
  }
  const capture = join(dir.path, `capture-${++n}.ndjson`);
  let err = '';
  const stderr = new Writable({ write: (c, _e, done) => ((err += c.toString()), done()) });
  const proxy = await startHttpProxy(
    {
      target: new URL(`http://127.0.0.1:${port}/mcp`),
      host: '127.0.0.1',
      port: 0,
      out: SyncFile.open(capture),
      maxLine: 1 << 20,
      graceMs,
    },
    { stderr, env: {} },
  );
  return {
    proxy,
    port: proxy.port,
    target,
    capture,
    stderr: () => err,
    async finish() {
      await proxy.stop();
      if (target !== null) {
        target.closeAllConnections();
        target.close();
      }
      const r = await runMain(['annotate', '-f', 'ndjson', capture]);
      expect(r.code).toBe(0);
      return parseNdjson(r.stdout);
    },
  };
}

/** One request through the proxy with exactly these raw headers; the answer's status, raw headers and body. */
function request(
  port: number,
  method: string,
  path: string,
  headers: string[],
  body?: string | Buffer,
): Promise<{ status: number; headers: string[]; body: Buffer; complete: boolean }> {
  // HTTP/1.1 requires Host (node's server answers 400 without it).
  if (!headers.some((h, i) => i % 2 === 0 && h.toLowerCase() === 'host'))
    headers = ['Host', `127.0.0.1:${port}`, ...headers];
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: false, setHost: false },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('error', () => {});
        res.on('close', () =>
          resolve({
            status: res.statusCode!,
            headers: res.rawHeaders,
            body: Buffer.concat(parts),
            complete: res.complete,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Raw headers without the fields node sets for its own hop (`Connection`, `Keep-Alive`, `Transfer-Encoding`). */
function withoutFraming(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2)
    if (!['connection', 'keep-alive', 'transfer-encoding'].includes(raw[i]!.toLowerCase()))
      out.push(raw[i]!, raw[i + 1]!);
  return out;
}

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const json = ['Content-Type', 'application/json', 'Accept', 'application/json, text/event-stream'];

describe('headers', () => {
  it("pass unchanged but for the hop-by-hop ones (Connection and the fields it names); Host becomes the target's", async () => {
    let got: string[] = [];
    const s = await setup((req, res) => {
      got = req.rawHeaders;
      res.sendDate = false; // so that a Date in the answer would be the proxy's
      req.resume();
      req.on('end', () => {
        res.writeHead(200, [
          'Content-Type',
          'application/json',
          'Connection',
          'X-Res-Hop',
          'X-Res-Hop',
          '1',
          'Keep-Alive',
          'timeout=9',
          'Set-Cookie',
          'a=1',
          'Set-Cookie',
          'b=2',
          'mcp-session-id',
          'S1',
          'X-MiXeD-Case',
          'v',
        ]);
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 0, result: {} }));
      });
    });
    const sent = [
      'Host',
      'example.test:1234',
      'Connection',
      'keep-alive, X-Hop',
      'X-Hop',
      'secret to this hop',
      'Keep-Alive',
      'timeout=5',
      'TE',
      'trailers',
      'Authorization',
      'Bearer abc',
      'Cookie',
      'c=3',
      'X-Dup',
      '1',
      'X-Dup',
      '2',
      ...json,
      'Content-Length',
      String(Buffer.byteLength(INIT)),
    ];
    const r = await request(s.port, 'POST', '/mcp?x=1', sent, INIT);
    const targetPort = (s.target!.address() as AddressInfo).port;
    expect(got).toEqual([
      'Host',
      `127.0.0.1:${targetPort}`,
      'Authorization',
      'Bearer abc',
      'Cookie',
      'c=3',
      'X-Dup',
      '1',
      'X-Dup',
      '2',
      ...json,
      'Content-Length',
      String(Buffer.byteLength(INIT)),
      'X-Forwarded-Host',
      'example.test:1234',
      'Connection',
      'keep-alive',
    ]);
    // The answer: node's own framing fields for this hop, and the target's end-to-end fields as they were.
    expect(withoutFraming(r.headers)).toEqual([
      'Content-Type',
      'application/json',
      'Set-Cookie',
      'a=1',
      'Set-Cookie',
      'b=2',
      'mcp-session-id',
      'S1',
      'X-MiXeD-Case',
      'v',
    ]);
    expect(r.headers).not.toContain('X-Res-Hop');
    expect(r.headers).not.toContain('Date'); // the proxy adds no field of its own
    const records = await s.finish();
    expect(records.map((x) => [x.kind, x.session, x.http.path])).toEqual([
      ['request', 'S1', '/mcp?x=1'],
      ['response', 'S1', '/mcp?x=1'],
    ]);
  });

  it('trailers of a chunked answer are passed on', async () => {
    const s = await setup((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json', Trailer: 'X-Checksum' });
      res.write(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }));
      res.addTrailers({ 'X-Checksum': 'abc' });
      res.end();
    });
    const trailers = await new Promise<string[]>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: s.port,
          method: 'POST',
          path: '/mcp',
          headers: { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'S8' },
          agent: false,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.rawTrailers));
        },
      );
      req.on('error', reject);
      req.end(LIST);
    });
    expect(trailers).toEqual(['X-Checksum', 'abc']);
    expect((await s.finish()).map((x) => x.kind)).toEqual(['request', 'response']);
  });
});

describe('a target that cannot be reached', () => {
  it("is answered 502 with a line of text, and recorded as a proxy-error event in the request's session", async () => {
    // A port where nothing listens: one a listener just gave back.
    const probe = http.createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const dead = (probe.address() as AddressInfo).port;
    probe.close();
    await once(probe, 'close');
    const s = await setup(null, dead);
    const a = await request(s.port, 'POST', '/mcp', [...json, 'Content-Length', String(Buffer.byteLength(INIT))], INIT);
    const b = await request(
      s.port,
      'POST',
      '/mcp',
      [...json, 'Mcp-Session-Id', 'S9', 'Content-Length', String(Buffer.byteLength(LIST))],
      LIST,
    );
    for (const r of [a, b]) {
      expect(r.status).toBe(502);
      expect(r.body.toString()).toBe(
        `mcptrace proxy: cannot reach http://127.0.0.1:${dead}: connect ECONNREFUSED 127.0.0.1:${dead}\n`,
      );
    }
    const records = await s.finish();
    const err = s.stderr();
    expect(err).toContain(
      `mcptrace: POST /mcp: cannot reach http://127.0.0.1:${dead}: connect ECONNREFUSED 127.0.0.1:${dead}; answered 502 Bad Gateway\n`,
    );
    // One line per cause, not per request; the count at the end.
    expect(err.match(/cannot reach/g)!.length).toBe(1);
    expect(err).toContain(`mcptrace: 2 requests could not reach http://127.0.0.1:${dead} and were answered 502\n`);
    const shape = records.map((r) => [r.session, r.kind, r.method ?? r.event?.name, r.http.status, r.http.contentType]);
    expect(shape).toEqual([
      ['1', 'request', 'initialize', null, 'application/json'],
      ['1', 'event', 'http-status', 502, 'text/plain'],
      ['1', 'event', 'proxy-error', 502, 'text/plain'],
      ['S9', 'request', 'tools/list', null, 'application/json'],
      ['S9', 'event', 'http-status', 502, 'text/plain'],
      ['S9', 'event', 'proxy-error', 502, 'text/plain'],
    ]);
    expect(records[2]!.event.data).toEqual({
      status: 502,
      error: 'ECONNREFUSED',
      message: `connect ECONNREFUSED 127.0.0.1:${dead}`,
      target: `http://127.0.0.1:${dead}/mcp`,
    });
  });

  it("cutting its answer midway: the client's answer is cut too, the part read is kept, and a proxy-error says so", async () => {
    const s = await setup((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(
        `id: e1\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })}\n\n`,
      );
      res.write('id: e2\ndata: {"jsonrpc":"2.0","id":1,"res', () => res.socket!.destroy());
    });
    const r = await request(
      s.port,
      'POST',
      '/mcp',
      [...json, 'Mcp-Session-Id', 'S2', 'Content-Length', String(Buffer.byteLength(LIST))],
      LIST,
    );
    expect(r.status).toBe(200);
    expect(r.complete).toBe(false);
    expect(r.body.toString()).toContain('"res');
    const records = await s.finish();
    expect(records.map((x) => [x.kind, x.method ?? x.event?.name ?? null, x.http.eventId])).toEqual([
      ['request', 'tools/list', null],
      ['notification', 'notifications/progress', 'e1'],
      ['invalid', null, null],
      ['event', 'proxy-error', null],
    ]);
    expect(records[2]!.findings[0].message).toContain('SSE event cut');
    expect(records[3]!.event.data).toMatchObject({ status: 200, error: 'ECONNRESET' });
    expect(s.stderr()).toContain(
      'mcptrace: POST /mcp: the target closed the connection before its answer (200) ended\n',
    );
  });
});

describe('bodies', () => {
  it('a gzip answer reaches the client as sent, and the capture holds the message it decodes to', async () => {
    const result = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'x'.repeat(3000), inputSchema: { type: 'object' } }] },
    });
    const gz = gzipSync(result);
    const s = await setup((req, res) => {
      req.resume();
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': gz.length,
      });
      res.end(gz);
    });
    const r = await request(
      s.port,
      'POST',
      '/mcp',
      [...json, 'Mcp-Session-Id', 'S3', 'Content-Length', String(Buffer.byteLength(LIST))],
      LIST,
    );
    expect(sha256(r.body)).toBe(sha256(gz));
    const records = await s.finish();
    expect(records[1]).toMatchObject({ kind: 'response', method: 'tools/list', pair: 1, message: JSON.parse(result) });
  });

  it('a compression bomb is forwarded as sent, and its decoding for the capture stops where a layer passes --max-line', async () => {
    const gz = await bomb(64 << 20, ['gzip', 'gzip', 'gzip']);
    const s = await setup((req, res) => {
      req.resume();
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip, gzip, gzip',
        'Content-Length': gz.length,
      });
      res.end(gz);
    });
    const r = await request(
      s.port,
      'POST',
      '/mcp',
      [...json, 'Mcp-Session-Id', 'S5', 'Content-Length', String(Buffer.byteLength(LIST))],
      LIST,
    );
    expect(sha256(r.body)).toBe(sha256(gz));
    const records = await s.finish();
    // The capture keeps what --max-line allows of the body, as of any body over it.
    expect(records[1]).toMatchObject({ kind: 'invalid', raw: '\0'.repeat(1 << 20) });
    // The decoding the capture did: a chunk of 16 KiB past --max-line at most, not the 64 MiB of the bomb.
    expect(records[1]!.bytes).toBeGreaterThan(1 << 20);
    expect(records[1]!.bytes).toBeLessThanOrEqual((1 << 20) + 16 * 1024);
  });

  it('a body over --max-line is forwarded whole and recorded cut, with its true size', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'y'.repeat(3 << 20) } });
    const s = await setup((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(big);
    });
    const r = await request(
      s.port,
      'POST',
      '/mcp',
      [...json, 'Mcp-Session-Id', 'S4', 'Content-Length', String(Buffer.byteLength(LIST))],
      LIST,
    );
    expect(sha256(r.body)).toBe(sha256(big));
    const records = await s.finish();
    expect(records[1]).toMatchObject({ kind: 'invalid', bytes: big.length });
    expect(records[1]!.findings[0].message).toBe(
      `line of ${big.length} bytes cut to its first ${1 << 20} in the capture (--max-line)`,
    );
  });
});

describe('streams and stopping', () => {
  it("a stream's head reaches the client before its first event (a GET stream may wait long for one)", async () => {
    let send!: () => void;
    const s = await setup((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.flushHeaders();
      send = () => res.end('id: 1\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n');
    });
    const res = await new Promise<IncomingMessage>((resolve) =>
      http.get(
        {
          host: '127.0.0.1',
          port: s.port,
          path: '/mcp',
          headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': 'S7' },
          agent: false,
        },
        resolve,
      ),
    );
    expect(res.headers['content-type']).toBe('text/event-stream');
    send();
    res.resume();
    await once(res, 'end');
    const records = await s.finish();
    expect(records.map((x) => [x.method, x.http.eventId])).toEqual([['notifications/tools/list_changed', '1']]);
  });

  it('a client that closes its GET stream closes the request to the target', async () => {
    let closed!: () => void;
    const targetSawClose = new Promise<void>((resolve) => (closed = resolve));
    const s = await setup((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('id: p\ndata: \n\n');
      res.on('close', closed);
    });
    const req = http.get(
      {
        host: '127.0.0.1',
        port: s.port,
        path: '/mcp',
        headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': 'S5' },
        agent: false,
      },
      (res) => {
        res.once('data', () => req.destroy());
      },
    );
    req.on('error', () => {});
    await targetSawClose;
    const records = await s.finish();
    expect(records.map((x) => [x.session, x.event?.name, x.http.stream])).toEqual([['S5', 'http-sse-prime', 'get']]);
  });

  it('stop lets an exchange in flight end, then cuts an open GET stream: the capture ends with http-stream-open', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let posted!: () => void;
    const postArrived = new Promise<void>((resolve) => (posted = resolve));
    const s = await setup(
      (req, res) => {
        if (req.method === 'GET') {
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          res.write('id: p\ndata: \n\n');
          return;
        }
        req.resume();
        posted();
        void held.then(() => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [] } }));
        });
      },
      undefined,
      60_000,
    );
    const streamOpen = new Promise<void>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port: s.port,
            path: '/mcp',
            headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': 'S6' },
            agent: false,
          },
          (res) => {
            res.once('data', () => resolve());
            res.on('error', () => {});
          },
        )
        .on('error', reject);
    });
    await streamOpen;
    const post = request(
      s.port,
      'POST',
      '/mcp',
      [...json, 'Mcp-Session-Id', 'S6', 'Content-Length', String(Buffer.byteLength(LIST))],
      LIST,
    );
    await postArrived;
    const stopped = s.proxy.stop();
    answer();
    const r = await post;
    expect({ status: r.status, complete: r.complete }).toEqual({ status: 200, complete: true });
    // The GET stream never ends by itself: a second stop cuts the grace period short.
    void s.proxy.stop();
    await stopped;
    const records = await s.finish();
    expect(records.map((x) => [x.kind, x.method ?? x.event?.name, x.http.method])).toEqual([
      ['event', 'http-sse-prime', 'GET'],
      ['request', 'tools/list', 'POST'],
      ['response', 'tools/list', 'POST'],
      ['event', 'http-stream-open', 'GET'],
    ]);
    expect(records[3]!.event.data).toEqual({ reason: 'end-of-capture', bytes: 14 });
  });
});

describe('Ctrl-C', () => {
  /** A proxy whose stop() is counted and ends when told (`finish`), and a process to signal. */
  function stoppable() {
    const calls: string[] = [];
    let finish!: () => void;
    const stopping = new Promise<void>((resolve) => (finish = resolve));
    const running: RunningProxy = { url: '', port: 0, stop: () => (calls.push('stop'), stopping) };
    return { calls, finish, running, proc: new EventEmitter() as unknown as NodeJS.Process };
  }

  it('the first SIGINT or SIGTERM starts the stop (its grace period runs), a second one cuts it short', async () => {
    const { calls, finish, running, proc } = stoppable();
    const done = stopOnSignal(running, proc);
    proc.emit('SIGTERM');
    expect(calls).toEqual(['stop']);
    proc.emit('SIGINT');
    expect(calls).toEqual(['stop', 'stop']);
    finish();
    await done;
    // Stopped: the handlers are gone.
    expect(
      (proc as unknown as EventEmitter).listenerCount('SIGINT') +
        (proc as unknown as EventEmitter).listenerCount('SIGTERM'),
    ).toBe(0);
  });

  it('`until` (proxy --explore: the view closed) starts the stop as a first signal does; a signal after it cuts it short', async () => {
    const { calls, finish, running, proc } = stoppable();
    let close!: () => void;
    const done = stopOnSignal(running, proc, new Promise<void>((resolve) => (close = resolve)));
    await Promise.resolve();
    expect(calls).toEqual([]);
    close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['stop']);
    proc.emit('SIGINT');
    expect(calls).toEqual(['stop', 'stop']);
    finish();
    await done;
    expect((proc as unknown as EventEmitter).listenerCount('SIGINT')).toBe(0);
  });

  it('a signal first, then `until` (the view closed by that signal): one stop, its grace period not cut', async () => {
    const { calls, finish, running, proc } = stoppable();
    const done = stopOnSignal(running, proc, Promise.resolve());
    proc.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    await done;
    expect(calls).toEqual(['stop']);
  });
});
