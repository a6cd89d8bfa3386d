// mcptrace proxy in-process between the SDK client and server-everything (Streamable HTTP): TCP relays record both sides.
//
// client → relay A → proxy → relay B → server. Relay A holds what the client sent and got, relay B what the server got
// and sent; both are parsed with http-parser-js alone, and every body and SSE event is hashed on each side.
import { rmSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { httpFrames } from '../../src/input/capture/http/http-frames.js';
import type { StreamEvent } from '../../src/input/capture/http/stream-event.js';
import { startHttpProxy, type RunningProxy } from '../../src/live/http-proxy.js';
import { SyncFile } from '../../src/live/sync-file.js';
import { canonical } from '../helpers/canonical-json.js';
import { runCli } from '../helpers/cli.js';
import {
  header,
  httpExchanges,
  sha256,
  sseBlocks,
  type HttpExchange,
  type HttpMessage,
} from '../helpers/http-exchanges.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { connectSdk, waitForSeen, type SdkSession } from '../helpers/sdk-http-client.js';
import { startRelay, type Relay } from '../helpers/stream-relay.js';
import { lazyTempDir } from '../helpers/temp.js';
import { annotate, expectPaired } from './helpers.js';

const T = { timeout: 15_000 };
const TOKEN = 'Bearer proxy-test-token';
const dir = lazyTempDir('http-proxy');
let server: HttpServer;
let toServer: Relay;
let toProxy: Relay;
let proxy: RunningProxy;
let capturePath = '';
let livePath = '';
let stderr = '';
const sessions: SdkSession[] = [];
/** For the session run alone: whether the server had sent the tool's result when the client got the first progress. */
const atFirstProgress: boolean[] = [];

const method = (m: unknown) => (m as { method?: string }).method;

/** What server-everything sends as the long-running tool's result (its SSE event). */
const RESULT_TEXT = 'Long running operation completed';

/** Whether relay B's server-to-client bytes from event `from` on hold the long-running tool's result. */
function resultSent(from: number): boolean {
  return toServer.events
    .slice(from)
    .some((e) => e.kind === 'data' && e.dir === 's2c' && Buffer.from(e.bytes).toString('utf8').includes(RESULT_TEXT));
}

/** A session's run: roots asked on the GET stream, tools, a tool with progress over SSE, a ping. */
async function run(s: SdkSession, n: number, watchStreaming = false): Promise<void> {
  await waitForSeen(s, (m) => m.dir === 's2c' && method(m.message) === 'roots/list');
  await waitForSeen(s, (m) => m.dir === 'c2s' && 'result' in m.message && 'roots' in (m.message.result as object));
  await s.client.listTools(undefined, T);
  await s.client.callTool({ name: 'echo', arguments: { message: `hello ${n}` } }, CallToolResultSchema, T);
  const progress: number[] = [];
  const from = toServer.events.length;
  await s.client.callTool(
    { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } },
    CallToolResultSchema,
    {
      ...T,
      onprogress: (p) => {
        if (watchStreaming && progress.length === 0) atFirstProgress.push(resultSent(from));
        progress.push(p.progress);
      },
    },
  );
  expect(progress).toEqual([1, 2, 3]);
  await s.client.ping(T);
}

async function end(s: SdkSession): Promise<void> {
  await (s.transport as { terminateSession(): Promise<void> }).terminateSession();
  await s.client.close();
}

beforeAll(async () => {
  server = await startEverything('streamableHttp');
  toServer = await startRelay(server.port);
  capturePath = join(dir.path, 'capture.ndjson');
  livePath = join(dir.path, 'live.txt');
  const err = new Writable({ write: (c, _e, done) => ((stderr += c.toString()), done()) });
  proxy = await startHttpProxy(
    {
      target: new URL(`http://127.0.0.1:${toServer.port}/mcp`),
      host: '127.0.0.1',
      port: 0,
      out: SyncFile.open(capturePath),
      live: SyncFile.open(livePath),
      color: false,
      maxLine: 64 * 1024 * 1024,
      captureName: capturePath,
    },
    { stderr: err, env: {} },
  );
  toProxy = await startRelay(proxy.port);
  const url = `http://127.0.0.1:${toProxy.port}/mcp`;
  // Two sessions at once (one with an Authorization header), then a third alone.
  const [a, b] = await Promise.all([
    connectSdk(url, 'streamable', { requestInit: { headers: { Authorization: TOKEN } } }),
    connectSdk(url),
  ]);
  sessions.push(a!, b!);
  await Promise.all([run(a!, 1), run(b!, 2)]);
  await Promise.all([end(a!), end(b!)]);
  const c = await connectSdk(url);
  sessions.push(c);
  await run(c, 3, true);
  await end(c);
  await proxy.stop();
  await toProxy.stop();
  await toServer.stop();
}, 90_000);

afterAll(async () => {
  await proxy?.stop();
  await toProxy?.stop().catch(() => {});
  await toServer?.stop().catch(() => {});
  await server?.stop();
  rmSync(dir.path, { recursive: true, force: true });
});

/** One exchange as its bytes: request line, session, body hash → status, body hash, each SSE event's hash. */
function summary(x: HttpExchange): string {
  const r = x.response;
  const answer =
    r === null
      ? 'no answer'
      : `${r.line} ${sha256(r.body)} [${sseBlocks(r.body)
          .map((b) => sha256(b).slice(0, 12))
          .join(' ')}]${r.complete ? '' : ' cut'}`;
  return `${x.request.line} ${header(x.request, 'mcp-session-id') ?? '-'} ${sha256(x.request.body)} → ${answer}`;
}

/** Fields that belong to one connection (RFC 9110 §7.6.1), the ones `Connection` names included. */
function endToEnd(m: HttpMessage): [string, string][] {
  const named = new Set((header(m, 'connection') ?? '').split(',').map((t) => t.trim().toLowerCase()));
  const hop = new Set(['connection', 'proxy-connection', 'keep-alive', 'te', 'transfer-encoding', 'upgrade']);
  return m.headers.filter(([n]) => !hop.has(n.toLowerCase()) && !named.has(n.toLowerCase()));
}

describe('the SDK client through mcptrace proxy to server-everything', () => {
  it('every request and response body, and every SSE event, is the same on both sides', () => {
    const client = httpExchanges(toProxy.events);
    const target = httpExchanges(toServer.events);
    const a = client.map(summary).sort();
    const b = target.map(summary).sort();
    expect(a).toEqual(b);
    // The traffic the tests mean: three sessions' POSTs, GET streams and DELETEs, SSE answers with progress.
    expect(client.filter((x) => x.request.line === 'DELETE /mcp').length).toBe(3);
    expect(
      client.filter((x) => x.request.line === 'GET /mcp' && x.response?.line === '200').length,
    ).toBeGreaterThanOrEqual(3);
    const events = client.flatMap((x) => (x.response === null ? [] : sseBlocks(x.response.body)));
    expect(events.filter((e) => e.includes('notifications/progress')).length).toBe(9);
    expect(client.every((x) => x.response !== null)).toBe(true);
  });

  it("headers pass unchanged but for the hop-by-hop ones; Host is the target's and the client's is in X-Forwarded-Host", () => {
    const bySummary = (xs: HttpExchange[]) => {
      const m = new Map<string, HttpExchange[]>();
      for (const x of xs) m.set(summary(x), [...(m.get(summary(x)) ?? []), x]);
      return m;
    };
    const client = bySummary(httpExchanges(toProxy.events));
    const target = bySummary(httpExchanges(toServer.events));
    let compared = 0;
    for (const [key, [a, ...more]] of client) {
      const b = target.get(key)!;
      if (more.length > 0 || b.length !== 1) continue; // the same bytes twice: which is which cannot be told
      const sent = endToEnd(a!.request).map(([n, v]): [string, string] =>
        n.toLowerCase() === 'host' ? [n, `127.0.0.1:${toServer.port}`] : [n, v],
      );
      sent.push(['X-Forwarded-Host', header(a!.request, 'host')!]);
      expect(endToEnd(b[0]!.request), key).toEqual(sent);
      expect(endToEnd(a!.response!), key).toEqual(endToEnd(b[0]!.response!));
      compared++;
    }
    // No two exchanges had the same bytes both ways: every one was compared.
    expect(compared).toBe(client.size);
    expect(compared).toBeGreaterThan(25);
    // The Authorization of the first session reached the server on each of its requests.
    const id = sessions[0]!.session()!;
    const its = httpExchanges(toServer.events).filter((x) => header(x.request, 'mcp-session-id') === id);
    expect(its.length).toBeGreaterThan(5);
    for (const x of its) expect(header(x.request, 'authorization')).toBe(TOKEN);
  });

  it('streams SSE events as they come: the client had the first progress before the server had sent the result', () => {
    expect(atFirstProgress).toEqual([false]);
  });

  it("prints the URL for the host, with the target's path, and says it stopped", () => {
    expect(stderr).toContain(`MCP server URL: http://127.0.0.1:${proxy.port}/mcp\n`);
    expect(stderr).toMatch(/mcptrace: proxy stopped: \d+ requests forwarded; capture .*capture\.ndjson complete\n$/);
  });
});

describe('the capture', () => {
  let records: Record<string, any>[] = [];
  beforeAll(async () => {
    records = await annotate(capturePath);
  }, 60_000);

  it('reads back with every message each client sent and received, in its session, with its direction', () => {
    for (const s of sessions) {
      const id = s.session()!;
      const expected = s.seen.map((m) => `${m.dir} ${canonical(m.message)}`).sort();
      const got = records
        .filter((r) => r.session === id && r.kind !== 'event')
        .map((r) => `${r.dir} ${canonical(r.message)}`)
        .sort();
      expect(got).toEqual(expected);
    }
    expect(new Set(records.map((r) => r.session))).toEqual(new Set(sessions.map((s) => s.session())));
    expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
    expectPaired(records);
  });

  it("has every record's http, and events for 202 and DELETE, as a packet capture has them", () => {
    for (const r of records) expect(r.http?.conn, r.source).toMatch(/^tcp\/\d+$/);
    const roots = records.filter((r) => r.method === 'roots/list' && r.kind === 'request');
    expect(roots.length).toBe(3);
    for (const r of roots)
      expect(r.http).toMatchObject({
        method: 'GET',
        path: '/mcp',
        status: 200,
        contentType: 'text/event-stream',
        stream: 'get',
      });
    const progress = records.filter((r) => r.method === 'notifications/progress');
    expect(progress.length).toBe(9);
    for (const r of progress)
      expect(r.http).toMatchObject({
        method: 'POST',
        status: 200,
        contentType: 'text/event-stream',
        stream: 'post',
        eventId: expect.any(String),
      });
    expect(
      records
        .filter((r) => r.event?.name === 'http-delete')
        .map((r) => r.session)
        .sort(),
    ).toEqual(sessions.map((s) => s.session()).sort());
    expect(records.filter((r) => r.event?.name === 'http-accepted').length).toBeGreaterThanOrEqual(6);
  });

  it("holds the records the HTTP reader makes of the client side's TCP streams (a capture of the same traffic)", async () => {
    const analyzer = new Analyzer();
    const input = analyzer.input('relay');
    const relayRecords: Record<string, any>[] = [];
    for await (const f of httpFrames(list(toProxy.events), 'relay'))
      relayRecords.push(...(input.push(f) as unknown as Record<string, any>[]));
    input.end();
    // Each side numbers connections in the order it accepted them: the same connections, maybe not the same numbers.
    const key = (r: Record<string, any>) =>
      JSON.stringify([
        r.session,
        r.dir,
        r.kind,
        r.id,
        r.method,
        r.phase,
        r.pair === null,
        canonical(r.message),
        r.event ?? null,
        { ...r.http, conn: null },
      ]);
    expect(records.map(key).sort()).toEqual(relayRecords.map(key).sort());
    // And the records fall into connections the same way.
    const byConn = (rs: Record<string, any>[]) => {
      const m = new Map<string, string[]>();
      for (const r of rs) m.set(r.http.conn, [...(m.get(r.http.conn) ?? []), key(r)]);
      return [...m.values()].map((ks) => ks.sort().join('\n')).sort();
    };
    expect(byConn(records)).toEqual(byConn(relayRecords));
  });

  it('--live FILE printed the transcript annotate prints for the capture', async () => {
    const r = await runCli(['annotate', '--no-color', capturePath]);
    expect(r.code).toBe(0);
    expect(readFileSync(livePath, 'utf8')).toBe(r.stdout);
  });
});

async function* list(events: StreamEvent[]): AsyncGenerator<StreamEvent> {
  yield* events;
}
