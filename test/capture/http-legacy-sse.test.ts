// The 2024-11-05 HTTP+SSE transport for real: server-everything's sse mode and the SDK's SSEClientTransport, via the relay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { decodeFrame } from '../../src/decode/decode.js';
import { httpFrames } from '../../src/input/capture/http/http-frames.js';
import type { StreamEvent } from '../../src/input/capture/http/stream-event.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { canonical } from '../helpers/canonical-json.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { runLegacySessions, type SdkSession } from '../helpers/sdk-http-client.js';
import { startRelay, type Relay } from '../helpers/stream-relay.js';
import { transportFindings } from '../helpers/transport-rules.js';

let server: HttpServer;
let relay: Relay;
const sessions: SdkSession[] = [];
const frames: Frame[] = [];
let records: PipelineRecord[] = [];

async function* list(events: StreamEvent[]): AsyncGenerator<StreamEvent> {
  yield* events;
}

beforeAll(async () => {
  server = await startEverything('sse');
  relay = await startRelay(server.port);
  const url = `http://127.0.0.1:${relay.port}/sse`;
  sessions.push(...(await runLegacySessions(url)));
  await relay.stop();
  for await (const f of httpFrames(list(relay.events), 'relay')) frames.push(f);
  const input = new Analyzer().input('relay');
  records = frames.flatMap((f) => input.push(f));
  input.end();
}, 90_000);

afterAll(async () => {
  await relay?.stop().catch(() => {});
  await server?.stop();
});

describe('HTTP+SSE (2024-11-05) read from the relay streams', () => {
  it('keys each session by the endpoint event, and has every message the client sent and received', () => {
    for (const s of sessions) {
      const id = s.session();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const expected = s.seen.map((m) => `${m.dir} ${canonical(m.message)}`).sort();
      const got = frames
        .filter((f) => f.session === id && f.event === undefined)
        .flatMap((f) => decodeFrame(f).map((d) => `${f.dir} ${canonical(d.message)}`))
        .sort();
      expect(got).toEqual(expected);
    }
    expect(frames.filter((f) => f.event === undefined).length).toBe(sessions.reduce((n, s) => n + s.seen.length, 0));
  });

  it('is not held to the Streamable HTTP clauses (responses on the GET stream, no MCP headers): no transport-rule finding', () => {
    expect(transportFindings(records)).toEqual([]);
  });

  it('reads answers on the GET stream, POSTs to /message answered 202, and the endpoint event', () => {
    for (const s of sessions) {
      const mine = records.filter((r) => r.session === s.session());
      expect(mine[0]!.event).toEqual({
        name: 'http-endpoint',
        data: { endpoint: `/message?sessionId=${s.session()}` },
      });
      const posts = s.seen.filter((m) => m.dir === 'c2s').length;
      expect(mine.filter((r) => r.event?.name === 'http-accepted').length).toBe(posts);
      for (const r of mine.filter((r) => r.dir === 's2c' && r.kind !== 'event'))
        expect(r.http).toMatchObject({ method: 'GET', path: '/sse', status: 200, stream: 'get' });
      for (const r of mine.filter((r) => r.dir === 'c2s'))
        expect(r.http).toMatchObject({ method: 'POST', path: `/message?sessionId=${s.session()}`, stream: 'post' });
    }
    for (const r of records.filter((r) => r.kind === 'response')) expect(r.pair).not.toBeNull();
    expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
  });
});
