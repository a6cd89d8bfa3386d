// `mcptrace proxy` as a process: the SDK client through it to server-everything, Ctrl-C, a target down, usage errors.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonical } from '../helpers/canonical-json.js';
import { parseNdjson, runCli, spawnCli } from '../helpers/cli.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { connectSdk, waitForSeen, type SdkSession } from '../helpers/sdk-http-client.js';
import { lazyTempDir } from '../helpers/temp.js';

const T = { timeout: 15_000 };
const dir = lazyTempDir('cli-proxy');
let server: HttpServer;

beforeAll(async () => {
  server = await startEverything('streamableHttp');
}, 30_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir.path, { recursive: true, force: true });
});

/** Starts `mcptrace proxy ARGS`; resolves once it printed the URL for the host. */
function startProxy(args: string[]) {
  return listening(spawnCli(['proxy', ...args]));
}

/** Resolves once a started `mcptrace proxy` printed the URL for the host. */
async function listening(child: ReturnType<typeof spawnCli>) {
  let err = '';
  child.stderr.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (d: string) => {
      err += d;
      const m = /^MCP server URL: (\S+)$/m.exec(err);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`mcptrace proxy exited (${code}) before listening:\n${err}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, url, stderr: () => err, exited };
}

describe('mcptrace proxy --target URL --out FILE --live, stopped with Ctrl-C', () => {
  const sessions: SdkSession[] = [];
  let capture = '';
  let code: number | null = null;
  let stderr = '';
  let url = '';

  beforeAll(async () => {
    capture = join(dir.path, 'capture.ndjson');
    const p = await startProxy([
      '--target',
      `http://127.0.0.1:${server.port}/mcp`,
      '--out',
      capture,
      '--live',
      '--no-color',
    ]);
    url = p.url;
    const a = await connectSdk(url);
    sessions.push(a);
    await waitForSeen(a, (m) => m.dir === 's2c' && (m.message as { method?: string }).method === 'roots/list');
    const progress: number[] = [];
    await a.client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
      CallToolResultSchema,
      { ...T, onprogress: (x) => progress.push(x.progress) },
    );
    expect(progress).toEqual([1, 2]);
    await (a.transport as { terminateSession(): Promise<void> }).terminateSession();
    await a.client.close();
    // A second session still open (its GET stream too) when Ctrl-C comes.
    const b = await connectSdk(url);
    sessions.push(b);
    await waitForSeen(b, (m) => m.dir === 'c2s' && 'result' in m.message && 'roots' in (m.message.result as object));
    await b.client.callTool({ name: 'echo', arguments: { message: 'still here' } }, CallToolResultSchema, T);
    p.child.kill('SIGINT');
    code = await p.exited;
    stderr = p.stderr();
    b.client.onerror = () => {}; // its GET stream's reconnection attempts now fail
    await b.client.close();
  }, 60_000);

  it("prints the URL to give the host (the target's path kept), the live transcript, and exits 0 on SIGINT", () => {
    expect(code).toBe(0);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(stderr).toMatch(
      new RegExp(
        `^mcptrace: proxy on 127\\.0\\.0\\.1:\\d+ → http://127\\.0\\.0\\.1:${server.port}, capture in .*capture\\.ndjson\\n`,
      ),
    );
    expect(stderr).toContain(`━━ session ${sessions[0]!.session()} `);
    expect(stderr).toMatch(/req 0\s.*initialize/);
    expect(stderr).toMatch(/notifications\/progress/);
    expect(stderr).toMatch(/mcptrace: proxy stopped: \d+ requests forwarded; capture .*capture\.ndjson complete\n$/);
  });

  it('leaves a complete capture: every message of both sessions, the open GET stream cut at the end', async () => {
    const text = readFileSync(capture, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const r = await runCli(['annotate', '-f', 'ndjson', capture]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const records = parseNdjson(r.stdout);
    for (const s of sessions) {
      const expected = s.seen.map((m) => `${m.dir} ${canonical(m.message)}`).sort();
      const got = records
        .filter((x) => x.session === s.session() && x.kind !== 'event')
        .map((x) => `${x.dir} ${canonical(x.message)}`)
        .sort();
      expect(got).toEqual(expected);
    }
    for (const x of records) expect(x.http).toMatchObject({ path: '/mcp', conn: expect.stringMatching(/^tcp\/\d+$/) });
    const open = records.filter((x) => x.event?.name === 'http-stream-open');
    expect(open.map((x) => [x.session, x.http.method, x.event.data.reason])).toEqual([
      [sessions[1]!.session(), 'GET', 'end-of-capture'],
    ]);
    expect(records.filter((x) => x.event?.name === 'http-delete').map((x) => x.session)).toEqual([
      sessions[0]!.session(),
    ]);
  });
});

describe('a target that cannot be reached', () => {
  it('is answered 502 per request, said once on stderr; the proxy runs on and stops on SIGTERM with exit 0', async () => {
    const probe = http.createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const dead = (probe.address() as AddressInfo).port;
    probe.close();
    await once(probe, 'close');
    const capture = join(dir.path, 'down.ndjson');
    const p = await startProxy(['--target', `http://127.0.0.1:${dead}/mcp`, '--out', capture]);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(p.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'initialize', params: {} }),
      });
      expect(res.status).toBe(502);
      expect(await res.text()).toMatch(/^mcptrace proxy: cannot reach http:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED/);
    }
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.stderr().match(/cannot reach/g)!.length).toBe(1);
    expect(p.stderr()).toContain('2 requests could not reach');
    const records = readFileSync(capture, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records.filter((r) => r.event === 'proxy-error').map((r) => [r.status, r.error, r.http.status])).toEqual([
      [502, 'ECONNREFUSED', 502],
      [502, 'ECONNREFUSED', 502],
    ]);
  }, 30_000);
});

describe('an https target (a TLS-terminated server: plaintext on the loopback side, TLS to the target)', () => {
  let target: https.Server;
  let port = 0;
  let cert = '';
  let hosts: string[] = [];
  const INIT = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });

  beforeAll(async () => {
    const key = join(dir.path, 'key.pem');
    cert = join(dir.path, 'cert.pem');
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
    target = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      hosts.push(req.headers.host ?? '');
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'tls-1' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 0,
            result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'tls', version: '1' } },
          }),
        );
      });
    });
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    port = (target.address() as AddressInfo).port;
  });

  afterAll(() => target?.close());

  const post = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: INIT,
    });

  it("is reached over TLS, verified against the CA the process trusts (NODE_EXTRA_CA_CERTS); Host is the target's", async () => {
    hosts = [];
    const capture = join(dir.path, 'tls.ndjson');
    const child = spawnCli(['proxy', '--target', `https://127.0.0.1:${port}/mcp`, '--out', capture], {
      env: { NODE_EXTRA_CA_CERTS: cert },
    });
    const p = await listening(child);
    const res = await post(p.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBe('tls-1');
    expect(hosts).toEqual([`127.0.0.1:${port}`]);
    child.kill('SIGINT');
    expect(await p.exited).toBe(0);
    const r = await runCli(['annotate', '-f', 'ndjson', capture]);
    expect(parseNdjson(r.stdout).map((x) => [x.session, x.kind, x.method, x.http.status])).toEqual([
      ['tls-1', 'request', 'initialize', null],
      ['tls-1', 'response', 'initialize', 200],
    ]);
  }, 30_000);

  it('whose certificate is not trusted is answered 502, saying why', async () => {
    const child = spawnCli(['proxy', '--target', `https://127.0.0.1:${port}/mcp`]);
    const p = await listening(child);
    const res = await post(p.url);
    expect(res.status).toBe(502);
    expect(await res.text()).toBe(`mcptrace proxy: cannot reach https://127.0.0.1:${port}: self-signed certificate\n`);
    child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  }, 30_000);
});

describe('usage', () => {
  it.each([
    [[], "proxy needs the server's URL: mcptrace proxy --target URL"],
    [['--target', 'ftp://example.com/mcp'], '--target ftp://example.com/mcp: give an http:// or https:// URL'],
    [
      ['--target', 'example.com/mcp'],
      "--target example.com/mcp: not a URL; give the server's URL, e.g. http://127.0.0.1:3001/mcp",
    ],
    [
      ['--target', 'https://user:pw@example.com/mcp'],
      "--target https://user:pw@example.com/mcp: leave credentials out of the URL; the client's own headers (Authorization) pass through the proxy",
    ],
    [
      ['--target', 'http://127.0.0.1:1/mcp', '--listen', 'localhost'],
      '--listen localhost: give PORT, HOST:PORT or [IPv6]:PORT (port 0 to 65535)',
    ],
    [
      ['--target', 'http://127.0.0.1:1/mcp', '--listen', '70000'],
      '--listen 70000: give PORT, HOST:PORT or [IPv6]:PORT (port 0 to 65535)',
    ],
    [
      ['--target', 'http://127.0.0.1:1/mcp', '--explore', '--live'],
      '--explore and --live are two views of the traffic: give one (the view follows the capture, which --out keeps)',
    ],
    // stdout is a pipe here: the view, as `mcptrace explore`, wants a terminal.
    [
      ['--target', 'http://127.0.0.1:1/mcp', '--explore'],
      'proxy --explore needs a terminal and stdout is not one: leave --explore out, or give --live for the annotated transcript on stderr',
    ],
  ])('%j: one line, exit 2', async (args, message) => {
    const r = await runCli(['proxy', ...args]);
    expect({ code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
      code: 2,
      stderr: `mcptrace: ${message}\n`,
      stdout: '',
    });
  });

  it('a port already in use is a usage error', async () => {
    const taken = http.createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const port = (taken.address() as AddressInfo).port;
    const r = await runCli(['proxy', '--target', 'http://127.0.0.1:1/mcp', '--listen', `127.0.0.1:${port}`]);
    taken.close();
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 2,
      stderr: `mcptrace: cannot listen on 127.0.0.1:${port}: EADDRINUSE\n`,
    });
  });

  it('--help shows the usage and examples', async () => {
    const r = await runCli(['proxy', '--help']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^mcptrace proxy --target URL \[options\]/);
    for (const o of ['--target', '--listen', '--out', '--append', '--live', '--explore', '--max-line'])
      expect(r.stdout).toContain(o);
    expect(r.stdout).toMatch(/Examples:\n {2}mcptrace proxy --target https:\/\/example\.com\/mcp/);
  });
});
