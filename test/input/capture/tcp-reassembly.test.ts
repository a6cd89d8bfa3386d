// TCP reassembly on hand-built segments: roles, order, duplicates and overlaps, sequence wrap, gaps, closes, port reuse.
import { describe, expect, it } from 'vitest';
import { DEFAULT_REASSEMBLY_LIMITS } from '../../../src/input/capture/tcp/tcp-reassembly.js';
import { tcpPacket, type TcpSpec } from '../../helpers/packets.js';
import { pcapFile, type PcapPacket } from '../../helpers/pcap-writer.js';
import { connections, countsOf, events, findings, streamEvents } from './helpers.js';

const RAW = 101;
const C = { addr: '10.0.0.1', port: 40000 };
const S = { addr: '10.0.0.2', port: 3001 };

/** Packets of one conversation: `c(…)` from the client, `s(…)` from the server; times 1 ms apart. */
function talk(client = C, server = S) {
  const packets: PcapPacket[] = [];
  const add = (from: 'c' | 's', seq: number, flags: string, data: string | Buffer = '', ack = 0, cut = 0) => {
    const [a, b] = from === 'c' ? [client, server] : [server, client];
    const spec: TcpSpec = { src: a.addr, dst: b.addr, sport: a.port, dport: b.port, seq, ack, flags, data };
    const p = tcpPacket(spec);
    packets.push({ ts: 1_700_000_000_000 + packets.length, data: p.subarray(0, p.length - cut), origLen: p.length });
  };
  return {
    packets,
    c: (seq: number, flags: string, data?: string | Buffer, ack?: number) => add('c', seq, flags, data, ack),
    s: (seq: number, flags: string, data?: string | Buffer, ack?: number) => add('s', seq, flags, data, ack),
    /** A client segment captured without its last `cut` bytes (snap length). */
    cCut: (seq: number, flags: string, data: string, cut: number) => add('c', seq, flags, data, 0, cut),
    file: () => pcapFile(RAW, packets),
  };
}

/** The usual opening: client ISN 1000, server ISN 5000 (first data bytes at 1001 and 5001). */
function handshake(t: ReturnType<typeof talk>, cisn = 1000, sisn = 5000) {
  t.c(cisn, 'S');
  t.s(sisn, 'SA', '', cisn + 1);
  t.c(cisn + 1, 'A', '', sisn + 1);
}

describe('TCP reassembly', () => {
  it('a whole connection: the SYN sender is the client, request and response in order, FIN from both closes it', async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'PA', 'POST /mcp HTTP/1.1\r\n\r\n', 5001);
    t.s(5001, 'PA', 'HTTP/1.1 200 OK\r\n\r\n', 1023);
    t.c(1023, 'FA', '', 5020);
    t.s(5020, 'FA', '', 1024);
    t.c(1024, 'A', '', 5021);
    const es = await events(t.file());
    const se = streamEvents(es);
    expect(se.map((e) => e.kind)).toEqual(['open', 'data', 'data', 'close']);
    expect(se[0]).toEqual({
      kind: 'open',
      conn: 'tcp/1',
      ts: 1_700_000_000_000,
      client: C,
      server: S,
      midstream: false,
    });
    expect(se[1]).toMatchObject({ dir: 'c2s', packet: 4 });
    expect(se[3]).toEqual({ kind: 'close', conn: 'tcp/1', ts: 1_700_000_000_006, how: 'fin' }); // at the second FIN
    const c = connections(es).get('tcp/1')!;
    expect(c.c2s.toString()).toBe('POST /mcp HTTP/1.1\r\n\r\n');
    expect(c.s2c.toString()).toBe('HTTP/1.1 200 OK\r\n\r\n');
    expect(countsOf(es)).toMatchObject({
      packets: 8,
      tcp: 8,
      connections: 1,
      midstream: 0,
      afterClose: 1,
      gaps: 0,
      duplicates: 0,
    });
    for (const size of [1, 3, 7]) expect(await events(t.file(), size), `chunk ${size}`).toEqual(es);
  });

  it('out-of-order segments are held and released in order', async () => {
    const t = talk();
    handshake(t);
    t.c(1011, 'PA', '0123456789', 5001);
    t.c(1021, 'PA', 'abcdefghij', 5001);
    t.c(1001, 'PA', 'ABCDEFGHIJ', 5001);
    const es = await events(t.file());
    const c = connections(es).get('tcp/1')!;
    expect(c.parts.c2s).toEqual(['ABCDEFGHIJ0123456789abcdefghij']);
    expect(es.filter((e) => e.kind === 'data').map((e) => e.kind === 'data' && e.packet)).toEqual([6, 6, 6]);
    expect(countsOf(es)).toMatchObject({ outOfOrder: 2, gaps: 0 });
    expect(c.close?.how).toBe('end-of-capture');
  });

  it('retransmissions and overlaps: the first copy of a byte wins', async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'PA', 'AAAAAAAAAA', 5001); // [0,10)
    t.c(1001, 'PA', 'xxxxxxxxxx', 5001); // a retransmission with other bytes: dropped
    t.c(1006, 'PA', 'yyyyyBBBBB', 5001); // [5,15): only [10,15) is new
    t.c(1021, 'PA', '1111111111', 5001); // held [20,30)
    t.c(1026, 'PA', '2222222222', 5001); // held, overlapping: only [30,35) kept
    t.c(1016, 'PA', 'CCCCCzzzzz', 5001); // [15,25): fills [15,20), [20,25) already held
    const es = await events(t.file());
    expect(connections(es).get('tcp/1')!.parts.c2s).toEqual(['AAAAAAAAAABBBBBCCCCC111111111122222']);
    expect(countsOf(es)).toMatchObject({ duplicates: 1, duplicateBytes: 10, outOfOrder: 2 });
  });

  it('32-bit sequence numbers wrap, in order and out of order', async () => {
    const t = talk();
    const isn = 0xfffffff0;
    handshake(t, isn, 0xffffffff);
    t.c((isn + 1) >>> 0, 'PA', 'a'.repeat(10), 0); // up to 0xfffffffb
    t.c((isn + 21) >>> 0, 'PA', 'c'.repeat(10), 0); // past the wrap, before the bytes before it
    t.c((isn + 11) >>> 0, 'PA', 'b'.repeat(10), 0); // across the wrap
    t.s(0, 'PA', 'server', (isn + 31) >>> 0); // the server's first byte is at 0xffffffff + 1 = 0
    const es = await events(t.file());
    const c = connections(es).get('tcp/1')!;
    expect(c.c2s.toString()).toBe('a'.repeat(10) + 'b'.repeat(10) + 'c'.repeat(10));
    expect(c.s2c.toString()).toBe('server');
    expect(countsOf(es).gaps).toBe(0);
  });

  it('bytes the peer acknowledged but the capture missed are a gap, and reading goes on after it', async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'PA', 'first.', 5001);
    // 'lost..' (6 bytes at 1007) was never captured
    t.c(1013, 'PA', 'third.', 5001);
    t.s(5001, 'A', '', 1019);
    const es = await events(t.file());
    const c = connections(es).get('tcp/1')!;
    expect(c.parts.c2s).toEqual(['first.', 6, 'third.']);
    const gap = es.find((e) => e.kind === 'gap');
    expect(gap).toEqual({ kind: 'gap', conn: 'tcp/1', dir: 'c2s', ts: 1_700_000_000_005, packet: 6, bytes: 6 });
    expect(countsOf(es)).toMatchObject({ gaps: 1, gapBytes: 6 });
  });

  it('an acknowledged tail with nothing after it is a gap at once; a FIN after a hole closes after the gap', async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'PA', 'head', 5001);
    t.s(5001, 'A', '', 1011); // 6 bytes acknowledged, not captured
    t.c(1015, 'FA', '', 5001); // after 4 more missing bytes
    t.s(5001, 'FA', '', 1016);
    const es = await events(t.file());
    const c = connections(es).get('tcp/1')!;
    expect(c.parts.c2s).toEqual(['head', 6, 4]);
    expect(c.close?.how).toBe('fin');
  });

  it('holes still open when the connection ends become gaps before the close', async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'PA', 'one', 5001);
    t.c(1010, 'PA', 'three', 5001); // 6 bytes missing, never acknowledged
    const es = await events(t.file());
    expect(connections(es).get('tcp/1')!.parts.c2s).toEqual(['one', 6, 'three']);
    const se = streamEvents(es);
    expect(se.at(-1)).toMatchObject({ kind: 'close', how: 'end-of-capture' });
  });

  it('past the bound on bytes held out of order, the hole is given up as a gap and a finding says so', async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'PA', 'a', 5001);
    for (let i = 0; i < 5; i++) t.c(1012 + i * 10, 'PA', 'x'.repeat(10), 5001); // 10 bytes missing before them
    const es = await events(t.file(), 0, { ...DEFAULT_REASSEMBLY_LIMITS, maxHeldBytes: 25 });
    const c = connections(es).get('tcp/1')!;
    expect(c.parts.c2s).toEqual(['a', 10, 'x'.repeat(50)]);
    expect(findings(es)).toEqual([expect.objectContaining({ code: 'reassembly-bound', conn: 'tcp/1', packet: 7 })]);
  });

  it('past the bound on all connections together, the connection that grows gives up its holes', async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'PA', 'a', 5001);
    t.c(1012, 'PA', 'x'.repeat(10), 5001);
    t.c(1022, 'PA', 'y'.repeat(10), 5001);
    const es = await events(t.file(), 0, { ...DEFAULT_REASSEMBLY_LIMITS, maxHeldTotal: 15 });
    expect(connections(es).get('tcp/1')!.parts.c2s).toEqual(['a', 10, 'x'.repeat(10) + 'y'.repeat(10)]);
    expect(findings(es).map((f) => f.code)).toEqual(['reassembly-bound']);
  });

  it('RST closes at once; later segments of the connection are counted, not read', async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'PA', 'hello', 5001);
    t.s(5001, 'R', '', 0);
    t.c(1006, 'PA', 'more', 5001);
    const es = await events(t.file());
    const se = streamEvents(es);
    expect(se.map((e) => e.kind)).toEqual(['open', 'data', 'close']);
    expect(se[2]).toMatchObject({ how: 'rst', ts: 1_700_000_000_004 });
    expect(countsOf(es).afterClose).toBe(1);
  });

  it("a FIN from one side only: closed `fin` at the end of the capture, with the capture's last time", async () => {
    const t = talk();
    handshake(t);
    t.s(5001, 'FPA', 'bye', 1001);
    t.c(1001, 'A', '', 5005);
    const other = talk({ addr: '10.0.0.3', port: 40001 }, S);
    other.c(1, 'S');
    t.packets.push(...other.packets.map((p) => ({ ...p, ts: p.ts + 100 })));
    const es = await events(t.file());
    const closes = streamEvents(es).filter((e) => e.kind === 'close');
    expect(closes).toEqual([
      { kind: 'close', conn: 'tcp/1', ts: 1_700_000_000_100, how: 'fin' },
      { kind: 'close', conn: 'tcp/2', ts: 1_700_000_000_100, how: 'end-of-capture' },
    ]);
  });

  describe('a connection begun before the capture (no SYN)', () => {
    it('the side whose first bytes are an HTTP request is the client, even on the lower port', async () => {
      const t = talk({ addr: '10.0.0.1', port: 80 }, { addr: '10.0.0.2', port: 50000 });
      t.c(777, 'A', '', 999); // a pure ACK first: nothing decided yet
      t.c(777, 'PA', 'GET / HTTP/1.1\r\n\r\n', 999);
      const es = await events(t.file());
      const open = streamEvents(es)[0];
      expect(open).toEqual({
        kind: 'open',
        conn: 'tcp/1',
        ts: 1_700_000_000_000,
        client: { addr: '10.0.0.1', port: 80 },
        server: { addr: '10.0.0.2', port: 50000 },
        midstream: true,
      });
      expect(connections(es).get('tcp/1')!.c2s.toString()).toBe('GET / HTTP/1.1\r\n\r\n');
      expect(countsOf(es)).toMatchObject({ connections: 1, midstream: 1 });
    });

    it('the side whose first bytes are an HTTP response is the server', async () => {
      const t = talk();
      t.c(777, 'PA', 'HTTP/1.1 200 OK\r\n\r\n', 999); // sent from port 40000
      const open = streamEvents(await events(t.file()))[0];
      expect(open).toMatchObject({ client: S, server: C, midstream: true });
    });

    it('otherwise the higher port is the client', async () => {
      const t = talk({ addr: '10.0.0.2', port: 3001 }, { addr: '10.0.0.1', port: 40000 });
      t.c(777, 'PA', '{"jsonrpc":"2.0"}', 999); // a body's middle, from port 3001
      const es = await events(t.file());
      expect(streamEvents(es)[0]).toMatchObject({
        client: { addr: '10.0.0.1', port: 40000 },
        server: { addr: '10.0.0.2', port: 3001 },
      });
      expect(connections(es).get('tcp/1')!.s2c.toString()).toBe('{"jsonrpc":"2.0"}');
    });
  });

  it("a SYN-ACK without its SYN still says who the client is, and starts the client's stream at the acknowledged byte", async () => {
    const t = talk();
    t.s(5000, 'SA', '', 1001);
    t.c(1001, 'PA', 'late', 5001); // the client's first byte
    t.c(1005, 'PA', 'r', 5001);
    const es = await events(t.file());
    expect(streamEvents(es)[0]).toMatchObject({ client: C, server: S, midstream: false });
    expect(connections(es).get('tcp/1')!.c2s.toString()).toBe('later');
  });

  it("data on the SYN (TCP Fast Open) is the stream's first bytes", async () => {
    const t = talk();
    t.c(1000, 'S', 'early');
    t.s(5000, 'SA', '', 1006);
    t.c(1006, 'PA', '!', 5001);
    expect(
      connections(await events(t.file()))
        .get('tcp/1')!
        .c2s.toString(),
    ).toBe('early!');
  });

  it("ports used again after a close make a new connection; the old one's last ACK opens nothing", async () => {
    const t = talk();
    handshake(t);
    t.c(1001, 'FA', '', 5001);
    t.s(5001, 'FA', '', 1002);
    t.c(1002, 'A', '', 5002); // after the close
    handshake(t, 9000, 7000);
    t.c(9001, 'PA', 'again', 7001);
    const es = await events(t.file());
    const conns = connections(es);
    expect([...conns.keys()]).toEqual(['tcp/1', 'tcp/2']);
    expect(conns.get('tcp/1')!.close?.how).toBe('fin');
    expect(conns.get('tcp/2')!.c2s.toString()).toBe('again');
    expect(countsOf(es).afterClose).toBe(1);
  });

  it('a new SYN on the ports of a connection never seen to close ends it with a finding; a retransmitted SYN does not', async () => {
    const t = talk();
    handshake(t);
    t.c(1000, 'S'); // retransmitted: the same ISN
    t.c(1001, 'PA', 'old', 5001);
    handshake(t, 9000, 7000);
    t.c(9001, 'PA', 'new', 7001);
    const es = await events(t.file());
    const conns = connections(es);
    expect(conns.get('tcp/1')!.c2s.toString()).toBe('old');
    expect(conns.get('tcp/2')!.c2s.toString()).toBe('new');
    expect(findings(es)).toEqual([expect.objectContaining({ code: 'port-reused', conn: 'tcp/1', packet: 6 })]);
  });

  it('a packet the snap length cut: the bytes captured, then a gap for the rest', async () => {
    const t = talk();
    handshake(t);
    t.cCut(1001, 'PA', 'kept-and-cut', 4);
    t.c(1013, 'PA', 'next', 5001);
    const es = await events(t.file());
    expect(connections(es).get('tcp/1')!.parts.c2s).toEqual(['kept-and', 4, 'next']);
    expect(findings(es)).toEqual([expect.objectContaining({ code: 'snapped', packet: 4 })]);
  });

  it('IPv6 endpoints are written as inet_ntop writes them', async () => {
    const t = talk({ addr: '2001:db8:0:0:0:0:0:1', port: 40000 }, { addr: '::1', port: 3001 });
    handshake(t);
    const open = streamEvents(await events(t.file()))[0];
    expect(open).toMatchObject({ client: { addr: '2001:db8::1', port: 40000 }, server: { addr: '::1', port: 3001 } });
  });
});
