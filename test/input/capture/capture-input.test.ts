// A capture as an input: detected by its first bytes in any chunking; its HTTP read into MCP frames; damage to the file as located records; the rest told on stderr.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { readFrames } from '../../../src/input/read.js';
import { detectInput } from '../../../src/input/detect.js';
import type { InputFormat } from '../../../src/input/detect.js';
import type { Frame } from '../../../src/types.js';
import { analyze } from '../../../src/analyze-stream.js';
import { chunked } from '../helpers.js';
import { conversation, ipv4 } from '../../helpers/packets.js';
import { pcapFile, pcapngFile } from '../../helpers/pcap-writer.js';
import { msg, post, reply } from './streams.js';

const T0 = 1_700_000_000_000;

const JSON_TYPE = { 'Content-Type': 'application/json' };
const SID = { 'Mcp-Session-Id': 's-1' };
const init = msg({
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
const initResult = msg({
  id: 0,
  result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
});
const initialized = msg({ method: 'notifications/initialized' });
const list = msg({ id: 1, method: 'tools/list' });
const listResult = msg({ id: 1, result: { tools: [] } });

/** MCP on one connection; a TLS one, an HTTP/2 one, a page; a UDP datagram. */
const PACKETS = [
  ...conversation(40000, 3001, [
    [post(init), reply(200, initResult, { ...JSON_TYPE, ...SID })],
    [post(initialized, SID), reply(202, '')],
    [
      post(list, SID),
      reply(200, `event: message\nid: e1\ndata: ${listResult}\n\n`, { 'Content-Type': 'text/event-stream', ...SID }),
    ],
  ]),
  ...conversation(40001, 443, [[Buffer.from('16030100050100000100', 'hex'), Buffer.from('160303000502000001', 'hex')]]),
  ...conversation(40002, 3002, [['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', '']]),
  ...conversation(40003, 8080, [
    ['GET / HTTP/1.1\r\nHost: x\r\n\r\n', 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 2\r\n\r\nhi'],
  ]),
  ipv4('127.0.0.1', '127.0.0.1', 17, Buffer.alloc(12)),
];
const PCAP = pcapFile(
  101,
  PACKETS.map((data, i) => ({ ts: T0 + i, data })),
  { littleEndian: false, nanos: true },
);
const PCAPNG = pcapngFile({
  interfaces: [{ link: 101 }],
  blocks: PACKETS.map((data, i) => ({ epb: { iface: 0, ts: T0 + i, data } })),
});

async function bytesOf(it: AsyncIterable<Buffer | Uint8Array | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of it) parts.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(parts);
}

async function read(
  file: Buffer,
  chunk = 0,
  format?: InputFormat,
): Promise<{ frames: Frame[]; notes: string[]; format: InputFormat | undefined }> {
  const frames: Frame[] = [];
  const notes: string[] = [];
  let detected: InputFormat | undefined;
  for await (const f of readFrames(chunked(file, chunk), {
    file: 'x.pcap',
    format,
    onFormat: (x) => (detected = x),
    status: { note: (_source, t) => notes.push(t) },
  }))
    frames.push(f);
  return { frames, notes, format: detected };
}

const shape = (f: Frame) => [
  f.line,
  f.dir,
  f.session,
  f.event?.name ??
    (f.text === null
      ? null
      : ((JSON.parse(f.text) as { method?: string; id?: number }).method ?? (JSON.parse(f.text) as { id: number }).id)),
];

describe('capture input', () => {
  it('is detected by its magic number in any chunking, and every byte is replayed', async () => {
    for (const file of [PCAP, PCAPNG]) {
      for (const size of [0, 1, 3, 7]) {
        const d = await detectInput(chunked(file, size));
        expect({ format: d.format, conclusive: d.conclusive }, `chunk ${size}`).toEqual({
          format: 'pcap',
          conclusive: true,
        });
        expect((await bytesOf(d.input)).equals(file)).toBe(true);
      }
    }
  });

  it('text inputs are detected as before, also those shorter than a magic number', async () => {
    for (const [text, format] of [
      ['{"jsonrpc":"2.0","id":1,"method":"ping"}\n', 'ndjson'],
      ['[]', 'ndjson'],
      ['{}', 'ndjson'],
      ['', 'ndjson'],
    ] as const) {
      for (const size of [0, 1, 3])
        expect((await detectInput(chunked(Buffer.from(text), size))).format, `${text} / ${size}`).toBe(format);
    }
  });

  it('reads the MCP messages of its HTTP connections, located by packet, timed by packet, in any chunking', async () => {
    for (const file of [PCAP, PCAPNG]) {
      for (const size of [0, 7]) {
        const { frames, format } = await read(file, size);
        expect(format).toBe('pcap');
        expect(frames.map(shape)).toEqual([
          [3, 'c2s', 's-1', 'initialize'],
          [4, 's2c', 's-1', 0],
          [5, 'c2s', 's-1', 'notifications/initialized'],
          [6, 's2c', 's-1', 'http-accepted'],
          [7, 'c2s', 's-1', 'tools/list'],
          [8, 's2c', 's-1', 1],
        ]);
        expect(frames[5]).toMatchObject({ file: 'x.pcap', ts: new Date(T0 + 7).toISOString(), tsMs: T0 + 7 });
        expect(frames[5]!.http).toEqual({
          method: 'POST',
          path: '/mcp',
          status: 200,
          contentType: 'text/event-stream',
          stream: 'post',
          eventId: 'e1',
          conn: 'tcp/1',
          exchange: 3,
          protocolVersion: null,
          sessionId: 's-1',
          accept: 'application/json, text/event-stream',
          lastEventId: null,
        });
      }
    }
  });

  it('tells on stderr what it held: packets, connections by what they carried, what is not TCP; then the TLS, HTTP/2 and non-MCP ones', async () => {
    const { notes } = await read(PCAPNG);
    expect(notes).toEqual([
      `pcapng: ${PACKETS.length} packets, 4 TCP connections (1 HTTP carrying MCP, 1 HTTP without MCP, 1 TLS, 1 HTTP/2), not TCP: udp 1`,
      expect.stringMatching(
        /^1 connection is TLS, encrypted and not read \(tcp\/2 127\.0\.0\.1:40001 → 127\.0\.0\.1:443\)\. To read/,
      ),
      expect.stringMatching(
        /^1 connection speaks HTTP\/2, which is not read \(tcp\/3 127\.0\.0\.1:40002 → 127\.0\.0\.1:3002\)/,
      ),
      '1 HTTP connection carried no MCP message (tcp/4: GET / 200).',
    ]);
  });

  it('a file cut inside a packet: the messages before it, then a located invalid record; the summary says nothing else broke', async () => {
    const cut = PCAP.subarray(0, PCAP.length - 10);
    const { frames, notes } = await read(cut, 3);
    expect(frames.slice(0, 6).map(shape)).toEqual((await read(PCAP)).frames.map(shape));
    expect(frames.slice(6).map((f) => [f.line, f.error])).toEqual([
      [
        PACKETS.length,
        `capture file: the file ends inside packet ${PACKETS.length}'s record (${16 + 32 - 10} of ${16 + 32} bytes); the packet is not read`,
      ],
    ]);
    expect(notes[0]).toBe(
      `pcap: ${PACKETS.length - 1} packets, 4 TCP connections (1 HTTP carrying MCP, 1 HTTP without MCP, 1 TLS, 1 HTTP/2)`,
    );
  });

  it('IP fragments: one line for all of them, with their packets; their bytes a gap the HTTP reader reports where it is', async () => {
    const a = { src: '127.0.0.1', dst: '127.0.0.1', sport: 40000, dport: 3001 };
    const turns = conversation(40000, 3001, [[post(list, SID), reply(200, listResult, { ...JSON_TYPE, ...SID })]]);
    // The request's segment sent as two IP fragments (of the TCP header and the first bytes, then the rest).
    const seg = turns[2]!.subarray(20);
    const packets = [
      ...turns.slice(0, 2),
      ipv4(a.src, a.dst, 6, seg.subarray(0, 40), { moreFragments: true }),
      ipv4(a.src, a.dst, 6, seg.subarray(40), { fragmentOffset: 5 }),
      ...turns.slice(3),
    ];
    const { frames, notes } = await read(
      pcapFile(
        101,
        packets.map((data, i) => ({ ts: T0 + i, data })),
      ),
    );
    expect(notes[0]).toMatch(
      /^pcap: 7 packets, 1 TCP connection \(1 HTTP carrying MCP\); 2 IP fragments; 1 gap in TCP streams \(\d+ bytes not captured\)$/,
    );
    expect(notes[1]).toMatch(
      /^ip-fragment: packet 3 is a fragment of an IP datagram from 127\.0\.0\.1 to 127\.0\.0\.1: .* \(2 such findings, packets 3, 4\)$/,
    );
    expect(frames.map((f) => f.error ?? f.text)).toEqual([
      expect.stringMatching(/^capture gap: \d+ bytes of tcp\/1 client to server were not captured/),
      listResult,
    ]);
  });

  it('--input-format pcap on a file that is no capture: one invalid record and one line, not a record per line', async () => {
    const { frames, notes } = await read(
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'.repeat(50)),
      0,
      'pcap',
    );
    expect(frames.map((f) => [f.line, f.error])).toEqual([
      [1, 'capture file: the file starts with 7b226a73, not a pcap or pcapng magic number: it is not read'],
    ]);
    expect(notes).toEqual(['not a packet capture: nothing read']);
  });

  it('a request smuggled after a chunked body that a Content-Length claims more than: read as HTTP reads it, the first request warned', async () => {
    const ping = msg({ id: 1, method: 'ping' });
    const body = `${ping.length.toString(16)}\r\n${ping}\r\n0\r\n\r\n`;
    const smuggled = post(msg({ id: 2, method: 'tools/call', params: { name: 'rm', arguments: {} } }), {
      ...SID,
      'MCP-Protocol-Version': '2025-06-18',
    });
    const conflicting = `POST /mcp HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Session-Id: s-1\r\nMCP-Protocol-Version: 2025-06-18\r\nContent-Length: ${body.length + smuggled.length}\r\nTransfer-Encoding: chunked\r\n\r\n${body}${smuggled}`;
    const packets = conversation(40000, 3001, [
      [post(init), reply(200, initResult, { ...JSON_TYPE, ...SID })],
      [post(initialized, SID), reply(202, '')],
      [
        conflicting,
        Buffer.concat([
          reply(200, msg({ id: 1, result: {} }), JSON_TYPE),
          reply(200, msg({ id: 2, result: { content: [] } }), JSON_TYPE),
        ]),
      ],
    ]);
    const { records } = await analyze(
      chunked(
        pcapFile(
          101,
          packets.map((data, i) => ({ ts: T0 + i, data })),
        ),
      ),
      { file: 'x.pcap' },
    );
    const requests = records.filter((r) => r.kind === 'request' && r.http?.exchange !== 1);
    expect(requests.map((r) => [r.method, r.findings.map((f) => f.rule)])).toEqual([
      ['ping', ['http-length-conflict']],
      ['tools/call', []],
    ]);
    expect(requests[0]!.findings[0]!.message).toBe(
      `POST /mcp (ping, id 1) sends Transfer-Encoding "chunked" and Content-Length "${body.length + smuggled.length}": the Transfer-Encoding overrides the Content-Length and the body is read as chunked, where a server or proxy that honours the Content-Length ends it elsewhere; what follows the chunked body is read as the next request (a request smuggling signature, RFC 9112 §6.3)`,
    );
  });
});
