// The transport rules on real Streamable HTTP traffic (server-everything, the SDK client), recorded by the TCP relay:
// the SDK's own requests break none of them; requests the test sends with a header dropped or wrong give exactly the
// findings they should; and a GET stream broken under the SDK client, which it resumes with Last-Event-ID, shows what
// server-everything replays on it.
import { Buffer } from 'node:buffer';
import { Agent, request } from 'node:http';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { httpFrameBatches } from '../../src/input/capture/http/http-frames.js';
import type { StreamEvent } from '../../src/input/capture/http/stream-event.js';
import { TRANSPORT_RULES } from '../../src/rules/sets/transport.js';
import type { PipelineRecord } from '../../src/types.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { connectSdk, waitForSeen, type SdkSession } from '../helpers/sdk-http-client.js';
import { startRelay, type Relay } from '../helpers/stream-relay.js';

const T = { timeout: 15_000 };
const TRANSPORT = new Set(TRANSPORT_RULES.map((r) => r.meta.id));
const method = (m: unknown) => (m as { method?: string }).method;

let server: HttpServer;
let relay: Relay;
let tampered: SdkSession;
let resumed: SdkSession;
let negotiated = '';
const statuses: number[] = [];
const records: PipelineRecord[] = [];

/** One request of the test's own, on the agent's one kept-alive connection: its status, once its answer was read. */
function send(
  agent: Agent,
  port: number,
  how: { method: 'POST' | 'GET'; headers: Record<string, string>; body?: unknown },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = how.body === undefined ? undefined : JSON.stringify(how.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: how.method,
        agent,
        headers: { ...how.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode!));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** The run of a session: roots asked on the GET stream and answered, the server's log of them, tools listed and called. */
async function run(s: SdkSession): Promise<void> {
  await waitForSeen(s, (m) => m.dir === 's2c' && method(m.message) === 'roots/list');
  // server-everything logs the roots it got on the GET stream: after it, the stream is quiet.
  await waitForSeen(s, (m) => m.dir === 's2c' && method(m.message) === 'notifications/message');
  await s.client.listTools(undefined, T);
  await s.client.callTool({ name: 'echo', arguments: { message: 'hello' } }, CallToolResultSchema, T);
}

beforeAll(async () => {
  server = await startEverything('streamableHttp');
  relay = await startRelay(server.port);
  const url = `http://127.0.0.1:${relay.port}/mcp`;

  // A session of the SDK client, then requests of the test's own in it, each with one header dropped or wrong.
  tampered = await connectSdk(url);
  await run(tampered);
  negotiated = (tampered.transport as { protocolVersion?: string }).protocolVersion!;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = {
    Accept: 'application/json, text/event-stream',
    'Mcp-Session-Id': tampered.session()!,
    'MCP-Protocol-Version': negotiated,
  };
  const drop = (name: string) => Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
  for (const how of [
    { method: 'POST', headers, body: ping(9001) },
    { method: 'POST', headers: drop('MCP-Protocol-Version'), body: ping(9002) },
    { method: 'POST', headers: { ...headers, 'MCP-Protocol-Version': '2025-06-18' }, body: ping(9003) },
    { method: 'POST', headers: drop('Mcp-Session-Id'), body: ping(9004) },
    { method: 'POST', headers: { ...headers, Accept: 'application/json' }, body: ping(9005) },
    { method: 'GET', headers: { ...headers, Accept: 'application/json' } },
  ] as const) {
    statuses.push(await send(agent, relay.port, how));
  }
  agent.destroy();
  await (tampered.transport as { terminateSession(): Promise<void> }).terminateSession();
  await tampered.client.close();

  // Another session whose GET stream breaks (the relay cuts its connection): the SDK client resumes it at once.
  resumed = await connectSdk(url, 'streamable', {
    reconnectionOptions: {
      initialReconnectionDelay: 10,
      maxReconnectionDelay: 100,
      reconnectionDelayGrowFactor: 1,
      maxRetries: 2,
    },
  });
  await run(resumed);
  const session = resumed.session()!;
  const get = relay.events.find(
    (e) =>
      e.kind === 'data' &&
      e.dir === 'c2s' &&
      Buffer.from(e.bytes).toString('latin1').startsWith('GET /mcp') &&
      Buffer.from(e.bytes).toString('latin1').includes(session),
  )!;
  let lists = 0;
  const replayed = waitForSeen(
    resumed,
    (m) => m.dir === 's2c' && 'result' in m.message && 'tools' in (m.message.result as object) && ++lists === 2,
  );
  relay.cut(get.conn);
  await replayed;
  await (resumed.transport as { terminateSession(): Promise<void> }).terminateSession();
  await resumed.client.close();

  await relay.stop();
  const input = new Analyzer().input('relay');
  async function* list(events: StreamEvent[]) {
    yield* events;
  }
  for await (const batch of httpFrameBatches(list(relay.events), 'relay'))
    for (const f of batch) records.push(...input.push(f));
  input.end();
}, 90_000);

afterAll(async () => {
  await relay?.stop().catch(() => {});
  await server?.stop();
});

/** A record as the expectations name it: a message by kind and id, an event by name, with the request's method. */
const what = (r: PipelineRecord) =>
  `${r.http!.method} ${r.kind === 'event' ? r.event!.name : `${r.kind} ${JSON.stringify(r.id)}`}`;
const found = (rs: PipelineRecord[]) =>
  rs.flatMap((r) => r.findings.filter((f) => TRANSPORT.has(f.rule)).map((f) => [f.rule, f.severity, what(r)]));

describe('the transport rules on real Streamable HTTP traffic', () => {
  it('find exactly the headers the test dropped or changed, and nothing in what the SDK client sent', () => {
    expect(negotiated).toBe('2025-11-25');
    // server-everything: the ping without a version is taken as 2025-03-26, one without the session refused, a wrong Accept not acceptable.
    expect(statuses).toEqual([200, 200, 200, 400, 406, 406]);
    const mine = records.filter((r) => r.session === tampered.session());
    // The test's requests went on one connection, so the one that names no session is counted in this session.
    const own = mine.filter((r) => typeof r.id === 'number' && r.id > 9000 && r.dir === 'c2s');
    expect(own.map((r) => r.id)).toEqual([9001, 9002, 9003, 9004, 9005]);
    expect(new Set(own.map((r) => r.http!.conn)).size).toBe(1);
    expect(found(mine)).toEqual([
      ['protocol-version-header', 'error', 'POST request 9002'],
      ['protocol-version-header', 'warning', 'POST request 9003'],
      ['session-id-header', 'error', 'POST request 9004'],
      ['accept-header', 'error', 'POST request 9005'],
      ['accept-header', 'error', 'GET http-status'],
    ]);
    expect(mine.some((r) => r.event?.name === 'http-delete')).toBe(true);
  });

  it("see the SDK client resume the broken GET stream with Last-Event-ID, and server-everything replay other streams' messages on it", () => {
    const mine = records.filter((r) => r.session === resumed.session());
    const resumption = mine.filter((r) => r.http!.method === 'GET' && r.http!.lastEventId !== null);
    expect(resumption.length).toBeGreaterThan(0);
    const exchanges = new Set(resumption.map((r) => r.http!.exchange));
    expect(exchanges.size).toBe(1);
    // The event the client resumed after was the last of the GET stream it lost.
    const lastEventId = resumption[0]!.http!.lastEventId!;
    const before = mine.filter((r) => r.seq < resumption[0]!.seq);
    expect(before.filter((r) => r.http!.method === 'GET' && r.http!.eventId !== null).at(-1)!.http!.eventId).toBe(
      lastEventId,
    );
    // Every message the resumption delivered had been sent before on a POST's stream (the tools/list and echo answers):
    // server-everything's event store replays every event after the id, whatever stream sent it.
    const sentOnPost = new Set(
      before.filter((r) => r.http!.method === 'POST' && r.http!.eventId !== null).map((r) => r.http!.eventId),
    );
    const replayed = resumption.filter((r) => r.kind !== 'event');
    expect(replayed.some((r) => r.kind === 'response' && r.method === null)).toBe(true);
    expect(replayed.every((r) => sentOnPost.has(r.http!.eventId))).toBe(true);
    expect(found(mine)).toEqual(replayed.map((r) => ['resume-other-stream', 'error', what(r)]));
  });
});
