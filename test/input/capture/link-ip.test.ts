// Link layers and IP on hand-built frames: every link type read gives the same streams; IPv4 options, padding and fragments; IPv6 extension headers; what is not TCP is counted.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { ipv6Text } from '../../../src/input/capture/ip/ip-address.js';
import { LINK_TYPES } from '../../../src/input/capture/packets/link-types.js';
import {
  addrBytes,
  bsdNull,
  ethernet,
  ipv4,
  ipv6,
  sll,
  sll2,
  tcpPacket,
  tcpSegment,
  type TcpSpec,
} from '../../helpers/packets.js';
import { pcapFile } from '../../helpers/pcap-writer.js';
import { connections, countsOf, events, findings } from './helpers.js';

const T0 = 1_700_000_000_000;

/** IP packets of a short exchange between two addresses (IPv4 or IPv6). */
function exchange(c: string, s: string): Buffer[] {
  const a = { src: c, dst: s, sport: 40000, dport: 3001 };
  const b = { src: s, dst: c, sport: 3001, dport: 40000 };
  return [
    tcpPacket({ ...a, seq: 100, flags: 'S' }),
    tcpPacket({ ...b, seq: 900, ack: 101, flags: 'SA' }),
    tcpPacket({ ...a, seq: 101, ack: 901, flags: 'PA', data: 'ping' }),
    tcpPacket({ ...b, seq: 901, ack: 105, flags: 'PA', data: 'pong' }),
  ];
}

const file = (link: number, frames: Buffer[]) =>
  pcapFile(
    link,
    frames.map((data, i) => ({ ts: T0 + i, data })),
  );

async function streamsOf(link: number, frames: Buffer[]) {
  const es = await events(file(link, frames));
  const c = connections(es).get('tcp/1');
  return {
    c2s: c?.c2s.toString(),
    s2c: c?.s2c.toString(),
    client: c?.open.client,
    counts: countsOf(es),
    findings: findings(es),
  };
}

const V4 = { c2s: 'ping', s2c: 'pong', client: { addr: '192.168.1.10', port: 40000 } };
const V6 = { c2s: 'ping', s2c: 'pong', client: { addr: 'fe80::1:2', port: 40000 } };

describe('link layers', () => {
  const v4 = () => exchange('192.168.1.10', '192.168.1.20');
  const v6 = () => exchange('fe80::1:2', 'fe80::3');
  const cases: [string, number, (ip: Buffer, i: number) => Buffer, string][] = [
    ['Ethernet', 1, (ip) => ethernet(ip), 'ethernet'],
    ['Ethernet with an 802.1Q tag', 1, (ip) => ethernet(ip, undefined, [0x8100]), 'ethernet'],
    [
      'Ethernet with QinQ tags (802.1ad, then 802.1Q)',
      1,
      (ip) => ethernet(ip, undefined, [0x88a8, 0x8100]),
      'ethernet',
    ],
    ['Linux cooked SLL', 113, (ip) => sll(ip), 'linux-sll'],
    ['Linux cooked SLL2', 276, (ip) => sll2(ip), 'linux-sll2'],
    ['raw IP (LINKTYPE_RAW)', 101, (ip) => ip, 'raw'],
    ['raw IP as DLT_RAW 12', 12, (ip) => ip, 'raw'],
    ['raw IP as OpenBSD DLT_RAW 14', 14, (ip) => ip, 'raw'],
  ];
  for (const [name, link, wrap, counted] of cases) {
    it(`${name} (${link}): IPv4 and IPv6`, async () => {
      expect(await streamsOf(link, v4().map(wrap))).toMatchObject({
        ...V4,
        counts: { links: { [counted]: 4 } },
        findings: [],
      });
      expect(await streamsOf(link, v6().map(wrap))).toMatchObject({
        ...V6,
        counts: { links: { [counted]: 4 } },
        findings: [],
      });
    });
  }

  it('LINKTYPE_IPV4 (228) and LINKTYPE_IPV6 (229)', async () => {
    expect(await streamsOf(228, v4())).toMatchObject(V4);
    expect(await streamsOf(229, v6())).toMatchObject(V6);
  });

  it('BSD loopback NULL (0): the address family in either byte order; IPv6 as each BSD numbers it', async () => {
    for (const le of [true, false]) {
      expect(
        await streamsOf(
          0,
          v4().map((ip) => bsdNull(ip, 2, le)),
        ),
        `AF 2 ${le}`,
      ).toMatchObject(V4);
      for (const af of [24, 28, 30, 10, 23])
        expect(
          await streamsOf(
            0,
            v6().map((ip) => bsdNull(ip, af, le)),
          ),
          `AF ${af} ${le}`,
        ).toMatchObject(V6);
    }
  });

  it('OpenBSD LOOP (108): the family in network byte order', async () => {
    expect(
      await streamsOf(
        108,
        v4().map((ip) => bsdNull(ip, 2, false)),
      ),
    ).toMatchObject({ ...V4, counts: { links: { loop: 4 } } });
    expect(
      await streamsOf(
        108,
        v6().map((ip) => bsdNull(ip, 24, false)),
      ),
    ).toMatchObject(V6);
  });

  it('a link type not read: its packets are counted under its number, one finding', async () => {
    const r = await streamsOf(147, v4());
    expect(r.counts).toMatchObject({ packets: 4, links: { 'linktype-147': 4 }, tcp: 0 });
    expect(r.findings).toEqual([expect.objectContaining({ code: 'link-type', packet: 1, offset: 24 })]);
  });

  it('every link type in the table has a decoder that says where IP starts', () => {
    const ip = v4()[0]!;
    const frames: Record<number, [Buffer, number]> = {
      0: [bsdNull(ip, 2, true), 4],
      1: [ethernet(ip), 14],
      108: [bsdNull(ip, 2, false), 4],
      113: [sll(ip), 16],
      276: [sll2(ip), 20],
    };
    for (const [n, t] of LINK_TYPES) {
      const [frame, offset] = frames[n] ?? [ip, 0];
      expect(t.decode(frame), t.name).toEqual({ net: n === 229 ? 'ipv6' : 'ipv4', offset }); // 229 says IPv6 whatever follows
    }
  });
});

describe('what is not TCP', () => {
  it('is counted by protocol: ARP, UDP, ICMP, ICMPv6, LLC, other EtherTypes and families', async () => {
    const frames = [
      ...exchange('10.0.0.1', '10.0.0.2').map((p) => ethernet(p)),
      ethernet(Buffer.alloc(28), 0x0806),
      ethernet(ipv4('10.0.0.1', '10.0.0.2', 17, Buffer.alloc(12))),
      ethernet(ipv4('10.0.0.1', '10.0.0.2', 1, Buffer.alloc(8))),
      ethernet(ipv6('::1', '::1', 58, Buffer.alloc(8))),
      ethernet(ipv4('10.0.0.1', '10.0.0.2', 132, Buffer.alloc(8))),
      ethernet(Buffer.alloc(46), 0x0100),
      ethernet(Buffer.alloc(46), 0x88b5),
    ];
    const r = await streamsOf(1, frames);
    expect(r.counts.notTcp).toEqual({ arp: 1, udp: 1, icmp: 1, icmpv6: 1, sctp: 1, llc: 1, 'ethertype-0x88b5': 1 });
    expect(r).toMatchObject({ c2s: 'ping', s2c: 'pong', findings: [] });
    const loop = await streamsOf(0, [bsdNull(Buffer.alloc(20), 7, true)]);
    expect(loop.counts.notTcp).toEqual({ 'af-7': 1 });
  });

  it('a header cut short is a malformed packet, located, and reading goes on', async () => {
    const frames = exchange('10.0.0.1', '10.0.0.2');
    const cut = [frames[0]!, frames[1]!, frames[2]!.subarray(0, 30), frames[3]!];
    const r = await streamsOf(101, [Buffer.alloc(0), ...cut]);
    expect(r.counts.malformed).toBe(2);
    expect(r.findings.map((f) => [f.packet, f.message])).toEqual([
      [1, 'packet 1: raw header cut short; it is not read'],
      [4, 'packet 4: TCP header cut short; it is not read'],
    ]);
    expect(r.s2c).toBe('pong');
  });
});

describe('IPv4', () => {
  it('header options are passed over; Ethernet padding after the IP length is not data', async () => {
    const spec: TcpSpec = { src: '10.0.0.1', dst: '10.0.0.2', sport: 40000, dport: 80, seq: 1, flags: 'S' };
    const rr = Buffer.from([1, 1, 1, 0]); // three no-operation options and the end of the list: header length 24
    const frames = [
      tcpPacket(spec, { options: rr }),
      tcpPacket({ ...spec, seq: 2, flags: 'PA', data: 'x' }, { options: rr }), // 45 bytes: padded to 60 by Ethernet
    ].map((p) => ethernet(p));
    expect(frames[1]!.length).toBe(60);
    const es = await events(file(1, frames));
    expect(connections(es).get('tcp/1')!.c2s.toString()).toBe('x');
  });

  it('fragments are counted, located, and not reassembled: their bytes are a gap', async () => {
    const a = { src: '10.0.0.1', dst: '10.0.0.2', sport: 40000, dport: 80 };
    const seg = tcpSegment({ ...a, seq: 2, flags: 'PA', data: 'abcdefghijklmnop' });
    const frames = [
      tcpPacket({ ...a, seq: 1, flags: 'S' }),
      ipv4(a.src, a.dst, 6, seg.subarray(0, 24), { moreFragments: true }),
      ipv4(a.src, a.dst, 6, seg.subarray(24), { fragmentOffset: 3 }),
      tcpPacket({ ...a, seq: 18, flags: 'PA', data: 'after' }),
      tcpPacket({ src: a.dst, dst: a.src, sport: 80, dport: 40000, seq: 1, ack: 23, flags: 'A' }),
    ];
    const es = await events(file(101, frames));
    expect(countsOf(es).fragments).toBe(2);
    expect(findings(es).map((f) => [f.code, f.packet])).toEqual([
      ['ip-fragment', 2],
      ['ip-fragment', 3],
    ]);
    expect(connections(es).get('tcp/1')!.parts.c2s).toEqual([16, 'after']);
  });

  it('findings of one kind past ten are counted, not listed', async () => {
    const frags = Array.from({ length: 25 }, () =>
      ipv4('10.0.0.1', '10.0.0.2', 6, Buffer.alloc(8), { moreFragments: true }),
    );
    const es = await events(file(101, frags));
    expect(findings(es)).toHaveLength(10);
    expect(countsOf(es)).toMatchObject({ fragments: 25, findingsNotShown: { 'ip-fragment': 15 } });
  });
});

describe('IPv6', () => {
  it('extension headers (hop-by-hop, routing, destination options, an atomic fragment header, AH) are passed over', async () => {
    const ext = [
      { type: 0 },
      { type: 43, body: Buffer.alloc(14) },
      { type: 60 },
      { type: 44 },
      { type: 51, body: Buffer.alloc(10) },
    ];
    const a = { src: '2001:db8::1', dst: '2001:db8::2', sport: 40000, dport: 80 };
    const frames = [
      tcpPacket({ ...a, seq: 1, flags: 'S' }, { ext }),
      tcpPacket({ ...a, seq: 2, flags: 'PA', data: 'through' }, { ext }),
    ];
    const es = await events(file(101, frames));
    expect(connections(es).get('tcp/1')!.c2s.toString()).toBe('through');
    expect(findings(es)).toEqual([]);
  });

  it('a fragment (offset or more-fragments set) is counted as one', async () => {
    const more = Buffer.from([0, 1, 0, 0, 0, 0]); // offset 0, M set
    const es = await events(file(101, [ipv6('::1', '::2', 6, Buffer.alloc(30), [{ type: 44, body: more }])]));
    expect(countsOf(es).fragments).toBe(1);
  });

  it('addresses are written as inet_ntop writes them', () => {
    const cases: [string, string][] = [
      ['0:0:0:0:0:0:0:1', '::1'],
      ['0:0:0:0:0:0:0:0', '::'],
      ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
      ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
      ['fe80:0:0:0:0:0:0:0', 'fe80::'],
      ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2:3:4:5:6'],
      ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
      ['0:0:0:0:0:ffff:c000:280', '::ffff:192.0.2.128'],
      ['0:0:0:0:0:0:c000:280', '::192.0.2.128'],
    ];
    for (const [full, text] of cases) expect(ipv6Text(addrBytes(full), 0), full).toBe(text);
  });
});
