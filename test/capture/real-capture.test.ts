// Real captures: server-everything over Streamable HTTP, driven by the SDK client, captured by tcpdump on lo (Ethernet, µs and ns)
// and on any (Linux cooked SLL and SLL2), converted to pcapng; every direction of every connection must be the bytes tshark follows.
import { Buffer } from 'node:buffer';
import { execFile } from 'node:child_process';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStreams, type CaptureEvent } from '../../src/input/capture/capture-streams.js';
import type { CaptureCounts } from '../../src/input/capture/capture-note.js';
import { parseNdjson, runCli } from '../helpers/cli.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { ackedAt, duplicate, reorder, segmentOf } from '../helpers/pcap-rewrite.js';
import { bsdNull } from '../helpers/packets.js';
import { pcapFile, readPcap, type PcapPacket } from '../helpers/pcap-writer.js';
import { editcap, startTcpdump, tshark, tsharkFollow, waitFor } from '../helpers/tcpdump.js';
import { tempDir } from '../helpers/temp.js';
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
      conns.set(e.conn, { client: `${e.client.addr}:${e.client.port}`, server: `${e.server.addr}:${e.server.port}`, midstream: e.midstream, c2s: [], s2c: [], parts: { c2s: [], s2c: [] }, how: null });
    } else if (e.kind === 'data') {
      const c = conns.get(e.conn)!;
      c[e.dir].push(Buffer.from(e.bytes));
      const p = c.parts[e.dir];
      if (p.length > 0 && p.at(-1)! > 0) p[p.length - 1] += e.bytes.length;
      else p.push(e.bytes.length);
      times.set(e.packet, e.ts);
    } else if (e.kind === 'gap') conns.get(e.conn)!.parts[e.dir].push(-e.bytes);
    else if (e.kind === 'close') conns.get(e.conn)!.how = e.how;
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

/** A last connection, opened and closed, whose FIN from the server in every capture file says the capture has all before it. */
async function markEnd(port: number, captures: string[]): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const local = socket.localPort!;
  socket.end();
  await once(socket, 'close');
  const closed = async (file: string) => {
    const r = await read(createReadStream(file));
    return [...r.conns.values()].some((c) => c.client === `127.0.0.1:${local}` && c.how === 'fin');
  };
  for (const file of captures) await waitFor(() => closed(file), `the last connection in ${file}`);
}

let dir = '';
let server: HttpServer | null = null;
const files: Record<string, string> = {};
let progressSeen = 0;

/** Two sessions: the handshake, tools listed, echo, a long-running tool with progress, a resource; then the session ended (DELETE). */
async function drive(url: string): Promise<void> {
  for (let s = 0; s < 2; s++) {
    const client = new Client({ name: 'mcptrace-pcap-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    await client.listTools();
    await client.callTool({ name: 'echo', arguments: { message: `hello ${s}` } });
    await client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 3 } }, undefined, { onprogress: () => progressSeen++ });
    await client.listResources();
    await transport.terminateSession();
    await client.close();
  }
}

beforeAll(async () => {
  dir = tempDir('pcap');
  server = await startEverything('streamableHttp');
  const filter = `tcp port ${server.port}`;
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
    await drive(`http://127.0.0.1:${server.port}/mcp`);
    await markEnd(server.port, [files.lo, files.loNano, files.sll, files.sll2]);
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

describe('real captures of Streamable HTTP', () => {
  it('hold what the client did: POSTs, a GET stream, DELETEs, progress notifications', async () => {
    const r = await readFile(files.lo!);
    const c2s = [...r.conns.values()].map((c) => bytes(c, 'c2s').toString('latin1')).join('');
    const s2c = [...r.conns.values()].map((c) => bytes(c, 's2c').toString('latin1')).join('');
    expect(progressSeen).toBe(6);
    expect(c2s.match(/POST \/mcp HTTP\/1\.1\r\n/g)!.length).toBeGreaterThanOrEqual(10);
    expect(c2s.match(/DELETE \/mcp HTTP\/1\.1\r\n/g)).toHaveLength(2);
    expect(c2s).toContain('"method":"tools/call"');
    expect(s2c.match(/"method":"notifications\/progress"/g)).toHaveLength(6);
    expect(r.counts).toMatchObject({ format: 'pcap', links: { ethernet: r.counts.packets }, notTcp: {}, midstream: 0, malformed: 0, duplicates: 0, outOfOrder: 0 });
    expect(r.findings).toEqual([]);
    for (const c of r.conns.values()) expect({ server: c.server, midstream: c.midstream }).toEqual({ server: `127.0.0.1:${c.server.split(':')[1]}`, midstream: false });
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
  }

  it('packet numbers and times are those tshark gives (to the µs, or the ns)', async () => {
    for (const key of ['lo', 'loNano', 'pcapngNano']) {
      const r = await readFile(files[key]!);
      const lines = (await tshark(['-r', files[key]!, '-T', 'fields', '-e', 'frame.number', '-e', 'frame.time_epoch'])).trim().split('\n');
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
    expect(r.counts.links).toEqual({ ethernet: single.counts.packets, 'linux-sll2': readPcap(readFileSync(files.sll2!)).records.length });
    expect([...r.conns.values()].map((c) => [bytes(c, 'c2s').toString('hex'), bytes(c, 's2c').toString('hex')])).toEqual(
      [...single.conns.values()].map((c) => [bytes(c, 'c2s').toString('hex'), bytes(c, 's2c').toString('hex')]),
    );
    expect(r.counts.duplicates).toBeGreaterThan(0);
    expect(r.counts.gaps).toBe(0);
  });

  it('in 7-byte chunks: the same events', async () => {
    const file = readFileSync(files.pcapngNano!);
    const whole: CaptureEvent[] = [];
    for await (const e of captureStreams(chunked(file))) whole.push(e.kind === 'data' ? { ...e, bytes: Buffer.from(e.bytes) } : e);
    const small: CaptureEvent[] = [];
    for await (const e of captureStreams(chunked(file, 7))) small.push(e.kind === 'data' ? { ...e, bytes: Buffer.from(e.bytes) } : e);
    expect(small).toEqual(whole);
  });

  it('rewritten to raw IP, BSD NULL in both byte orders and OpenBSD LOOP: the same streams', async () => {
    const { records } = readPcap(readFileSync(files.lo!));
    const ips = records.map((p) => ({ ts: p.ts, data: p.data.subarray(14) }));
    const base = await readFile(files.lo!);
    const want = [...base.conns.values()].map((c) => [c.client, c.server, bytes(c, 'c2s').toString('hex'), bytes(c, 's2c').toString('hex')]);
    const rewrites: [string, Buffer][] = [
      ['raw', pcapFile(101, ips)],
      ['null-le', pcapFile(0, ips.map((p) => ({ ...p, data: bsdNull(p.data, 2, true) })))],
      ['null-be', pcapFile(0, ips.map((p) => ({ ...p, data: bsdNull(p.data, 2, false) })), { littleEndian: false })],
      ['loop', pcapFile(108, ips.map((p) => ({ ...p, data: bsdNull(p.data, 2, false) })))],
    ];
    for (const [name, file] of rewrites) {
      const path = join(dir, `${name}.pcap`);
      writeFileSync(path, file);
      const r = await readFile(path);
      expect([...r.conns.values()].map((c) => [c.client, c.server, bytes(c, 'c2s').toString('hex'), bytes(c, 's2c').toString('hex')]), name).toEqual(want);
      if (name === 'null-be') await expectAsTshark(path, r); // tshark reads it too (each tshark run takes seconds)
    }
  });

  describe('reassembly of the real capture rewritten', () => {
    const original = () => readPcap(readFileSync(files.lo!));
    const streamsOf = (r: Read) => [...r.conns.values()].map((c) => ({ c2s: bytes(c, 'c2s').toString('hex'), s2c: bytes(c, 's2c').toString('hex'), how: c.how }));
    const write = (name: string, packets: PcapPacket[]) => {
      const path = join(dir, name);
      writeFileSync(path, pcapFile(1, packets));
      return path;
    };

    it('segments cut in three and sent out of order, and moved later: the same bytes', async () => {
      const { packets, cut, moved } = reorder(original().records);
      expect(cut).toBeGreaterThan(20);
      const r = await readFile(write('reordered.pcap', packets));
      expect(streamsOf(r)).toEqual(streamsOf(await readFile(files.lo!)));
      expect(moved).toBeGreaterThan(0);
      expect(r.counts.outOfOrder).toBeGreaterThanOrEqual(cut);
      expect(r.counts.gaps).toBe(0);
    });

    it('every segment retransmitted, and overlapping segments of other bytes: the same bytes (the first copy wins)', async () => {
      const { packets, overlaps } = duplicate(original().records);
      expect(overlaps).toBeGreaterThan(0);
      const r = await readFile(write('duplicated.pcap', packets));
      expect(streamsOf(r)).toEqual(streamsOf(await readFile(files.lo!)));
      expect(r.counts.duplicates).toBeGreaterThanOrEqual(r.counts.tcp / 3);
    });

    it('one segment dropped: a gap of its length where it was, every other byte the same', async () => {
      const records = original().records;
      const candidates = records.map((_, i) => i).filter((i) => (segmentOf(records[i]!.data)?.len ?? 0) > 0 && ackedAt(records, i) > 0);
      const drop = candidates[Math.floor(candidates.length / 2)]!;
      const seg = segmentOf(records[drop]!.data)!;
      const r = await readFile(write('dropped.pcap', records.filter((_, i) => i !== drop)));
      const base = await readFile(files.lo!);
      const gaps = [...r.conns.entries()].flatMap(([k, c]) => (['c2s', 's2c'] as const).flatMap((d) => (c.parts[d].some((n) => n < 0) ? [[k, d, c.parts[d]]] : [])));
      expect(gaps).toHaveLength(1);
      const [conn, d, parts] = gaps[0]! as [string, 'c2s' | 's2c', number[]];
      const whole = bytes(base.conns.get(conn)!, d);
      const at = parts[0]! > 0 ? parts[0]! : 0;
      expect(parts.filter((n) => n < 0)).toEqual([-seg.len]);
      expect(bytes(r.conns.get(conn)!, d).equals(Buffer.concat([whole.subarray(0, at), whole.subarray(at + seg.len)]))).toBe(true);
      expect(r.counts).toMatchObject({ gaps: 1, gapBytes: seg.len });
      const other = d === 'c2s' ? 's2c' : 'c2s';
      expect(bytes(r.conns.get(conn)!, other).equals(bytes(base.conns.get(conn)!, other))).toBe(true);
    });
  });

  it('mcptrace annotate reads a capture without an invalid record, naming each connection', async () => {
    const res = await runCli(['annotate', '-f', 'ndjson', files.pcapng!], { timeoutMs: 60_000 });
    expect(res.code).toBe(0);
    const records = parseNdjson(res.stdout);
    expect(records.every((x) => x.kind === 'log')).toBe(true);
    const conns = (await readFile(files.pcapng!)).conns.size;
    expect(records.filter((x) => /^tcp\/\d+ 127\.0\.0\.1:\d+ → 127\.0\.0\.1:\d+: /.test(x.text))).toHaveLength(conns);
    expect(records.at(-1)!.text).toMatch(/^pcapng: \d+ packets \(ethernet \d+\); \d+ TCP connections;/);
    expect(res.stderr).toContain('no MCP messages');
  });
});
