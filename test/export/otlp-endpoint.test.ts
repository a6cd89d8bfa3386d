// mcptrace export --to otlp --endpoint: a loopback OTLP/HTTP receiver in the test takes what mcptrace sends; protobuf
// is decoded by protoc (--decode_raw, an independent decoder) and must say what the JSON lines say; refused, failing
// and slow endpoints.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
// The built CLI's main, in this process, for --follow (it ends on `io.stop`, as Ctrl-C ends it); `npm test` builds first.
import { main } from '../../dist/src/cli/main.js';
import { runMain } from '../helpers/in-process.js';
import { listenLocal } from '../helpers/listen.js';
import { pointsFromJson, pointsFromProtobuf, SAMPLES, spansFromJson, spansFromProtobuf } from '../helpers/otlp.js';
import { lazyTempDir } from '../helpers/temp.js';

const tmp = lazyTempDir('otlp-endpoint');
const SAMPLE = 'samples/everything.envelope.ndjson';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What the receiver does with the n-th request (0-based): answer it, or hold it unanswered (a slow collector). */
type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hold';

const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of servers.splice(0)) await stop();
});

async function receiver(
  answer: (n: number, path: string) => Answer = () => ({ status: 200 }),
): Promise<{ url: string; received: Received[]; next(): Promise<Received> }> {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  // Tests that wait for a request take it from here (`next`), in order of arrival.
  const waiting: ((r: Received) => void)[] = [];
  let taken = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = received.length;
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      waiting.shift()?.(received[taken++]!);
      const a = answer(n, req.url!);
      if (a === 'hold') return void held.push(res);
      res.writeHead(a.status, a.headers).end(a.body ?? '');
    });
  });
  const { port, stop } = await listenLocal(server);
  servers.push(stop);
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    next: () =>
      taken < received.length ? Promise.resolve(received[taken++]!) : new Promise((resolve) => waiting.push(resolve)),
  };
}

/** The JSON lines `--out` writes for the sample: what the endpoint must receive. */
async function jsonLines(file = SAMPLE): Promise<string[]> {
  const out = join(tmp.path, `${file.replace(/\W/g, '_')}.jsonl`);
  expect((await runMain(['export', '--to', 'otlp', '--out', out, file])).code).toBe(0);
  return readFileSync(out, 'utf8').trimEnd().split('\n');
}

const FAST = { MCPTRACE_OTLP_BACKOFF_MS: '1' };

describe('export --to otlp --endpoint', () => {
  it('protobuf (the default): traces and metrics posted, and protoc reads in them what the JSON lines hold', async () => {
    const { url, received } = await receiver();
    const res = await runMain(['export', '--to', 'otlp', '--endpoint', url, SAMPLE]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(received.map((r) => [r.path, r.headers['content-type']])).toEqual([
      ['/v1/traces', 'application/x-protobuf'],
      ['/v1/metrics', 'application/x-protobuf'],
    ]);
    const lines = (await jsonLines()).map((l) => JSON.parse(l));
    const spans = spansFromProtobuf(received[0]!.body);
    expect(spans.length).toBeGreaterThan(50);
    expect(spans).toEqual(lines.flatMap(spansFromJson));
    expect(pointsFromProtobuf(received[1]!.body)).toEqual(lines.flatMap(pointsFromJson));
  });

  it.each(SAMPLES)('%s: what protoc reads in the protobuf sent is what the JSON lines hold', async (file) => {
    const { url, received } = await receiver();
    const res = await runMain(['export', '--to', 'otlp', '--endpoint', url, file]);
    expect(res.code).toBe(0);
    const lines = (await jsonLines(file)).map((l) => JSON.parse(l));
    expect(received.filter((r) => r.path === '/v1/traces').flatMap((r) => spansFromProtobuf(r.body))).toEqual(
      lines.flatMap(spansFromJson),
    );
    expect(received.filter((r) => r.path === '/v1/metrics').flatMap((r) => pointsFromProtobuf(r.body))).toEqual(
      lines.flatMap(pointsFromJson),
    );
  });

  it('http/json: each body is the JSON line --out writes; --header is sent with every request', async () => {
    const { url, received } = await receiver();
    const res = await runMain([
      'export',
      '--to',
      'otlp',
      '--endpoint',
      `${url}/otlp/`,
      '--otlp-protocol',
      'http/json',
      '--header',
      'Authorization=Bearer t0k',
      '--header',
      'x-tenant=a=b',
      SAMPLE,
    ]);
    expect(res.code).toBe(0);
    expect(
      received.map((r) => [r.path, r.headers['content-type'], r.headers.authorization, r.headers['x-tenant']]),
    ).toEqual([
      ['/otlp/v1/traces', 'application/json', 'Bearer t0k', 'a=b'],
      ['/otlp/v1/metrics', 'application/json', 'Bearer t0k', 'a=b'],
    ]);
    expect(received.map((r) => r.body.toString('utf8'))).toEqual(await jsonLines());
  });

  it('sends 512 spans per request (the SDK batch size), each request in turn', async () => {
    const log = join(tmp.path, 'pings.ndjson');
    const lines: string[] = [];
    for (let id = 1; id <= 600; id++) {
      lines.push(
        JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }),
        JSON.stringify({ jsonrpc: '2.0', id, result: {} }),
      );
    }
    writeFileSync(log, lines.join('\n') + '\n');
    const { url, received } = await receiver();
    expect((await runMain(['export', '--to', 'otlp', '--endpoint', url, log])).code).toBe(0);
    expect(received.map((r) => r.path)).toEqual(['/v1/traces', '/v1/traces']);
    expect(received.map((r) => spansFromProtobuf(r.body).length)).toEqual([512, 89]);
  });

  it('a refused connection: one line naming the endpoint and why, exit 2', async () => {
    // A port nothing listens on: take one, then close it.
    const { url } = await receiver();
    await servers.pop()!();
    const res = await runMain(['export', '--to', 'otlp', '--endpoint', url, '--otlp-retries', '0', SAMPLE]);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(`mcptrace: cannot export to ${url}/v1/traces: connection refused (ECONNREFUSED)\n`);
  });

  it('network errors are retried with backoff, then given up with the number of attempts', async () => {
    const { url } = await receiver();
    await servers.pop()!();
    const res = await runMain(['export', '--to', 'otlp', '--endpoint', url, '--otlp-retries', '2', SAMPLE], {
      env: FAST,
    });
    expect(res.code).toBe(2);
    const lines = res.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^mcptrace: 127\.0\.0\.1:\d+: connection refused \(ECONNREFUSED\); retrying in \d+\.\d s$/,
    );
    expect(lines[2]).toBe(
      `mcptrace: cannot export to ${url}/v1/traces: connection refused (ECONNREFUSED) (3 attempts)`,
    );
  });

  it('a slow collector: the request that outlives --otlp-timeout is sent again, and the export completes', async () => {
    const { url, received } = await receiver((n) => (n === 0 ? 'hold' : { status: 200 }));
    const res = await runMain(['export', '--to', 'otlp', '--endpoint', url, '--otlp-timeout', '1000', SAMPLE], {
      env: FAST,
    });
    expect(res.code).toBe(0);
    // At least the held request timed out (a busy machine may make a later attempt outlive the limit too).
    const notes = res.stderr.trimEnd().split('\n');
    expect(notes.length).toBeGreaterThanOrEqual(1);
    for (const n of notes) expect(n).toMatch(/^mcptrace: 127\.0\.0\.1:\d+: timed out; retrying in \d+\.\d s$/);
    expect(received.map((r) => r.path)).toEqual([...notes.map(() => '/v1/traces'), '/v1/traces', '/v1/metrics']);
    for (const r of received.slice(1, -1)) expect(r.body.equals(received[0]!.body)).toBe(true);
  });

  it('429, 502, 503, 504 are retried, as long as Retry-After asks', async () => {
    const statuses = [429, 502, 503, 504];
    const { url, received } = await receiver((n) =>
      n < statuses.length ? { status: statuses[n]!, headers: { 'retry-after': '0' } } : { status: 200 },
    );
    const res = await runMain(['export', '--to', 'otlp', '--endpoint', url, SAMPLE]);
    expect(res.code).toBe(0);
    expect(res.stderr.match(/HTTP \d+/g)).toEqual(['HTTP 429', 'HTTP 502', 'HTTP 503', 'HTTP 504']);
    expect(res.stderr).toContain('retrying in 0.0 s');
    expect(received.map((r) => r.path)).toEqual([...statuses.map(() => '/v1/traces'), '/v1/traces', '/v1/metrics']);
  });

  it('a refusal (400, 401 …) is not retried: one line with the status and what the collector said, exit 2', async () => {
    const { url, received } = await receiver(() => ({
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: '{"code":16,"message":"missing token"}',
    }));
    const res = await runMain(['export', '--to', 'otlp', '--endpoint', url, SAMPLE]);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(
      `mcptrace: ${url}/v1/traces refused the export: HTTP 401 Unauthorized: {"code":16,"message":"missing token"}\n`,
    );
    expect(received).toHaveLength(1);
  });

  it('--follow: each span is sent when its answer is written to the log; the session span and metrics at Ctrl-C', async () => {
    const log = join(tmp.path, 'growing.envelope.ndjson');
    const lines = readFileSync(SAMPLE, 'utf8').split('\n');
    // The handshake (initialize and its answer, initialized), then a tools/list and its answer, later.
    writeFileSync(log, lines.slice(0, 4).join('\n') + '\n');
    const { url, next } = await receiver();
    const stop = new AbortController();
    const out: Buffer[] = [];
    const sink = new Writable({ write: (c: Buffer, _e, done) => void (out.push(c), done()) });
    const running = main(
      ['export', '--to', 'otlp', '--endpoint', url, '--otlp-protocol', 'http/json', '--follow', log],
      {
        stdin: Readable.from([]),
        stdout: sink,
        stderr: sink,
        env: process.env,
        stop: stop.signal,
      },
    );
    const names = async () => spansFromJson(JSON.parse((await next()).body.toString('utf8'))).map((s) => s.name);
    expect(await names()).toEqual(['initialize']);
    expect(await names()).toEqual(['notifications/initialized']);
    appendFileSync(
      log,
      JSON.stringify({
        ts: '2026-11-30T00:13:20.000Z',
        dir: 'c2s',
        line: '{"jsonrpc":"2.0","id":90,"method":"tools/list"}',
      }) + '\n',
    );
    appendFileSync(
      log,
      JSON.stringify({
        ts: '2026-11-30T00:13:20.250Z',
        dir: 's2c',
        line: '{"jsonrpc":"2.0","id":90,"result":{"tools":[]}}',
      }) + '\n',
    );
    const listed = await next();
    expect(spansFromJson(JSON.parse(listed.body.toString('utf8')))).toMatchObject([
      {
        name: 'tools/list',
        start: BigInt(Date.parse('2026-11-30T00:13:20.000Z')) * 1_000_000n,
        end: BigInt(Date.parse('2026-11-30T00:13:20.250Z')) * 1_000_000n,
      },
    ]);
    stop.abort();
    expect(await running).toBe(0);
    expect(Buffer.concat(out).toString('utf8')).toBe('');
    expect(spansFromJson(JSON.parse((await next()).body.toString('utf8'))).map((s) => s.name)).toEqual(['mcp.session']);
    expect((await next()).path).toBe('/v1/metrics');
  });

  it('https to a certificate not trusted: one line saying why and how to trust it, no retry, exit 2', async () => {
    const key = join(tmp.path, 'key.pem');
    const cert = join(tmp.path, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    let requests = 0;
    const server = createHttpsServer(
      { key: readFileSync(key), cert: readFileSync(cert) },
      (_req, res) => void (requests++, res.end()),
    );
    const { port, stop } = await listenLocal(server);
    servers.push(stop);
    const url = `https://127.0.0.1:${port}`;
    const res = await runMain(['export', '--to', 'otlp', '--endpoint', url, SAMPLE]);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(
      `mcptrace: cannot export to ${url}/v1/traces: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT); NODE_EXTRA_CA_CERTS=FILE.pem adds the authority that signed it\n`,
    );
    expect(requests).toBe(0);
  });

  it('bad options are usage errors before anything is read or sent', async () => {
    for (const [args, message] of [
      [['--endpoint', 'localhost:4318'], '--endpoint localhost:4318: expected an http:// or https:// URL'],
      [['--endpoint', 'not a url'], '--endpoint not a url: not a URL (expected e.g. http://localhost:4318)'],
      [['--endpoint', 'http://127.0.0.1:9', '--header', 'novalue'], '--header novalue: expected NAME=VALUE'],
      [
        ['--endpoint', 'http://127.0.0.1:9', '--otlp-retries', '-1'],
        '--otlp-retries -1: expected a whole number (0 or more) (see mcptrace --help)',
      ],
      [
        ['--endpoint', 'http://127.0.0.1:9', '--otlp-timeout', 'soon'],
        '--otlp-timeout soon: expected a duration of at least 1 ms: milliseconds (5000) or with a unit (250ms, 5s, 2m) (see mcptrace --help)',
      ],
    ] as const) {
      const res = await runMain(['export', '--to', 'otlp', ...args, SAMPLE]);
      expect(res.code).toBe(2);
      expect(res.stderr).toBe(`mcptrace: ${message}\n`);
    }
  });
});
