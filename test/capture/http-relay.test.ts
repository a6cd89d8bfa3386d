// Real Streamable HTTP traffic (server-everything and the SDK client) recorded as StreamEvents by a TCP relay, read back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { decodeFrame } from '../../src/decode/decode.js';
import { Buffer } from 'node:buffer';
import { httpFrameBatches, httpFrames } from '../../src/input/capture/http/http-frames.js';
import type { StreamEvent } from '../../src/input/capture/http/stream-event.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { canonical } from '../helpers/canonical-json.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { connectSdk, waitForSeen, type SdkSession } from '../helpers/sdk-http-client.js';
import { startRelay, type Relay } from '../helpers/stream-relay.js';
import { transportFindings } from '../helpers/transport-rules.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';

let server: HttpServer;
let relay: Relay;
const sessions: SdkSession[] = [];
const frames: Frame[] = [];
const notes: string[] = [];
let records: PipelineRecord[] = [];

const T = { timeout: 15_000 };
const method = (m: unknown) => (m as { method?: string }).method;

/** The session's run: roots asked by the server (GET stream), tools, a tool with progress, then DELETE. */
async function run(s: SdkSession, n: number): Promise<void> {
  await waitForSeen(s, (m) => m.dir === 's2c' && method(m.message) === 'roots/list');
  await waitForSeen(s, (m) => m.dir === 'c2s' && 'result' in m.message && 'roots' in (m.message.result as object));
  await s.client.listTools(undefined, T);
  await s.client.callTool({ name: 'echo', arguments: { message: `hello ${n}` } }, CallToolResultSchema, T);
  await s.client.callTool({ name: 'get-sum', arguments: { a: n, b: 2 } }, CallToolResultSchema, T);
  const progress: number[] = [];
  await s.client.callTool(
    { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } },
    CallToolResultSchema,
    { ...T, onprogress: (p) => progress.push(p.progress) },
  );
  expect(progress).toEqual([1, 2, 3]);
  await s.client.ping(T);
}

beforeAll(async () => {
  server = await startEverything('streamableHttp');
  relay = await startRelay(server.port);
  const url = `http://127.0.0.1:${relay.port}/mcp`;
  // Two sessions at once (their connections interleave), then a third after them.
  const [a, b] = await Promise.all([connectSdk(url), connectSdk(url)]);
  sessions.push(a!, b!);
  await Promise.all([run(a!, 1), run(b!, 2)]);
  for (const s of [a!, b!]) {
    await (s.transport as { terminateSession(): Promise<void> }).terminateSession();
    await s.client.close();
  }
  const c = await connectSdk(url);
  sessions.push(c);
  await run(c, 3);
  await (c.transport as { terminateSession(): Promise<void> }).terminateSession();
  await c.client.close();
  await relay.stop();
  // In batches, as the input stage reads a capture: one per StreamEvent that completed a frame.
  for await (const batch of httpFrameBatches(list(relay.events), 'relay', {
    status: { note: (_source, t) => notes.push(t) },
  })) {
    expect(batch.length).toBeGreaterThan(0);
    frames.push(...batch);
  }
  const analyzer = new Analyzer();
  const input = analyzer.input('relay');
  records = frames.flatMap((f) => input.push(f));
  input.end();
}, 90_000);

afterAll(async () => {
  await relay?.stop().catch(() => {});
  await server?.stop();
});

async function* list(events: StreamEvent[]): AsyncGenerator<StreamEvent> {
  yield* events;
}

/** A message as `dir JSON`, the same text for the SDK's object and for the frame's parsed body. */
const key = (dir: string, m: unknown) => `${dir} ${canonical(m)}`;

describe('Streamable HTTP read from the relay streams', () => {
  it('has every message each SDK client sent and received, in its session, with its direction', () => {
    expect(sessions.every((s) => s.session() !== null)).toBe(true);
    for (const s of sessions) {
      const id = s.session()!;
      const expected = s.seen.map((m) => key(m.dir, m.message)).sort();
      const got = frames
        .filter((f) => f.session === id && f.event === undefined)
        .flatMap((f) => decodeFrame(f).map((d) => key(f.dir, d.message)))
        .sort();
      expect(got).toEqual(expected);
    }
    // Nothing else: every message frame belongs to one of the sessions.
    const messages = frames.filter((f) => f.event === undefined);
    expect(messages.every((f) => f.error === undefined)).toBe(true);
    expect(messages.length).toBe(sessions.reduce((n, s) => n + s.seen.length, 0));
  });

  it("reads the client's requests in the order it sent them", () => {
    for (const s of sessions) {
      const id = s.session()!;
      // The client's requests, each awaited before the next (a response or notification it POSTs may overtake one).
      const isRequest = (m: unknown) => typeof m === 'object' && m !== null && 'method' in m && 'id' in m;
      const sent = s.seen.filter((m) => m.dir === 'c2s' && isRequest(m.message)).map((m) => canonical(m.message));
      const read = frames
        .filter((f) => f.session === id && f.dir === 'c2s' && f.event === undefined)
        .map((f) => JSON.parse(f.text!))
        .filter(isRequest)
        .map(canonical);
      expect(read).toEqual(sent);
    }
  });

  it('puts the initialize request in the session its response assigned', () => {
    for (const s of sessions) {
      const init = frames.find(
        (f) => f.dir === 'c2s' && f.text !== null && /"method":"initialize"/.test(f.text) && f.session === s.session(),
      );
      expect(init?.http).toMatchObject({
        method: 'POST',
        path: '/mcp',
        status: null,
        contentType: 'application/json',
        stream: 'post',
      });
    }
  });

  it('reads server requests on the GET stream, responses on the POST streams, with status and event ids', () => {
    const roots = records.filter((r) => r.method === 'roots/list' && r.kind === 'request');
    expect(roots.length).toBe(sessions.length);
    for (const r of roots)
      expect(r.http).toMatchObject({
        method: 'GET',
        path: '/mcp',
        status: 200,
        contentType: 'text/event-stream',
        stream: 'get',
      });
    const progress = records.filter((r) => r.method === 'notifications/progress');
    expect(progress.length).toBe(3 * sessions.length);
    for (const r of progress)
      expect(r.http).toMatchObject({ method: 'POST', status: 200, contentType: 'text/event-stream', stream: 'post' });
    // server-everything keeps an event store: every SSE event it sends has an id.
    expect(progress.every((r) => typeof r.http?.eventId === 'string' && r.http.eventId !== '')).toBe(true);
  });

  it('pairs every request with its response, one HTTP session per Mcp-Session-Id', () => {
    const ids = new Set(sessions.map((s) => s.session()));
    const keys = new Set(records.map((r) => r.session));
    expect(keys).toEqual(ids);
    for (const r of records.filter((r) => r.kind === 'response' || r.kind === 'error'))
      expect(r.pair, `${r.source} ${r.method}`).not.toBeNull();
    expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
    for (const r of records) expect(r.http?.conn).toMatch(/^tcp\/\d+$/);
    // A session spans connections (its GET stream has one of its own, besides its POSTs').
    for (const id of ids)
      expect(new Set(records.filter((r) => r.session === id).map((r) => r.http!.conn)).size).toBeGreaterThan(1);
  });

  it('breaks no transport rule: the SDK client and server-everything send the headers, statuses and streams the spec asks', () => {
    expect(transportFindings(records)).toEqual([]);
  });

  it('reads the same when every data event is cut in 1-, 3- or 7-byte pieces', async () => {
    const whole = frames.map((f) => [f.dir, f.session, f.text, f.event?.name, f.http]);
    for (const size of [1, 3, 7]) {
      const cut = relay.events.flatMap((e) => {
        if (e.kind !== 'data') return [e];
        const out = [];
        for (let i = 0; i < e.bytes.length; i += size) out.push({ ...e, bytes: e.bytes.subarray(i, i + size) });
        return out;
      });
      const got: Frame[] = [];
      for await (const f of httpFrames(list(cut), 'relay')) got.push(f);
      expect(
        got.map((f) => [f.dir, f.session, f.text, f.event?.name, f.http]),
        `${size}-byte pieces`,
      ).toEqual(whole);
    }
  });

  it('reports lost bytes of an SSE answer with their count, and reads every other message', async () => {
    // The packet of the first progress notification is lost: a gap of its size instead.
    const at = relay.events.findIndex(
      (e) => e.kind === 'data' && e.dir === 's2c' && Buffer.from(e.bytes).includes('"progress":1,'),
    );
    const lost = relay.events[at] as StreamEvent & { kind: 'data' };
    const events = relay.events.map((e, i) =>
      i === at
        ? {
            kind: 'gap' as const,
            conn: lost.conn,
            dir: lost.dir,
            ts: lost.ts,
            packet: lost.packet,
            bytes: lost.bytes.length,
          }
        : e,
    );
    const got: Frame[] = [];
    for await (const f of httpFrames(list(events), 'relay')) got.push(f);
    const gaps = got.filter((f) => f.error?.startsWith('capture gap'));
    expect(gaps.map((f) => f.error)).toEqual([
      expect.stringMatching(
        new RegExp(`^capture gap: ${lost.bytes.length} bytes of this SSE stream were not captured`),
      ),
    ]);
    // Everything but what the packet held is still read (a busy machine may have put more than one event in it).
    const key = (f: Frame) => `${f.session} ${f.dir} ${f.text}`;
    const missing = frames.filter((f) => f.text !== null && !got.some((g) => key(g) === key(f)));
    const lostText = Buffer.from(lost.bytes).toString('utf8');
    expect(missing.some((f) => /"progress":1,/.test(f.text!))).toBe(true);
    for (const f of missing)
      expect(lostText.includes(`id: ${f.http!.eventId}\n`) || lostText.includes(f.text!.slice(-20)), f.text!).toBe(
        true,
      );
  });

  it('makes 202 Accepted and DELETE transport events', () => {
    for (const s of sessions) {
      const id = s.session()!;
      const mine = records.filter((r) => r.session === id);
      // Notifications and responses the client POSTed are each answered 202 (basic/transports.mdx).
      const posted = s.seen.filter((m) => m.dir === 'c2s' && !('method' in m.message && 'id' in m.message)).length;
      expect(mine.filter((r) => r.event?.name === 'http-accepted').length).toBe(posted);
      const del = mine.filter((r) => r.event?.name === 'http-delete');
      expect(del.length).toBe(1);
      expect(del[0]!.http).toMatchObject({ method: 'DELETE', status: 200 });
      expect(del[0]!.phase).toBe('shutdown');
    }
    expect(notes).toEqual([]);
  });
});
