// 2026-07-28 cancellation on Streamable HTTP, for real: a client closes the connection of a tools/call whose answer is
// an SSE stream, once the first progress notification came (streamable-http.mdx §Cancellation: the close cancels the
// request). One server stops there, as it must; the other sends a notification and the response after the close.
// Captured by tcpdump on lo: mcptrace sees the client's FIN, marks what came after it, and reports only the second.
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { TRANSPORT_RULES } from '../../src/rules/sets/transport.js';
import type { PipelineRecord } from '../../src/types.js';
import { modernHeaders, mreq, mres } from '../helpers/modern-http.js';
import { messageErrors } from '../helpers/modern-schema.js';
import { markEnd, startTcpdump } from '../helpers/tcpdump.js';
import { tempDir } from '../helpers/temp.js';

const TRANSPORT = new Set(TRANSPORT_RULES.map((r) => r.meta.id));

const call = (id: number) => {
  const r = mreq(id, 'tools/call', { name: 'echo', arguments: { message: 'slow' } });
  (r.params._meta as Record<string, unknown>).progressToken = `p${id}`;
  return r;
};
const progress = (id: number, n: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: `p${id}`, progress: n, total: 3 },
});
const event = (m: unknown) => `data: ${JSON.stringify(m)}\n\n`;

/** Every message either side sent, for the schema check. */
const sent: { message: Record<string, unknown>; answered: string | null }[] = [];

/**
 * A server written on node:net so that it may write after the client's FIN (allowHalfOpen): it answers each POST with
 * an SSE stream (no length: the body ends with the connection) and sends the first progress notification. When the
 * client closes, `/mcp` closes too; `/bad/mcp` sends another notification and the response first.
 */
function startServer(): Promise<{ port: number; server: Server }> {
  const server = createServer({ allowHalfOpen: true }, (socket: Socket) => {
    let text = '';
    let path = '';
    let id = 0;
    socket.on('error', () => {}); // the client's RST after the bad server's writes
    socket.on('data', (b: Buffer) => {
      text += b.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 'NaN');
      if (end < 0 || path !== '' || Buffer.byteLength(text.slice(end + 4), 'latin1') < length) return;
      path = text.split(' ')[1]!;
      id = JSON.parse(Buffer.from(text.slice(end + 4), 'latin1').toString('utf8')).id;
      sent.push({ message: progress(id, 1), answered: 'tools/call' });
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nX-Accel-Buffering: no\r\nConnection: close\r\n\r\n${event(progress(id, 1))}`,
      );
    });
    socket.on('end', () => {
      if (path === '/bad/mcp') {
        const answer = mres(id, { content: [{ type: 'text', text: 'slow' }] });
        sent.push({ message: progress(id, 2), answered: 'tools/call' }, { message: answer, answered: 'tools/call' });
        socket.end(event(progress(id, 2)) + event(answer));
      } else socket.end();
    });
  });
  server.listen(0, '127.0.0.1');
  return once(server, 'listening').then(() => ({ port: (server.address() as AddressInfo).port, server }));
}

/** POSTs the call and closes the connection as soon as the first SSE event has come. */
async function cancel(port: number, path: string, id: number): Promise<void> {
  const body = JSON.stringify(call(id));
  sent.push({ message: call(id), answered: null });
  const head = Object.entries({
    ...modernHeaders(call(id)),
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
  })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${head}\r\n${body}`);
  let got = '';
  for await (const b of socket) {
    got += (b as Buffer).toString('utf8');
    if (/\r\n\r\ndata: [^\n]*\n\n/.test(got)) break;
  }
  // Leaving the loop destroys the socket: its FIN goes out with nothing unread.
  if (!socket.destroyed) socket.destroy();
  await once(socket, 'close').catch(() => {});
}

let dir = '';
let file = '';
let srv: { port: number; server: Server };

beforeAll(async () => {
  dir = tempDir('modern-cancel');
  srv = await startServer();
  file = join(dir, 'lo.pcap');
  const capture = await startTcpdump('lo', file, `tcp port ${srv.port}`);
  try {
    await cancel(srv.port, '/mcp', 1);
    await cancel(srv.port, '/bad/mcp', 2);
    await markEnd(srv.port, [file]);
  } finally {
    await capture.stop();
  }
}, 60_000);

afterAll(async () => {
  srv?.server.close();
});

async function records(): Promise<PipelineRecord[]> {
  const { createReadStream } = await import('node:fs');
  return (await analyze(createReadStream(file), { file })).records;
}

describe('a 2026-07-28 request cancelled by closing its SSE stream, captured', () => {
  it('sends only bodies the official schema accepts', () => {
    expect(sent.length).toBe(6);
    for (const m of sent) expect(messageErrors(m.message, m.answered), JSON.stringify(m.message)).toEqual([]);
  });

  it("marks what the server sent after the client's FIN, and reports it only of the server that went on", async () => {
    const rs = await records();
    const s2c = rs
      .filter((r) => r.dir === 's2c' && r.kind !== 'event')
      .map((r) => [
        r.kind,
        r.method,
        (r.message as { params?: { progress?: number } }).params?.progress ?? null,
        r.http!.path,
        r.http!.afterClientClose ?? false,
      ]);
    expect(s2c).toEqual([
      ['notification', 'notifications/progress', 1, '/mcp', false],
      ['notification', 'notifications/progress', 1, '/bad/mcp', false],
      ['notification', 'notifications/progress', 2, '/bad/mcp', true],
      ['response', 'tools/call', null, '/bad/mcp', true],
    ]);
    const found = rs.flatMap((r) =>
      r.findings
        .filter((f) => TRANSPORT.has(f.rule))
        .map((f) => `${f.rule} ${f.severity} ${r.http?.path}: ${f.message}`),
    );
    expect(found).toEqual([
      'modern-message-after-close error /bad/mcp: the server sent notifications/progress for POST /bad/mcp (tools/call, id 2) after the client closed its response stream: in 2026-07-28 that close cancels the request, and the server MUST NOT send any further messages for it',
    ]);
  });

  it('the close is an http-stream-closed event naming the request, which is then cancelled, not unanswered', async () => {
    const rs = await records();
    const closes = rs.filter((r) => r.kind === 'event' && r.event?.name === 'http-stream-closed');
    expect(closes.map((r) => [r.dir, r.http?.path, r.event?.data])).toEqual([
      ['c2s', '/mcp', { id: 1 }],
      ['c2s', '/bad/mcp', { id: 2 }],
    ]);
    // Each event is in its request's session, after the request.
    for (const c of closes) {
      const request = rs.find(
        (r) => r.kind === 'request' && r.http?.path === c.http?.path && r.id === c.event?.data?.id,
      )!;
      expect(c.session).toBe(request.session);
      expect(c.seq).toBeGreaterThan(request.seq);
    }
    const result = await analyze((await import('node:fs')).createReadStream(file), { file });
    // The good server's request never got its answer, and needs none.
    expect(result.findings.map((f) => f.rule)).not.toContain('unanswered-request');
    expect(result.open.filter((o) => o.method === 'tools/call').map((o) => [o.id, o.cancelled])).toEqual([[1, true]]);
  });
});
