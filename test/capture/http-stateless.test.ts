// A stateless Streamable HTTP server (the SDK's transport with no session ids, JSON answers) read from the relay.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Analyzer } from '../../src/analyzer.js';
import { httpFrames } from '../../src/input/capture/http/http-frames.js';
import type { StreamEvent } from '../../src/input/capture/http/stream-event.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { canonical } from '../helpers/canonical-json.js';
import { connectSdk, type SdkSession } from '../helpers/sdk-http-client.js';
import { startRelay, type Relay } from '../helpers/stream-relay.js';
import { transportFindings } from '../helpers/transport-rules.js';

let http: Server;
let relay: Relay;
const sessions: SdkSession[] = [];
const frames: Frame[] = [];
let records: PipelineRecord[] = [];

async function* list(events: StreamEvent[]): AsyncGenerator<StreamEvent> {
  yield* events;
}

beforeAll(async () => {
  // One server and transport per request, no session ids, JSON answers (the SDK's stateless pattern); GET and DELETE
  // are answered 405, as a server with no stream and no sessions does.
  http = createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const server = new McpServer({ name: 'stateless-test', version: '0.1.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [
        { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
      ],
    }));
    server.setRequestHandler(CallToolRequestSchema, async (r) => {
      const { a, b } = r.params.arguments as { a: number; b: number };
      return { content: [{ type: 'text', text: String(a + b) }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  relay = await startRelay((http.address() as AddressInfo).port);
  for (let n = 1; n <= 2; n++) {
    const s = await connectSdk(`http://127.0.0.1:${relay.port}/mcp`);
    await s.client.callTool({ name: 'add', arguments: { a: n, b: 40 } }, CallToolResultSchema, { timeout: 15_000 });
    await s.client.close();
    sessions.push(s);
  }
  await relay.stop();
  for await (const f of httpFrames(list(relay.events), 'relay')) frames.push(f);
  const input = new Analyzer().input('relay');
  records = frames.flatMap((f) => input.push(f));
  input.end();
}, 60_000);

afterAll(async () => {
  await relay?.stop().catch(() => {});
  http?.close();
});

describe('a stateless Streamable HTTP server', () => {
  it('gives frames without a session, and the session stage starts one at each initialize', () => {
    expect(sessions.map((s) => s.session())).toEqual([null, null]);
    expect(frames.every((f) => f.session === null)).toBe(true);
    const messages = records.filter((r) => r.kind !== 'event');
    expect(new Set(messages.map((r) => r.session)).size).toBe(2);
    sessions.forEach((s, i) => {
      const key = messages.filter((r) => r.method === 'initialize' && r.kind === 'request')[i]!.session;
      const mine = messages.filter((r) => r.session === key);
      expect(mine.map((r) => `${r.dir} ${canonical(r.message)}`)).toEqual(
        s.seen.map((m) => `${m.dir} ${canonical(m.message)}`),
      );
    });
  });

  it('breaks no transport rule: no session id assigned, none asked for', () => {
    expect(transportFindings(records)).toEqual([]);
  });

  it('reads JSON answers, 202s and the 405 to the GET stream', () => {
    for (const r of records.filter((r) => r.kind === 'response')) {
      expect(r.http).toMatchObject({ method: 'POST', status: 200, contentType: 'application/json', stream: 'post' });
      expect(r.pair).not.toBeNull();
    }
    expect(records.filter((r) => r.event?.name === 'http-accepted').length).toBe(2);
    expect(records.filter((r) => r.event?.name === 'http-get-unsupported').length).toBe(2);
  });
});
