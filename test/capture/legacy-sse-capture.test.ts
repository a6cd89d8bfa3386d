// The 2024-11-05 HTTP+SSE transport in a real packet capture: server-everything's sse mode and the SDK's SSEClientTransport
// captured by tcpdump on lo and read through the pcap path: the messages and sessions the SDK clients saw (as the relay
// test reads them, test/capture/http-legacy-sse.test.ts), and every message tshark shows: its decoding of the POSTs,
// and the bytes it follows on each GET stream (a stream the client closed has no end tshark's HTTP decoding waits for).
import { Buffer } from 'node:buffer';
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import type { PipelineRecord } from '../../src/types.js';
import { canonical } from '../helpers/canonical-json.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { runLegacySessions, type SdkSession } from '../helpers/sdk-http-client.js';
import { markEnd, startTcpdump, tsharkFollow } from '../helpers/tcpdump.js';
import { tempDir } from '../helpers/temp.js';
import { sseData, tsharkMessages } from '../helpers/tshark-http.js';
import { chunked } from '../input/helpers.js';

let server: HttpServer;
let pcap = '';
const sessions: SdkSession[] = [];
let records: PipelineRecord[] = [];
const notes: string[] = [];

beforeAll(async () => {
  pcap = join(tempDir('legacy-sse'), 'lo.pcap');
  server = await startEverything('sse');
  const capture = await startTcpdump('lo', pcap, `tcp port ${server.port}`);
  try {
    const url = `http://127.0.0.1:${server.port}/sse`;
    // Two sessions at once: their GET streams and POSTs interleave on the wire.
    sessions.push(...(await runLegacySessions(url, { duration: 0.4, ping: true })));
    await markEnd(server.port, [pcap]);
  } finally {
    await capture.stop();
    await server.stop();
  }
  ({ records } = await analyze(createReadStream(pcap), { file: 'lo.pcap', onNote: (_f, t) => notes.push(t) }));
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

const isMessage = (r: PipelineRecord) => ['request', 'response', 'error', 'notification'].includes(r.kind);

describe('HTTP+SSE (2024-11-05) read from a real packet capture', () => {
  it('keys each session by its endpoint event, and has every message the client sent and received', () => {
    expect(records.every((r) => r.format === 'pcap')).toBe(true);
    for (const s of sessions) {
      const id = s.session();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const got = records
        .filter((r) => r.session === id && isMessage(r))
        .map((r) => `${r.dir} ${canonical(r.message)}`)
        .sort();
      expect(got).toEqual(s.seen.map((m) => `${m.dir} ${canonical(m.message)}`).sort());
    }
    expect(records.filter(isMessage).length).toBe(sessions.reduce((n, s) => n + s.seen.length, 0));
    expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
  });

  it('reads answers on the GET stream, POSTs to /message answered 202, the endpoint event, and pairs every answer', () => {
    for (const s of sessions) {
      const mine = records.filter((r) => r.session === s.session());
      expect(mine[0]!.event).toEqual({
        name: 'http-endpoint',
        data: { endpoint: `/message?sessionId=${s.session()}` },
      });
      expect(mine[0]!.http).toMatchObject({ method: 'GET', path: '/sse', status: 200, stream: 'get' });
      const posts = s.seen.filter((m) => m.dir === 'c2s').length;
      expect(mine.filter((r) => r.event?.name === 'http-accepted').length).toBe(posts);
      for (const r of mine.filter((r) => r.dir === 's2c' && isMessage(r)))
        expect(r.http).toMatchObject({
          method: 'GET',
          path: '/sse',
          status: 200,
          contentType: 'text/event-stream',
          stream: 'get',
        });
      for (const r of mine.filter((r) => r.dir === 'c2s'))
        expect(r.http).toMatchObject({ method: 'POST', path: `/message?sessionId=${s.session()}`, stream: 'post' });
      // Each session's GET stream is one connection.
      expect(new Set(mine.filter((r) => r.http?.stream === 'get').map((r) => r.http!.conn)).size).toBe(1);
    }
    for (const r of records.filter((r) => r.kind === 'response')) expect(r.pair, r.source).not.toBeNull();
    // The client's connection pool may open connections it never uses: they are counted as without data.
    const conns = new Set(records.map((r) => r.http!.conn)).size;
    expect(notes[0]).toMatch(
      new RegExp(`^pcap: \\d+ packets, \\d+ TCP connections \\(${conns} HTTP carrying MCP, \\d+ without data\\)$`),
    );
  });

  it('has every message tshark shows, with its direction, exchange and connection: the POSTs it decodes, the GET streams it follows', async () => {
    const key = (
      dir: string,
      method: string,
      status: number | null,
      type: string | null,
      conn: string,
      message: unknown,
    ) => `${dir} ${method} ${status} ${type} ${conn} ${canonical(message)}`;
    const posts = (await tsharkMessages(pcap, server.port)).map((m) =>
      key(m.dir, m.method, m.status, m.contentType, `tcp/${m.stream + 1}`, m.message),
    );
    const streams = (await followedGetStreams(pcap)).map((m) =>
      key('s2c', 'GET', 200, 'text/event-stream', `tcp/${m.stream + 1}`, m.message),
    );
    expect(posts.length).toBe(sessions.reduce((n, s) => n + s.seen.filter((m) => m.dir === 'c2s').length, 0));
    expect(streams.length).toBe(sessions.reduce((n, s) => n + s.seen.filter((m) => m.dir === 's2c').length, 0));
    const mine = records
      .filter(isMessage)
      .map((r) => key(r.dir, r.http!.method, r.http!.status, r.http!.contentType, r.http!.conn, r.message))
      .sort();
    expect(mine).toEqual([...posts, ...streams].sort());
  });

  it('gives the same records in 7-byte chunks', async () => {
    const line = (r: PipelineRecord) => [
      r.source,
      r.kind,
      r.session,
      r.http?.conn,
      r.event?.name,
      canonical(r.message),
    ];
    expect((await analyze(chunked(readFileSync(pcap), 7), { file: 'lo.pcap' })).records.map(line)).toEqual(
      records.map(line),
    );
  });
});

/**
 * The messages of each `GET /sse` stream as tshark follows its connection (`follow,tcp,raw`): the server's bytes after
 * the head, chunks joined (RFC 9112 §7.1) when the head says `chunked`, read as SSE by `sseData`.
 */
async function followedGetStreams(file: string): Promise<{ stream: number; message: unknown }[]> {
  const out: { stream: number; message: unknown }[] = [];
  for (const f of await tsharkFollow(file)) {
    // Node 0 sent the first packet: the client's SYN, the capture having started before any connection.
    if (!f.bytes[0].toString('latin1').startsWith('GET /sse ')) continue;
    const res = f.bytes[1];
    const headEnd = res.indexOf('\r\n\r\n');
    const head = res.toString('latin1', 0, headEnd);
    let body = res.subarray(headEnd + 4);
    if (/^transfer-encoding: *chunked/im.test(head)) {
      const chunks: Buffer[] = [];
      for (let i = 0; ; ) {
        const eol = body.indexOf('\r\n', i);
        const size = eol < 0 ? 0 : parseInt(body.toString('latin1', i, eol), 16);
        if (!(size > 0) || eol + 2 + size > body.length) break;
        chunks.push(body.subarray(eol + 2, eol + 2 + size));
        i = eol + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
    }
    for (const data of sseData(body.toString('utf8'))) out.push({ stream: f.stream, message: JSON.parse(data) });
  }
  return out;
}
