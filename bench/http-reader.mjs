#!/usr/bin/env node
// The HTTP reader's own speed and memory: synthetic Streamable HTTP traffic as StreamEvents (what TCP reassembly
// hands it), read by httpFrames from the built dist/. No packets, no disk: the cost of HTTP/1.1, SSE and sessions.
//
//   npm run build && node bench/http-reader.mjs [MB=100] [connections=50]
//
// Each exchange: a POST with a tools/call (1 packet), answered with a chunked SSE stream of 3 progress notifications
// and a result (1 packet per event); connections carry exchanges one after another (keep-alive), interleaved.
import { httpFrameBatches } from '../dist/src/input/capture/http-frames.js';

const targetMb = Number(process.argv[2] ?? 100);
const connections = Number(process.argv[3] ?? 50);

const msg = (o) => JSON.stringify({ jsonrpc: '2.0', ...o });
const chunk = (s) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`;

function exchange(id, session) {
  const body = msg({
    id,
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: 'x'.repeat(200) }, _meta: { progressToken: id } },
  });
  const req = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:3001\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Session-Id: ${session}\r\nMcp-Protocol-Version: 2025-11-25\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const head = `HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nMcp-Session-Id: ${session}\r\nTransfer-Encoding: chunked\r\n\r\n`;
  const events = [1, 2, 3].map((p) =>
    chunk(
      `id: ${id}-${p}\ndata: ${msg({ method: 'notifications/progress', params: { progress: p, total: 3, progressToken: id } })}\n\n`,
    ),
  );
  events.push(
    chunk(
      `id: ${id}-r\ndata: ${msg({ id, result: { content: [{ type: 'text', text: `Echo: ${'x'.repeat(200)}` }] } })}\n\n`,
    ) + '0\r\n\r\n',
  );
  return { req: Buffer.from(req), res: [Buffer.from(head + events[0]), ...events.slice(1).map((e) => Buffer.from(e))] };
}

let bytes = 0;
let packets = 0;
async function* events() {
  let ts = Date.UTC(2026, 0, 1);
  for (let c = 1; c <= connections; c++) {
    yield {
      kind: 'open',
      conn: `tcp/${c}`,
      ts,
      client: { addr: '127.0.0.1', port: 40000 + c },
      server: { addr: '127.0.0.1', port: 3001 },
      midstream: false,
    };
  }
  for (let id = 1; bytes < targetMb * 1e6; id++) {
    const conn = `tcp/${(id % connections) + 1}`;
    const x = exchange(id, `session-${id % connections}`);
    ts += 1;
    bytes += x.req.length;
    yield { kind: 'data', conn, dir: 'c2s', ts, packet: ++packets, bytes: x.req };
    for (const b of x.res) {
      bytes += b.length;
      yield { kind: 'data', conn, dir: 's2c', ts, packet: ++packets, bytes: b };
    }
  }
  for (let c = 1; c <= connections; c++) yield { kind: 'close', conn: `tcp/${c}`, ts, how: 'fin' };
}

const t0 = process.hrtime.bigint();
let frames = 0;
let peak = 0;
for await (const batch of httpFrameBatches(events(), 'bench')) {
  frames += batch.length;
  if ((packets & 0xfff) === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
}
const s = Number(process.hrtime.bigint() - t0) / 1e9;
peak = Math.max(peak, process.memoryUsage().heapUsed);
console.log(
  `${(bytes / 1e6).toFixed(1)} MB of HTTP in ${packets} packets → ${frames} frames in ${s.toFixed(2)} s: ${(bytes / 1e6 / s).toFixed(1)} MB/s, ${Math.round(packets / s)} packets/s; heap peak ${(peak / 1e6).toFixed(0)} MB`,
);
