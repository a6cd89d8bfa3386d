// Real failures over HTTP, diagnosed: a small real Streamable HTTP server (the official SDK's McpServer and transport on
// express, test/fixtures/live/failing/http-server.mjs) that answers 401 with the SDK's bearer-auth challenge, or 404
// "Session not found" to the session of the process it replaced; a target that refuses connections; each driven by
// the official SDK client through `mcptrace proxy`; then `mcptrace why -f json` of the capture must name the cause,
// side and verdict, with what the server really sent as evidence. The healthy everything server through the same path
// is ok.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpProxy } from '../../src/live/http-proxy.js';
import { SyncFile } from '../../src/live/sync-file.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { lazyTempDir } from '../helpers/temp.js';
import { FIXTURES, why } from './helpers.js';

const SERVER = join(FIXTURES, 'failing', 'http-server.mjs');
const T = { timeout: 10_000 };
const dir = lazyTempDir('diagnosed-http');
const children = new Set<ChildProcess>();
let everything: HttpServer | undefined;

/** Starts the failing server in `mode` on `port` (0: any); resolves with the port it listens on. */
async function failing(mode: string, port = 0): Promise<{ child: ChildProcess; port: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [SERVER, mode, String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  let err = '';
  const listening = await new Promise<number>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /listening on 127\.0\.0\.1:(\d+)/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited (${code}):\n${err}`)));
  });
  return {
    child,
    port: listening,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      children.delete(child);
    },
  };
}

interface Run {
  capture: string;
  clientError: string | null;
}

/** `mcptrace proxy --out capture` (in this process) in front of the target port; `session` gets the proxy's URL. */
async function proxied(name: string, port: number, session: (url: URL) => Promise<void>): Promise<Run> {
  const capture = join(dir.path, `${name}.ndjson`);
  const stderr = new Writable({ write: (_c, _e, done) => done() });
  const proxy = await startHttpProxy(
    {
      target: new URL(`http://127.0.0.1:${port}/mcp`),
      host: '127.0.0.1',
      port: 0,
      out: SyncFile.open(capture),
      maxLine: 1 << 20,
    },
    { stderr, env: {} },
  );
  let clientError: string | null = null;
  try {
    await session(new URL(`http://127.0.0.1:${proxy.port}/mcp`));
  } catch (err) {
    clientError = (err as Error).message;
  }
  await proxy.stop();
  return { capture, clientError };
}

const sdkClient = () => new Client({ name: 'mcptrace-diagnosis-test', version: '1.0.0' });

/** A port nothing listens on (taken from the system, then closed). */
async function closedPort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as AddressInfo;
  s.close();
  await once(s, 'close');
  return port;
}

const runs = new Map<string, Promise<Run>>();
/** What the auth server answers a request straight (no proxy, no SDK): its challenge and body. */
let direct: Promise<{ status: number; challenge: string | null; body: string }>;
/** Per run: the session the client had before the server was restarted, then the one it initialized after. */
const sessionIds = new Map<string, string[]>();
let refusedPort = 0;

beforeAll(() => {
  runs.set(
    'auth',
    (async () => {
      const server = await failing('auth');
      direct = fetch(`http://127.0.0.1:${server.port}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer expired-token-123',
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: '{}',
      }).then(async (r) => ({ status: r.status, challenge: r.headers.get('www-authenticate'), body: await r.text() }));
      await direct;
      const run = await proxied('auth', server.port, async (url) => {
        const transport = new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { Authorization: 'Bearer expired-token-123' } },
        });
        await sdkClient().connect(transport, T);
      });
      await server.stop();
      return run;
    })(),
  );
  // The server restarts between two calls (on the same port: the new process knows no session); the client gives up,
  // or (`recovered`) a new client initializes a new session and goes on, as the spec asks of a client after a 404.
  for (const name of ['sessions', 'recovered']) {
    runs.set(
      name,
      (async () => {
        let server = await failing('sessions');
        const port = server.port;
        const run = await proxied(name, port, async (url) => {
          const client = sdkClient();
          const transport = new StreamableHTTPClientTransport(url);
          await client.connect(transport, T);
          sessionIds.set(name, [transport.sessionId!]);
          await client.callTool({ name: 'echo', arguments: { text: 'before the restart' } }, CallToolResultSchema, T);
          await server.stop();
          server = await failing('sessions', port);
          try {
            await client.callTool({ name: 'echo', arguments: { text: 'after the restart' } }, CallToolResultSchema, T);
          } finally {
            await client.close();
            if (name === 'recovered') {
              const again = sdkClient();
              const t = new StreamableHTTPClientTransport(url);
              await again.connect(t, T);
              sessionIds.get(name)!.push(t.sessionId!);
              await again.callTool({ name: 'echo', arguments: { text: 'in a new session' } }, CallToolResultSchema, T);
              await t.terminateSession();
              await again.close();
            }
          }
        });
        await server.stop();
        return run;
      })(),
    );
  }
  runs.set(
    'refused',
    (async () => {
      refusedPort = await closedPort();
      return proxied('refused', refusedPort, async (url) => {
        await sdkClient().connect(new StreamableHTTPClientTransport(url), T);
      });
    })(),
  );
  runs.set(
    'everything',
    (async () => {
      everything = await startEverything('streamableHttp');
      return proxied('everything', everything.port, async (url) => {
        const client = sdkClient();
        const transport = new StreamableHTTPClientTransport(url);
        await client.connect(transport, T);
        await client.listTools(undefined, T);
        await client.callTool({ name: 'echo', arguments: { message: 'hello' } }, CallToolResultSchema, T);
        await transport.terminateSession();
        await client.close();
      });
    })(),
  );
}, 60_000);

afterAll(async () => {
  await everything?.stop();
  for (const c of children) c.kill('SIGKILL');
});

describe('proxy + the SDK client: 401 with a WWW-Authenticate challenge', () => {
  it('auth-failed on the client side, the status with the challenge and the OAuth error as the server sent them', async () => {
    const run = await runs.get('auth')!;
    const sent = await direct;
    expect(sent.status).toBe(401);
    expect(sent.challenge).toMatch(
      /^Bearer error="invalid_token", error_description="Token has expired", resource_metadata="http:/,
    );
    expect(run.clientError).toContain(sent.body);
    const [s] = await why(run.capture);
    expect(s!.verdict).toBe('failed');
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['auth-failed', 'client', 'failed']]);
    const d = s!.diagnoses[0]!;
    expect(d.evidence.map((e) => e.text)).toEqual([`HTTP 401 WWW-Authenticate: ${sent.challenge}`, sent.body]);
    expect(d.summary).toBe(
      "the server answered HTTP 401: the client's credentials are missing, expired or not accepted",
    );
  });
});

describe('proxy + the SDK client: 404 Session not found after the server restarted', () => {
  it("session-expired (no timeout, no protocol error): the 404 to the session and the server's JSON-RPC error", async () => {
    const run = await runs.get('sessions')!;
    // The SDK client does not start a new session by itself: the call fails with the server's answer.
    expect(run.clientError).toMatch(/^Streamable HTTP error: Error POSTing to endpoint: /);
    const body = /(\{"jsonrpc".*\})/.exec(run.clientError!)![1]!;
    expect(JSON.parse(body)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32001, message: 'Session not found' },
      id: null,
    });
    const sessions = await why(run.capture);
    const s = sessions[0]!;
    expect(sessions.map((x) => x.session)).toEqual(sessionIds.get('sessions'));
    expect(s.verdict).toBe('failed');
    expect(s.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([['session-expired', 'client', 'failed']]);
    const texts = s.diagnoses[0]!.evidence.map((e) => e.text);
    expect(texts).toContain('HTTP 404 to a request of the session');
    expect(texts).toContain(body);
  });
});

describe('proxy + the SDK client: 404 Session not found, then a new session', () => {
  it('the lost session is recovered in the next one: session-expired on the server side, degraded, the new initialize as evidence', async () => {
    const run = await runs.get('recovered')!;
    expect(run.clientError).toMatch(/Session not found/);
    const [lost, again] = sessionIds.get('recovered')!;
    const sessions = await why(run.capture);
    expect(sessions.map((x) => [x.session, x.verdict])).toEqual([
      [lost, 'degraded'],
      [again, 'ok'],
    ]);
    const d = sessions[0]!.diagnoses;
    expect(d.map((x) => [x.cause, x.side, x.impact])).toEqual([['session-expired', 'server', 'degraded']]);
    expect(d[0]!.summary).toBe(
      'the server no longer knew the session (404 Session not found); the client initialized a new one and went on',
    );
    expect(JSON.parse(d[0]!.evidence.at(-1)!.text)).toMatchObject({ method: 'initialize', id: 0 });
  });
});

describe('proxy + the SDK client: the target refuses connections', () => {
  it("connection-failed on the transport side: the proxy's 502 and the refused connection", async () => {
    const run = await runs.get('refused')!;
    expect(run.clientError).toContain(`connect ECONNREFUSED 127.0.0.1:${refusedPort}`);
    const [s] = await why(run.capture);
    expect(s!.verdict).toBe('failed');
    expect(s!.diagnoses.map((d) => [d.cause, d.side, d.impact])).toEqual([
      ['connection-failed', 'transport', 'failed'],
    ]);
    const d = s!.diagnoses[0]!;
    expect(d.evidence.map((e) => e.text)).toEqual(['HTTP 502', `connect ECONNREFUSED 127.0.0.1:${refusedPort}`]);
    expect(d.summary).toBe(`the server could not be reached: connect ECONNREFUSED 127.0.0.1:${refusedPort}`);
  });
});

describe('proxy + the SDK client: the everything server', () => {
  it('a healthy session is ok, with no cause', async () => {
    const run = await runs.get('everything')!;
    expect(run.clientError).toBeNull();
    const sessions = await why(run.capture);
    expect(sessions.map((s) => [s.verdict, s.diagnoses])).toEqual([['ok', []]]);
  });
});
