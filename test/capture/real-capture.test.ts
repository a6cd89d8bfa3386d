// Real captures: server-everything over Streamable HTTP, driven by the SDK client, captured by tcpdump on lo (Ethernet, µs and ns)
// and on any (Linux cooked SLL and SLL2), converted to pcapng: every direction of every connection must be the bytes tshark
// follows, and the messages, sessions and pairs those of tshark's decoding of the HTTP and of what the SDK clients saw.
import { Buffer } from 'node:buffer';
import { execFile } from 'node:child_process';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { captureStreams, type CaptureEvent } from '../../src/input/capture/capture-streams.js';
import type { CaptureCounts } from '../../src/input/capture/capture-note.js';
import type { PipelineRecord } from '../../src/types.js';
import { canonical } from '../helpers/canonical-json.js';
import { parseNdjson, runCli } from '../helpers/cli.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { ackedAt, duplicate, reorder, segmentOf } from '../helpers/pcap-rewrite.js';
import { bsdNull } from '../helpers/packets.js';
import { pcapFile, readPcap, type PcapPacket } from '../helpers/pcap-writer.js';
import { connectSdk, waitForSeen, type SdkSession } from '../helpers/sdk-http-client.js';
import { editcap, markEnd, startTcpdump, tshark, tsharkFollow } from '../helpers/tcpdump.js';
import { tempDir } from '../helpers/temp.js';
import { transportFindings } from '../helpers/transport-rules.js';
import { tsharkMessages, type TsharkMessage } from '../helpers/tshark-http.js';
import { chunked } from '../input/helpers.js';

interface Conn {
  client: string;
  server: string;
  midstream: boolean;
  c2s: Buffer[];
  s2c: Buffer[];
  /** Data and gaps of each direction in order: byte counts of data (merged) and gaps as `-N`. */
  parts: { c2s: number[]; s2c: number[] };
  how: string | null;
}

interface Read {
  conns: Map<string, Conn>;
  counts: CaptureCounts;
  findings: CaptureEvent[];
  /** Time of each packet that completed data, by packet number. */
  times: Map<number, number>;
}

async function read(source: AsyncIterable<Buffer | Uint8Array | string>): Promise<Read> {
  const conns = new Map<string, Conn>();
  const findings: CaptureEvent[] = [];
  const times = new Map<number, number>();
  let counts: CaptureCounts | null = null;
  for await (const e of captureStreams(source)) {
    if (e.kind === 'open') {
      conns.set(e.conn, {
        client: `${e.client.addr}:${e.client.port}`,
        server: `${e.server.addr}:${e.server.port}`,
        midstream: e.midstream,
        c2s: [],
        s2c: [],
        parts: { c2s: [], s2c: [] },
        how: null,
      });
    } else if (e.kind === 'data') {
      const c = conns.get(e.conn)!;
      c[e.dir].push(Buffer.from(e.bytes));
      const p = c.parts[e.dir];
      if (p.length > 0 && p.at(-1)! > 0) p[p.length - 1] += e.bytes.length;
      else p.push(e.bytes.length);
      times.set(e.packet, e.ts);
    } else if (e.kind === 'gap') conns.get(e.conn)!.parts[e.dir].push(-e.bytes);
    else if (e.kind === 'close') conns.get(e.conn)!.how = e.how;
    else if (e.kind === 'half-close') continue;
    else if (e.kind === 'counts') counts = e;
    else findings.push(e);
  }
  return { conns, counts: counts!, findings, times };
}

const readFile = (path: string) => read(createReadStream(path, { highWaterMark: 4096 }));
const bytes = (c: Conn, dir: 'c2s' | 's2c') => Buffer.concat(c[dir]);

/** Each connection's bytes equal tshark's following of it, direction by direction, and nothing is missing. */
async function expectAsTshark(file: string, r: Read): Promise<void> {
  const follows = await tsharkFollow(file);
  expect(follows.length, file).toBeGreaterThan(0);
  expect(r.conns.size, file).toBe(follows.length);
  const byEnds = new Map([...r.conns.values()].map((c) => [[c.client, c.server].sort().join(' '), c]));
  for (const f of follows) {
    const c = byEnds.get([...f.nodes].sort().join(' '));
    expect(c, `${file}: tshark stream ${f.stream} ${f.nodes.join(' ')} is a connection`).toBeDefined();
    const [client, server] = c!.client === f.nodes[0] ? f.bytes : [f.bytes[1], f.bytes[0]];
    expect(bytes(c!, 'c2s').equals(client), `${file} stream ${f.stream}: client bytes`).toBe(true);
    expect(bytes(c!, 's2c').equals(server), `${file} stream ${f.stream}: server bytes`).toBe(true);
  }
  expect(r.counts.gaps, file).toBe(0);
}

let dir = '';
let server: HttpServer | null = null;
let port = 0;
const files: Record<string, string> = {};
const sessions: SdkSession[] = [];
const progress: number[] = [];

const T = { timeout: 15_000 };
const method = (m: unknown) => (m as { method?: string }).method;

/** One session's run: roots asked on the GET stream, tools listed, echo, a tool with progress, a resource list, ping; then DELETE. */
async function run(s: SdkSession, n: number): Promise<void> {
  await waitForSeen(s, (m) => m.dir === 's2c' && method(m.message) === 'roots/list');
  await waitForSeen(s, (m) => m.dir === 'c2s' && 'result' in m.message && 'roots' in (m.message.result as object));
  await s.client.listTools(undefined, T);
  await s.client.callTool({ name: 'echo', arguments: { message: `hello ${n}` } }, CallToolResultSchema, T);
  await s.client.callTool(
    { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
    CallToolResultSchema,
    { ...T, onprogress: (p) => progress.push(p.progress) },
  );
  await s.client.listResources(undefined, T);
  await s.client.ping(T);
  await (s.transport as StreamableHTTPClientTransport).terminateSession();
  await s.client.close();
}

/** Three sessions of the SDK client: two at once (their connections interleave), then one more. */
async function drive(url: string): Promise<void> {
  const [a, b] = await Promise.all([connectSdk(url), connectSdk(url)]);
  sessions.push(a!, b!);
  await Promise.all([run(a!, 1), run(b!, 2)]);
  const c = await connectSdk(url);
  sessions.push(c);
  await run(c, 3);
}

beforeAll(async () => {
  dir = tempDir('pcap');
  server = await startEverything('streamableHttp');
  port = server.port;
  const filter = `tcp port ${port}`;
  files.lo = join(dir, 'lo.pcap');
  files.loNano = join(dir, 'lo-nano.pcap');
  files.sll = join(dir, 'any-sll.pcap');
  files.sll2 = join(dir, 'any-sll2.pcap');
  const captures = await Promise.all([
    startTcpdump('lo', files.lo, filter),
    startTcpdump('lo', files.loNano, filter, ['--time-stamp-precision', 'nano']),
    startTcpdump('any', files.sll, filter, ['-y', 'LINUX_SLL']),
    startTcpdump('any', files.sll2, filter, ['-y', 'LINUX_SLL2']),
  ]);
  try {
    await drive(`http://127.0.0.1:${port}/mcp`);
    await markEnd(port, [files.lo, files.loNano, files.sll, files.sll2]);
  } finally {
    await Promise.all(captures.map((c) => c.stop()));
    await server.stop();
    server = null;
  }
  files.pcapng = join(dir, 'lo.pcapng');
  files.pcapngNano = join(dir, 'lo-nano.pcapng');
  await editcap(files.lo, files.pcapng, 'pcapng');
  await editcap(files.loNano, files.pcapngNano, 'pcapng');
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** mcptrace's analysis of a capture, in-process: its records and the lines it tells on stderr. */
async function analyzed(path: string, chunk?: number): Promise<{ records: PipelineRecord[]; notes: string[] }> {
  const notes: string[] = [];
  const source = chunk === undefined ? createReadStream(path) : chunked(readFileSync(path), chunk);
  const { records } = await analyze(source, { file: path, onNote: (_file, text) => notes.push(text) });
  return { records, notes };
}

const isMessage = (r: PipelineRecord) => ['request', 'response', 'error', 'notification'].includes(r.kind);

/** A message as both readings can say it: session, direction, connection, the exchange, the message's JSON. */
const messageKey = (
  session: string | null,
  dir: string,
  conn: string,
  method: string,
  status: number | null,
  type: string | null,
  message: unknown,
) => `${session} ${dir} ${conn} ${method} ${status} ${type} ${canonical(message)}`;

const recordKey = (r: PipelineRecord) =>
  messageKey(r.session, r.dir, r.http!.conn, r.http!.method, r.http!.status, r.http!.contentType, r.message);

/** Request and response of each pair, per session: the answered request's JSON, then the answer's. */
function recordPairs(records: PipelineRecord[]): string[] {
  const bySeq = new Map(records.map((r) => [r.seq, r]));
  return records
    .filter((r) => (r.kind === 'response' || r.kind === 'error') && r.pair !== null)
    .map((r) => `${r.session} ${canonical(bySeq.get(r.pair!)!.message)} => ${canonical(r.message)}`)
    .sort();
}

/** The same from tshark's messages: a response pairs with the request of its id sent the other way in its session. */
function tsharkPairs(messages: TsharkMessage[]): string[] {
  const requests = new Map<string, unknown>();
  const pairs: string[] = [];
  for (const m of messages) {
    const msg = m.message as { id?: unknown; method?: string };
    if (msg.id === undefined || msg.id === null) continue;
    if (msg.method !== undefined) requests.set(`${m.session} ${m.dir} ${canonical(msg.id)}`, m.message);
  }
  for (const m of messages) {
    const msg = m.message as { id?: unknown; method?: string };
    if (msg.method !== undefined || msg.id === undefined) continue;
    const req = requests.get(`${m.session} ${m.dir === 'c2s' ? 's2c' : 'c2s'} ${canonical(msg.id)}`);
    if (req !== undefined) pairs.push(`${m.session} ${canonical(req)} => ${canonical(m.message)}`);
  }
  return pairs.sort();
}

/** Every message, session and pair tshark's decoding shows is mcptrace's, and nothing else is. */
async function expectMessagesAsTshark(file: string, records: PipelineRecord[]): Promise<void> {
  const t = await tsharkMessages(file, port);
  const messages = records.filter(isMessage);
  expect(t.length, file).toBeGreaterThan(30);
  expect(messages.map(recordKey).sort(), file).toEqual(
    t
      .map((m) => messageKey(m.session, m.dir, `tcp/${m.stream + 1}`, m.method, m.status, m.contentType, m.message))
      .sort(),
  );
  expect(new Set(messages.map((r) => r.session)), file).toEqual(new Set(t.map((m) => m.session)));
  const pairs = tsharkPairs(t);
  expect(recordPairs(records), file).toEqual(pairs);
  expect(pairs.length, file).toBe(messages.filter((r) => r.kind === 'response' || r.kind === 'error').length);
  // A request's record is its body's last packet; an SSE event's comes with its own packet, at or before the body's last.
  const frames = new Map(t.map((m) => [`${m.dir} ${canonical(m.message)} ${m.session}`, m.frame]));
  for (const r of messages) {
    const frame = frames.get(`${r.dir} ${canonical(r.message)} ${r.session}`)!;
    const line = Number(r.source.split(':').at(-1));
    if (r.dir === 'c2s') expect(line, `${file}: ${r.source} ${r.method}`).toBe(frame);
    else expect(line, `${file}: ${r.source} ${r.method}`).toBeLessThanOrEqual(frame);
  }
}

/** A capture's messages and pairs, as mcptrace reads them, whatever their packet numbers. */
async function messagesOf(path: string): Promise<{ messages: string[]; pairs: string[] }> {
  const { records } = await analyzed(path);
  return { messages: records.filter(isMessage).map(recordKey).sort(), pairs: recordPairs(records) };
}

/** Every message each SDK client sent and received is a record of its session with its direction, and no other record is a message. */
function expectMessagesAsSdk(records: PipelineRecord[]): void {
  const messages = records.filter(isMessage);
  for (const s of sessions) {
    const expected = s.seen.map((m) => `${m.dir} ${canonical(m.message)}`).sort();
    expect(
      messages
        .filter((r) => r.session === s.session())
        .map((r) => `${r.dir} ${canonical(r.message)}`)
        .sort(),
    ).toEqual(expected);
  }
  expect(messages.length).toBe(sessions.reduce((n, s) => n + s.seen.length, 0));
}

describe('real captures of Streamable HTTP', () => {
  it('hold what the client did: POSTs, a GET stream per session, DELETEs, progress notifications', async () => {
    const r = await readFile(files.lo!);
    const c2s = [...r.conns.values()].map((c) => bytes(c, 'c2s').toString('latin1')).join('');
    const s2c = [...r.conns.values()].map((c) => bytes(c, 's2c').toString('latin1')).join('');
    expect([...progress].sort()).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expect(c2s.match(/POST \/mcp HTTP\/1\.1\r\n/g)!.length).toBeGreaterThanOrEqual(8 * 3);
    expect(c2s.match(/GET \/mcp HTTP\/1\.1\r\n/g)).toHaveLength(3);
    expect(c2s.match(/DELETE \/mcp HTTP\/1\.1\r\n/g)).toHaveLength(3);
    expect(c2s).toContain('"method":"tools/call"');
    expect(s2c.match(/"method":"notifications\/progress"/g)).toHaveLength(9);
    expect(r.counts).toMatchObject({
      format: 'pcap',
      links: { ethernet: r.counts.packets },
      notTcp: {},
      midstream: 0,
      malformed: 0,
      duplicates: 0,
      outOfOrder: 0,
    });
    expect(r.findings).toEqual([]);
    for (const c of r.conns.values())
      expect({ server: c.server, midstream: c.midstream }).toEqual({
        server: `127.0.0.1:${c.server.split(':')[1]}`,
        midstream: false,
      });
  });

  for (const [name, key] of [
    ['tcpdump -i lo (Ethernet, µs)', 'lo'],
    ['tcpdump -i lo --time-stamp-precision nano', 'loNano'],
    ['tcpdump -i any -y LINUX_SLL', 'sll'],
    ['tcpdump -i any -y LINUX_SLL2', 'sll2'],
    ['editcap -F pcapng (µs)', 'pcapng'],
    ['editcap -F pcapng from ns (if_tsresol 9)', 'pcapngNano'],
  ] as const) {
    it(`${name}: every direction of every connection is what tshark follows`, async () => {
      const r = await readFile(files[key]!);
      await expectAsTshark(files[key]!, r);
      expect(r.findings).toEqual([]);
    });

    it(`${name}: the messages, sessions and pairs of tshark's decoding, and of the SDK clients`, async () => {
      const { records, notes } = await analyzed(files[key]!);
      await expectMessagesAsTshark(files[key]!, records);
      expectMessagesAsSdk(records);
      expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
      // Per session: its POSTs, its GET stream, and its DELETE.
      for (const s of sessions) {
        const mine = records.filter((r) => r.session === s.session());
        expect(
          mine.filter((r) => r.method === 'roots/list' && r.kind === 'request').map((r) => r.http!.stream),
        ).toEqual(['get']);
        expect(mine.filter((r) => r.event?.name === 'http-delete')).toHaveLength(1);
      }
      const conns = (await readFile(files[key]!)).conns.size;
      // The connection that marked the end carried no byte.
      expect(notes).toEqual([
        `${key.startsWith('pcapng') ? 'pcapng' : 'pcap'}: ${(await readFile(files[key]!)).counts.packets} packets, ${conns} TCP connections (${conns - 1} HTTP carrying MCP, 1 without data)`,
      ]);
    });
  }

  it('breaks no transport rule: the SDK client and server-everything send the headers, statuses and streams the spec asks', async () => {
    const { records } = await analyzed(files.lo!);
    expect(records.filter((r) => r.http?.protocolVersion === '2025-11-25').length).toBeGreaterThan(20);
    expect(transportFindings(records)).toEqual([]);
  });

  it('packet numbers and times are those tshark gives (to the µs, or the ns)', async () => {
    for (const key of ['lo', 'loNano', 'pcapngNano']) {
      const r = await readFile(files[key]!);
      const lines = (await tshark(['-r', files[key]!, '-T', 'fields', '-e', 'frame.number', '-e', 'frame.time_epoch']))
        .trim()
        .split('\n');
      const epoch = new Map(lines.map((l) => l.split('\t')).map(([n, t]) => [Number(n), t!]));
      expect(r.times.size).toBeGreaterThan(10);
      for (const [packet, ts] of r.times) {
        const [sec, frac] = epoch.get(packet)!.split('.') as [string, string];
        const ms = Number(sec) * 1000 + Number(frac.padEnd(9, '0')) / 1e6;
        expect(Math.abs(ts - ms), `${key} packet ${packet}`).toBeLessThan(key === 'lo' ? 1e-6 : 5e-4);
      }
    }
  });

  it('a merged pcapng with two interfaces of two link types (each packet twice): the same bytes, duplicates counted', async () => {
    const merged = join(dir, 'merged.pcapng');
    await promisify(execFile)('mergecap', ['-F', 'pcapng', '-w', merged, files.lo!, files.sll2!]);
    const r = await readFile(merged);
    const single = await readFile(files.lo!);
    expect(r.counts.links).toEqual({
      ethernet: single.counts.packets,
      'linux-sll2': readPcap(readFileSync(files.sll2!)).records.length,
    });
    expect(
      [...r.conns.values()].map((c) => [bytes(c, 'c2s').toString('hex'), bytes(c, 's2c').toString('hex')]),
    ).toEqual(
      [...single.conns.values()].map((c) => [bytes(c, 'c2s').toString('hex'), bytes(c, 's2c').toString('hex')]),
    );
    expect(r.counts.duplicates).toBeGreaterThan(0);
    expect(r.counts.gaps).toBe(0);
    expect(await messagesOf(merged)).toEqual(await messagesOf(files.lo!));
  });

  it('in 7-byte chunks: the same events, and the same records', async () => {
    const file = readFileSync(files.pcapngNano!);
    const whole: CaptureEvent[] = [];
    for await (const e of captureStreams(chunked(file)))
      whole.push(e.kind === 'data' ? { ...e, bytes: Buffer.from(e.bytes) } : e);
    const small: CaptureEvent[] = [];
    for await (const e of captureStreams(chunked(file, 7)))
      small.push(e.kind === 'data' ? { ...e, bytes: Buffer.from(e.bytes) } : e);
    expect(small).toEqual(whole);
    const line = (r: PipelineRecord) => [
      r.source,
      r.kind,
      r.dir,
      r.session,
      r.http,
      r.event?.name,
      canonical(r.message),
    ];
    expect((await analyzed(files.pcapngNano!, 7)).records.map(line)).toEqual(
      (await analyzed(files.pcapngNano!)).records.map(line),
    );
  });

  it('rewritten to raw IP, BSD NULL in both byte orders and OpenBSD LOOP: the same streams and messages', async () => {
    const { records } = readPcap(readFileSync(files.lo!));
    const ips = records.map((p) => ({ ts: p.ts, data: p.data.subarray(14) }));
    const base = await readFile(files.lo!);
    const want = [...base.conns.values()].map((c) => [
      c.client,
      c.server,
      bytes(c, 'c2s').toString('hex'),
      bytes(c, 's2c').toString('hex'),
    ]);
    const rewrites: [string, Buffer][] = [
      ['raw', pcapFile(101, ips)],
      [
        'null-le',
        pcapFile(
          0,
          ips.map((p) => ({ ...p, data: bsdNull(p.data, 2, true) })),
        ),
      ],
      [
        'null-be',
        pcapFile(
          0,
          ips.map((p) => ({ ...p, data: bsdNull(p.data, 2, false) })),
          { littleEndian: false },
        ),
      ],
      [
        'loop',
        pcapFile(
          108,
          ips.map((p) => ({ ...p, data: bsdNull(p.data, 2, false) })),
        ),
      ],
    ];
    for (const [name, file] of rewrites) {
      const path = join(dir, `${name}.pcap`);
      writeFileSync(path, file);
      const r = await readFile(path);
      expect(
        [...r.conns.values()].map((c) => [
          c.client,
          c.server,
          bytes(c, 'c2s').toString('hex'),
          bytes(c, 's2c').toString('hex'),
        ]),
        name,
      ).toEqual(want);
      expect(await messagesOf(path), name).toEqual(await messagesOf(files.lo!));
      if (name === 'null-be') await expectAsTshark(path, r); // tshark reads it too (each tshark run takes seconds)
    }
  });

  describe('reassembly of the real capture rewritten', () => {
    const original = () => readPcap(readFileSync(files.lo!));
    const streamsOf = (r: Read) =>
      [...r.conns.values()].map((c) => ({
        c2s: bytes(c, 'c2s').toString('hex'),
        s2c: bytes(c, 's2c').toString('hex'),
        how: c.how,
      }));
    const write = (name: string, packets: PcapPacket[]) => {
      const path = join(dir, name);
      writeFileSync(path, pcapFile(1, packets));
      return path;
    };

    it('segments cut in three and sent out of order, and moved later: the same bytes, messages and pairs', async () => {
      const { packets, cut, moved } = reorder(original().records);
      expect(cut).toBeGreaterThan(20);
      const path = write('reordered.pcap', packets);
      const r = await readFile(path);
      expect(await messagesOf(path)).toEqual(await messagesOf(files.lo!));
      expect(streamsOf(r)).toEqual(streamsOf(await readFile(files.lo!)));
      expect(moved).toBeGreaterThan(0);
      expect(r.counts.outOfOrder).toBeGreaterThanOrEqual(cut);
      expect(r.counts.gaps).toBe(0);
    });

    it('every segment retransmitted, and overlapping segments of other bytes: the same bytes, messages and pairs (the first copy wins)', async () => {
      const { packets, overlaps } = duplicate(original().records);
      expect(overlaps).toBeGreaterThan(0);
      const path = write('duplicated.pcap', packets);
      const r = await readFile(path);
      expect(await messagesOf(path)).toEqual(await messagesOf(files.lo!));
      expect(streamsOf(r)).toEqual(streamsOf(await readFile(files.lo!)));
      expect(r.counts.duplicates).toBeGreaterThanOrEqual(r.counts.tcp / 3);
    });

    it('one segment dropped: a gap of its length where it was, every other byte the same', async () => {
      const records = original().records;
      const candidates = records
        .map((_, i) => i)
        .filter((i) => (segmentOf(records[i]!.data)?.len ?? 0) > 0 && ackedAt(records, i) > 0);
      const drop = candidates[Math.floor(candidates.length / 2)]!;
      const seg = segmentOf(records[drop]!.data)!;
      const r = await readFile(
        write(
          'dropped.pcap',
          records.filter((_, i) => i !== drop),
        ),
      );
      const base = await readFile(files.lo!);
      const gaps = [...r.conns.entries()].flatMap(([k, c]) =>
        (['c2s', 's2c'] as const).flatMap((d) => (c.parts[d].some((n) => n < 0) ? [[k, d, c.parts[d]]] : [])),
      );
      expect(gaps).toHaveLength(1);
      const [conn, d, parts] = gaps[0]! as [string, 'c2s' | 's2c', number[]];
      const whole = bytes(base.conns.get(conn)!, d);
      const at = Math.max(parts[0]!, 0);
      expect(parts.filter((n) => n < 0)).toEqual([-seg.len]);
      expect(
        bytes(r.conns.get(conn)!, d).equals(Buffer.concat([whole.subarray(0, at), whole.subarray(at + seg.len)])),
      ).toBe(true);
      expect(r.counts).toMatchObject({ gaps: 1, gapBytes: seg.len });
      const other = d === 'c2s' ? 's2c' : 'c2s';
      expect(bytes(r.conns.get(conn)!, other).equals(bytes(base.conns.get(conn)!, other))).toBe(true);
    });

    it('the segment of a progress notification dropped: the gap finding with its byte count, and every message outside it', async () => {
      const records = original().records;
      const drop = records.findIndex((p) => {
        const s = segmentOf(p.data);
        return s !== null && s.len > 0 && p.data.subarray(s.at, s.at + s.len).includes('"progress":1,');
      });
      const seg = segmentOf(records[drop]!.data)!;
      const lost = records[drop]!.data.subarray(seg.at, seg.at + seg.len).toString('utf8');
      const path = write(
        'dropped-sse.pcap',
        records.filter((_, i) => i !== drop),
      );
      const { records: got, notes } = await analyzed(path);
      const { records: base } = await analyzed(files.lo!);
      const gaps = got.filter((r) => r.kind === 'invalid');
      expect(gaps.map((r) => [r.source, r.findings.map((f) => f.rule), r.findings[0]!.message])).toEqual([
        [
          `${path}:${drop + 1}`,
          ['invalid-frame'],
          expect.stringMatching(new RegExp(`^capture gap: ${seg.len} bytes of this SSE stream were not captured`)),
        ],
      ]);
      expect(notes[0]).toMatch(new RegExp(`; 1 gap in TCP streams \\(${seg.len} bytes not captured\\)$`));
      // The messages the segment held are missing (it may hold more than one event), every other one is read.
      const key = (r: PipelineRecord) => `${r.session} ${r.dir} ${canonical(r.message)}`;
      const have = new Set(got.filter(isMessage).map(key));
      const missing = base.filter(isMessage).filter((r) => !have.has(key(r)));
      expect(
        missing.some(
          (r) =>
            r.method === 'notifications/progress' &&
            (r.message as { params: { progress: number } }).params.progress === 1,
        ),
      ).toBe(true);
      for (const r of missing)
        expect(
          lost.includes(`id: ${r.http!.eventId}\n`) || lost.includes(JSON.stringify(r.message).slice(-20)),
          r.source,
        ).toBe(true);
      expect(got.filter(isMessage).length).toBe(base.filter(isMessage).length - missing.length);
    });
  });

  it('mcptrace stats and annotate on a capture: its messages, and one line on stderr saying what it held', async () => {
    const notes = (stderr: string) => stderr.split('\n').filter(Boolean);
    const conns = (await readFile(files.pcapng!)).conns.size;
    const summary = new RegExp(
      `^mcptrace: ${files.pcapng!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: pcapng: \\d+ packets, ${conns} TCP connections \\(${conns - 1} HTTP carrying MCP, 1 without data\\)$`,
    );
    const stats = await runCli(['stats', '-f', 'json', files.pcapng!], { timeoutMs: 60_000 });
    expect(stats.code).toBe(0);
    expect(notes(stats.stderr)).toEqual([expect.stringMatching(summary)]);
    const st = JSON.parse(stats.stdout) as {
      messages: number;
      invalid: number;
      pairs: { answered: number; unanswered: number };
      sessions: { key: string }[];
    };
    expect(st).toMatchObject({
      messages: sessions.reduce((n, s) => n + s.seen.length, 0),
      invalid: 0,
      pairs: { unanswered: 0 },
    });
    expect(st.sessions.map((x) => x.key).sort()).toEqual(sessions.map((s) => s.session()).sort());
    const res = await runCli(['annotate', '-f', 'ndjson', files.pcapng!], { timeoutMs: 60_000 });
    expect(res.code).toBe(0);
    expect(notes(res.stderr)).toEqual([expect.stringMatching(summary)]);
    const records = parseNdjson(res.stdout);
    expect(records.filter((x) => x.kind === 'invalid' || x.kind === 'log')).toEqual([]);
    expect(new Set(records.map((x) => x.format))).toEqual(new Set(['pcap']));
  });
});
