// The transport rules hold Streamable HTTP to its clauses, not the 2024-11-05 HTTP+SSE transport, whose GET stream
// carries every server message (responses included), whose POSTs go to the endpoint it names and need no MCP header.
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { httpFrames } from '../../src/input/capture/http/http-frames.js';
import type { StreamEvent } from '../../src/input/capture/http/stream-event.js';
import { TRANSPORT_RULES } from '../../src/rules/sets/transport.js';
import type { PipelineRecord } from '../../src/types.js';
import { chunk, chunkedHead, connection, msg, post, reply } from '../input/capture/streams.js';

async function records(events: StreamEvent[]): Promise<PipelineRecord[]> {
  const input = new Analyzer().input('cap');
  const out: PipelineRecord[] = [];
  async function* source() {
    yield* events;
  }
  for await (const f of httpFrames(source(), 'cap')) out.push(...input.push(f));
  input.end();
  return out;
}

const IDS = new Set(TRANSPORT_RULES.map((r) => r.meta.id));
const init = msg({
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const initResult = msg({
  id: 0,
  result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } },
});
const sse = (data: string) => chunk(`event: message\ndata: ${data}\n\n`);

describe('the transport rules on the legacy HTTP+SSE transport', () => {
  it('report nothing, though the session negotiated 2025-11-25 and its requests carry no MCP header', async () => {
    const get = connection('tcp/1', [
      ['c2s', 'GET /sse HTTP/1.1\r\nHost: 127.0.0.1:3001\r\nAccept: */*\r\n\r\n'],
      ['s2c', chunkedHead(200, { 'Content-Type': 'text/event-stream' })],
      ['s2c', chunk('event: endpoint\ndata: /messages?sessionId=L1\n\n')],
    ]);
    const at = '/messages?sessionId=L1';
    const posts = connection(
      'tcp/2',
      [
        ['c2s', post(init, { Accept: '*/*' }, at)],
        ['s2c', reply(202, 'Accepted')],
      ],
      { packet: 100 },
    );
    const more = connection(
      'tcp/2',
      [
        ['c2s', post(msg({ method: 'notifications/initialized' }), { Accept: '*/*' }, at)],
        ['s2c', reply(200, 'OK')],
        ['c2s', post(msg({ id: 1, method: 'ping' }), { Accept: '*/*' }, at)],
        ['s2c', reply(202, 'Accepted')],
      ],
      { packet: 200 },
    ).slice(1);
    const events = [
      ...get,
      ...posts,
      ...connection('tcp/1', [['s2c', sse(initResult)]], { packet: 300 }).slice(1),
      ...more,
      ...connection('tcp/1', [['s2c', sse(msg({ id: 1, result: {} }))]], { packet: 400 }).slice(1),
    ];
    const got = await records(events);
    // The session was read as the legacy transport sends it: keyed by the endpoint's sessionId, handshake and ping paired.
    expect(new Set(got.map((r) => r.session))).toEqual(new Set(['L1']));
    expect(got.filter((r) => r.kind === 'response').map((r) => [r.method, r.http!.method, r.pair !== null])).toEqual([
      ['initialize', 'GET', true],
      ['ping', 'GET', true],
    ]);
    expect(got.flatMap((r) => r.findings.filter((f) => IDS.has(f.rule)))).toEqual([]);
  });
});
