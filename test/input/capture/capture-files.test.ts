// pcap and pcapng files: byte orders, time resolutions, sections and interfaces, block kinds, truncation and corruption, any chunking.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { ethernet, sll2, tcpPacket } from '../../helpers/packets.js';
import { pcapFile, pcapngFile, pcapRecord, type PcapPacket } from '../../helpers/pcap-writer.js';
import { connections, countsOf, events, findings, streamEvents } from './helpers.js';

const T0 = 1_700_000_000_000;
const spec = { src: '10.0.0.1', dst: '10.0.0.2', sport: 40000, dport: 3001 };
const back = { src: '10.0.0.2', dst: '10.0.0.1', sport: 3001, dport: 40000 };

/** IP packets of a short exchange: handshake, a request in two segments, a response. */
function exchange(): Buffer[] {
  return [
    tcpPacket({ ...spec, seq: 100, flags: 'S' }),
    tcpPacket({ ...back, seq: 900, ack: 101, flags: 'SA' }),
    tcpPacket({ ...spec, seq: 101, ack: 901, flags: 'PA', data: 'POST /mcp ' }),
    tcpPacket({ ...spec, seq: 111, ack: 901, flags: 'PA', data: 'HTTP/1.1\r\n\r\n' }),
    tcpPacket({ ...back, seq: 901, ack: 123, flags: 'PA', data: 'HTTP/1.1 202 Accepted\r\n\r\n' }),
  ];
}

/** Times with µs and ns parts. */
const time = (i: number) => T0 + i * 1.5 + 0.000123 * (i + 1);

const streams = (es: Awaited<ReturnType<typeof events>>) => {
  const c = connections(es).get('tcp/1')!;
  return { c2s: c.c2s.toString(), s2c: c.s2c.toString() };
};
const EXPECTED = { c2s: 'POST /mcp HTTP/1.1\r\n\r\n', s2c: 'HTTP/1.1 202 Accepted\r\n\r\n' };

async function expectSameInChunks(file: Buffer): Promise<Awaited<ReturnType<typeof events>>> {
  const whole = await events(file);
  for (const size of [1, 3, 7]) expect(await events(file, size), `chunk ${size}`).toEqual(whole);
  return whole;
}

describe('classic pcap', () => {
  const packets = (): PcapPacket[] => exchange().map((p, i) => ({ ts: time(i), data: ethernet(p) }));

  for (const littleEndian of [true, false]) {
    for (const nanos of [false, true]) {
      it(`${littleEndian ? 'little' : 'big'}-endian, ${nanos ? 'ns' : 'µs'}: the streams and each packet's time`, async () => {
        const file = pcapFile(1, packets(), { littleEndian, nanos });
        const es = await expectSameInChunks(file);
        expect(streams(es)).toEqual(EXPECTED);
        const data = es.filter((e) => e.kind === 'data');
        expect(data.map((e) => e.kind === 'data' && e.packet)).toEqual([3, 4, 5]);
        // The time of packet 4 to the file's resolution.
        const ts = data[1]!.kind === 'data' ? data[1]!.ts : 0;
        expect(Math.abs(ts - time(3))).toBeLessThan(nanos ? 1e-5 : 1e-3);
        if (!nanos) expect(ts).toBe(T0 + 4.5); // µs: 0.492 µs rounds away
        expect(countsOf(es)).toMatchObject({
          format: 'pcap',
          packets: 5,
          links: { ethernet: 5 },
          tcp: 5,
          connections: 1,
        });
      });
    }
  }

  it('a last record cut short: a finding with its offset and packet number; the packets before it are read', async () => {
    const whole = pcapFile(1, packets());
    const lastAt = whole.length - (16 + ethernet(exchange()[4]!).length);
    const es = await expectSameInChunks(whole.subarray(0, whole.length - 10));
    expect(findings(es)).toEqual([
      {
        kind: 'finding',
        code: 'truncated',
        offset: lastAt,
        packet: 5,
        message: `the file ends inside packet 5's record (${16 + ethernet(exchange()[4]!).length - 10} of ${16 + ethernet(exchange()[4]!).length} bytes); the packet is not read`,
      },
    ]);
    expect(streams(es)).toEqual({ c2s: EXPECTED.c2s, s2c: '' });
    expect(streamEvents(es).at(-1)).toMatchObject({ kind: 'close', how: 'end-of-capture' });
  });

  it('a file cut inside its header, or inside a record header', async () => {
    expect(findings(await events(pcapFile(1, []).subarray(0, 10)))).toEqual([
      expect.objectContaining({ code: 'truncated', offset: 0, packet: null }),
    ]);
    const cut = pcapFile(1, packets().slice(0, 1));
    const es = await events(Buffer.concat([cut, Buffer.alloc(5)]));
    expect(findings(es)).toEqual([
      expect.objectContaining({
        code: 'truncated',
        offset: cut.length,
        packet: 2,
        message: "the file ends inside packet 2's record (5 bytes); the packet is not read",
      }),
    ]);
  });

  it('a record with an impossible length stops reading with a finding where it is', async () => {
    const good = pcapFile(1, packets().slice(0, 3));
    const bad = pcapRecord({ ts: T0, data: Buffer.alloc(20) });
    bad.writeUInt32LE(0x7fffffff, 8);
    const file = Buffer.concat([good, bad, pcapRecord({ ts: T0, data: ethernet(exchange()[3]!) })]);
    const es = await expectSameInChunks(file);
    expect(findings(es)).toEqual([expect.objectContaining({ code: 'corrupt-record', offset: good.length, packet: 4 })]);
    expect(countsOf(es).packets).toBe(3);
    expect(streams(es).c2s).toBe('POST /mcp ');
  });

  it('a record longer than 256 KiB is read when the file says its snap length allows it (an offloaded segment: IP length 0)', async () => {
    const big = tcpPacket(
      { ...spec, seq: 101, ack: 901, flags: 'PA', data: Buffer.alloc(300_000, 0x61) },
      { totalLength: 0 },
    );
    const file = pcapFile(
      101,
      [
        { ts: T0, data: tcpPacket({ ...spec, seq: 100, flags: 'S' }) },
        { ts: T0, data: big },
      ],
      { snaplen: 400_000 },
    );
    expect(connections(await events(file, 65536)).get('tcp/1')!.c2s.length).toBe(300_000);
  });
});

describe('pcapng', () => {
  const [syn, synAck, req1, req2, resp] = exchange() as [Buffer, Buffer, Buffer, Buffer, Buffer];
  /**
   * Two sections: a little-endian one with an Ethernet interface counting ns and a raw-IP one counting 2^-20 s,
   * between packets a name resolution block, statistics and a custom block; then a big-endian one whose only
   * interface is Linux cooked v2 with a time offset, holding a Simple Packet Block and an obsolete Packet Block.
   */
  const file = () =>
    pcapngFile(
      {
        littleEndian: true,
        interfaces: [
          { link: 1, tsresol: 9 },
          { link: 101, tsresol: 0x80 | 20 },
        ],
        blocks: [
          { epb: { iface: 0, ts: time(0), data: ethernet(syn) } },
          { other: 4 },
          { epb: { iface: 1, ts: time(1), data: synAck } },
          { other: 5 },
          { other: 0xbad, body: Buffer.from('custom data') },
        ],
      },
      {
        littleEndian: false,
        interfaces: [{ link: 276, tsoffset: 1_000_000 }],
        blocks: [
          { spb: sll2(req1) },
          { pb: { iface: 0, ts: time(3), data: sll2(req2) } },
          { epb: { iface: 0, ts: time(4), data: sll2(resp) } },
        ],
      },
    );

  it('several sections in both byte orders, several interfaces and link types, EPB, SPB and PB; other blocks passed over', async () => {
    const es = await expectSameInChunks(file());
    expect(streams(es)).toEqual(EXPECTED);
    expect(countsOf(es)).toMatchObject({
      format: 'pcapng',
      packets: 5,
      links: { ethernet: 1, raw: 1, 'linux-sll2': 3 },
      connections: 1,
    });
    const data = es.flatMap((e) => (e.kind === 'data' ? [e] : []));
    expect(data.map((e) => e.packet)).toEqual([3, 4, 5]);
    // The SPB has no time: it takes the previous packet's (2^-20 s units: within a µs).
    expect(Math.abs(data[0]!.ts - time(1))).toBeLessThan(1e-3);
    expect(Math.abs(data[1]!.ts - time(3))).toBeLessThan(1e-3);
    const open = streamEvents(es)[0]!;
    expect(open.kind === 'open' && Math.abs(open.ts - time(0))).toBeLessThan(1e-5); // ns units
  });

  it("a Simple Packet Block is cut to interface 0's snap length", async () => {
    const f = pcapngFile({
      interfaces: [{ link: 101, snaplen: 45 }],
      blocks: [{ epb: { iface: 0, ts: T0, data: syn } }, { spb: req1 }],
    });
    const es = await events(f);
    expect(findings(es)).toEqual([expect.objectContaining({ code: 'snapped', packet: 2 })]);
  });

  it('a corrupt block length: a finding at the block, then reading finds the next block and goes on', async () => {
    const good = file();
    // The second section's SPB (the block after the section header and its IDB): its leading length made wrong.
    const sections = good.indexOf(Buffer.from([0x0a, 0x0d, 0x0d, 0x0a]), 4);
    const idbLen = good.readUInt32BE(sections + 28 + 4);
    const spbAt = sections + good.readUInt32BE(sections + 4) + idbLen;
    expect(good.readUInt32BE(spbAt)).toBe(3);
    for (const len of [13, 0x7ffffff0, good.readUInt32BE(spbAt + 4) + 8]) {
      const bad = Buffer.from(good);
      bad.writeUInt32BE(len, spbAt + 4);
      const es = await expectSameInChunks(bad);
      const spbLen = good.readUInt32BE(spbAt + 4);
      expect(
        findings(es).map((f) => [f.code, f.offset]),
        `length ${len}`,
      ).toEqual([
        ['corrupt-block', spbAt],
        ['resynced', spbAt + spbLen],
      ]);
      expect(streams(es)).toEqual({ c2s: 'HTTP/1.1\r\n\r\n', s2c: EXPECTED.s2c }); // packet 3 lost, a gap before it
      expect(connections(es).get('tcp/1')!.parts.c2s).toEqual([10, 'HTTP/1.1\r\n\r\n']);
    }
  });

  it('garbage to the end after a corrupt block: one finding says how much was not read', async () => {
    const good = file();
    const bad = Buffer.concat([good, Buffer.from([0, 0, 0, 6, 0, 0, 0, 9]), Buffer.alloc(40, 0x41)]);
    const es = await expectSameInChunks(bad);
    expect(findings(es)).toEqual([
      expect.objectContaining({ code: 'corrupt-block', offset: good.length }),
      expect.objectContaining({
        code: 'resynced',
        offset: good.length,
        message: `no block was found after the corrupt one at offset ${good.length}: the last 48 bytes of the file are not read`,
      }),
    ]);
    expect(streams(es)).toEqual(EXPECTED);
  });

  it('a last block cut short: a finding with its offset and packet number', async () => {
    const good = file();
    const lastLen = good.readUInt32BE(good.length - 4);
    const es = await expectSameInChunks(good.subarray(0, good.length - 6));
    expect(findings(es)).toEqual([
      expect.objectContaining({ code: 'truncated', offset: good.length - lastLen, packet: 5 }),
    ]);
    expect(streams(es)).toEqual({ c2s: EXPECTED.c2s, s2c: '' });
  });

  it('a packet naming an interface its section does not describe is a finding, and is not read', async () => {
    const f = pcapngFile({
      interfaces: [{ link: 101 }],
      blocks: [{ epb: { iface: 0, ts: T0, data: syn } }, { epb: { iface: 3, ts: T0, data: req1 } }],
    });
    expect(findings(await events(f))).toEqual([expect.objectContaining({ code: 'unknown-interface', packet: 2 })]);
  });

  it('the default resolution is µs; if_tsoffset adds seconds', async () => {
    const f = pcapngFile({
      interfaces: [{ link: 101 }, { link: 101, tsoffset: 1_600_000_000 }],
      blocks: [{ epb: { iface: 0, ts: T0 + 0.25, data: syn } }, { epb: { iface: 1, ts: T0 + 7, data: req1 } }],
    });
    const es = await events(f);
    expect(streamEvents(es)[0]).toMatchObject({ kind: 'open', ts: T0 + 0.25 });
    expect(es.find((e) => e.kind === 'data')).toMatchObject({ ts: T0 + 7 });
  });
});

describe('not a capture', () => {
  it('read as one anyway (--input-format pcap): one finding, nothing else but the counts', async () => {
    const es = await events(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'), 3);
    expect(es).toEqual([
      expect.objectContaining({
        kind: 'finding',
        code: 'not-a-capture',
        offset: 0,
        message: 'the file starts with 7b226a73, not a pcap or pcapng magic number: it is not read',
      }),
      expect.objectContaining({ kind: 'counts', format: null, packets: 0 }),
    ]);
    expect(findings(await events(Buffer.from('ab')))).toEqual([expect.objectContaining({ code: 'not-a-capture' })]);
  });
});
