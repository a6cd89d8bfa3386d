// Hand-built packets for the capture tests: IPv4 and IPv6 with TCP segments, Ethernet, Linux cooked and BSD loopback headers.
import { Buffer } from 'node:buffer';
import { isIPv6 } from 'node:net';

/** An IPv4 or IPv6 address as 4 or 16 bytes. */
export function addrBytes(addr: string): Buffer {
  if (!isIPv6(addr)) return Buffer.from(addr.split('.').map(Number));
  const [head, tail] = addr.split('::') as [string, string | undefined];
  const words = (s: string | undefined) =>
    (s ? s.split(':') : []).flatMap((w) => {
      if (!w.includes('.')) return [parseInt(w, 16)];
      const q = addrBytes(w); // a dotted quad at the end: two words
      return [q.readUInt16BE(0), q.readUInt16BE(2)];
    });
  const h = words(head);
  const t = words(tail);
  const all = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
  const b = Buffer.alloc(16);
  all.forEach((w, i) => b.writeUInt16BE(w, i * 2));
  return b;
}

const FLAG_BITS: Record<string, number> = { F: 0x01, S: 0x02, R: 0x04, P: 0x08, A: 0x10 };

export interface TcpSpec {
  src: string;
  dst: string;
  sport: number;
  dport: number;
  seq: number;
  ack?: number;
  /** Letters of F S R P A, e.g. `SA`, `PA`, `FA`. */
  flags: string;
  data?: Buffer | string;
  /** TCP options (padded to 4 bytes). */
  options?: Buffer;
}

/** A TCP segment (checksum left 0: nothing checks it, as on loopback with offloading). */
export function tcpSegment(s: TcpSpec): Buffer {
  const opts = s.options ?? Buffer.alloc(0);
  const optLen = (opts.length + 3) & ~3;
  const h = Buffer.alloc(20 + optLen);
  h.writeUInt16BE(s.sport, 0);
  h.writeUInt16BE(s.dport, 2);
  h.writeUInt32BE(s.seq >>> 0, 4);
  h.writeUInt32BE((s.ack ?? 0) >>> 0, 8);
  h[12] = ((20 + optLen) / 4) << 4;
  h[13] = [...s.flags].reduce((f, c) => f | FLAG_BITS[c]!, 0);
  h.writeUInt16BE(65535, 14);
  opts.copy(h, 20);
  return Buffer.concat([h, typeof s.data === 'string' ? Buffer.from(s.data) : (s.data ?? Buffer.alloc(0))]);
}

export interface Ipv4Options {
  /** IP options (padded to 4 bytes). */
  options?: Buffer;
  /** Fragment offset in 8-byte units, and the more-fragments flag. */
  fragmentOffset?: number;
  moreFragments?: boolean;
  /** The total length field, when it must lie (0: an offloaded segment). */
  totalLength?: number;
}

export function ipv4(src: string, dst: string, proto: number, payload: Buffer, o: Ipv4Options = {}): Buffer {
  const opts = o.options ?? Buffer.alloc(0);
  const ihl = 20 + ((opts.length + 3) & ~3);
  const h = Buffer.alloc(ihl);
  h[0] = 0x40 | (ihl / 4);
  h.writeUInt16BE(o.totalLength ?? ihl + payload.length, 2);
  h.writeUInt16BE(((o.moreFragments ? 0x2000 : 0) | (o.fragmentOffset ?? 0)) >>> 0, 6);
  h[8] = 64;
  h[9] = proto;
  addrBytes(src).copy(h, 12);
  addrBytes(dst).copy(h, 16);
  opts.copy(h, 20);
  return Buffer.concat([h, payload]);
}

/** An IPv6 extension header before the payload: its type and body (padded to the header's unit). */
export interface Ipv6Extension {
  type: number;
  body?: Buffer;
}

export function ipv6(src: string, dst: string, proto: number, payload: Buffer, ext: Ipv6Extension[] = []): Buffer {
  const parts: Buffer[] = [];
  ext.forEach((e, i) => {
    const next = i + 1 < ext.length ? ext[i + 1]!.type : proto;
    if (e.type === 44) {
      const f = Buffer.alloc(8);
      f[0] = next;
      (e.body ?? Buffer.alloc(6)).copy(f, 2, 0, 6);
      parts.push(f);
      return;
    }
    const unit = e.type === 51 ? 4 : 8;
    const body = e.body ?? Buffer.alloc(6);
    const len = Math.ceil((body.length + 2) / unit) * unit;
    const x = Buffer.alloc(len);
    x[0] = next;
    x[1] = e.type === 51 ? len / 4 - 2 : len / 8 - 1;
    body.copy(x, 2);
    parts.push(x);
  });
  const rest = Buffer.concat([...parts, payload]);
  const h = Buffer.alloc(40);
  h[0] = 0x60;
  h.writeUInt16BE(rest.length, 4);
  h[6] = ext.length > 0 ? ext[0]!.type : proto;
  h[7] = 64;
  addrBytes(src).copy(h, 8);
  addrBytes(dst).copy(h, 24);
  return Buffer.concat([h, rest]);
}

/** An IP packet holding a TCP segment, IPv4 or IPv6 by the addresses' form. */
export function tcpPacket(s: TcpSpec, ip: Ipv4Options & { ext?: Ipv6Extension[] } = {}): Buffer {
  const seg = tcpSegment(s);
  return isIPv6(s.src) ? ipv6(s.src, s.dst, 6, seg, ip.ext) : ipv4(s.src, s.dst, 6, seg, ip);
}

/**
 * A TCP conversation over loopback from `sport` to `dport`: the handshake, each side's bytes in turn (in segments of at
 * most `mss` bytes, one per turn when they fit), both FINs.
 */
export function conversation(
  sport: number,
  dport: number,
  turns: [string | Buffer, string | Buffer][],
  mss = 65_000,
): Buffer[] {
  const a = { src: '127.0.0.1', dst: '127.0.0.1', sport, dport };
  const b = { src: '127.0.0.1', dst: '127.0.0.1', sport: dport, dport: sport };
  let cs = 1000;
  let ss = 5000;
  const out = [tcpPacket({ ...a, seq: cs++, flags: 'S' }), tcpPacket({ ...b, seq: ss++, ack: cs, flags: 'SA' })];
  for (const [c, s] of turns) {
    const cb = Buffer.from(c);
    for (let i = 0; i < cb.length; i += mss)
      out.push(tcpPacket({ ...a, seq: cs + i, ack: ss, flags: 'PA', data: cb.subarray(i, i + mss) }));
    cs += cb.length;
    const sb = Buffer.from(s);
    for (let i = 0; i < sb.length; i += mss)
      out.push(tcpPacket({ ...b, seq: ss + i, ack: cs, flags: 'PA', data: sb.subarray(i, i + mss) }));
    ss += sb.length;
  }
  out.push(tcpPacket({ ...a, seq: cs, ack: ss, flags: 'FA' }), tcpPacket({ ...b, seq: ss, ack: cs + 1, flags: 'FA' }));
  return out;
}

export const ETHERTYPE_IPV4 = 0x0800;
export const ETHERTYPE_IPV6 = 0x86dd;

const ipEthertype = (ip: Buffer) => (ip[0]! >> 4 === 6 ? ETHERTYPE_IPV6 : ETHERTYPE_IPV4);

/** An Ethernet II frame around `payload`, with 802.1Q tags (`vlans`: TPIDs) and padding to 60 bytes as a NIC adds. */
export function ethernet(payload: Buffer, ethertype = ipEthertype(payload), vlans: number[] = []): Buffer {
  const h = Buffer.alloc(12 + vlans.length * 4 + 2);
  h.fill(0x02, 0, 12);
  vlans.forEach((tpid, i) => {
    h.writeUInt16BE(tpid, 12 + i * 4);
    h.writeUInt16BE(100 + i, 14 + i * 4);
  });
  h.writeUInt16BE(ethertype, 12 + vlans.length * 4);
  const f = Buffer.concat([h, payload]);
  return f.length < 60 ? Buffer.concat([f, Buffer.alloc(60 - f.length, 0xee)]) : f;
}

export function sll(payload: Buffer, protocol = ipEthertype(payload)): Buffer {
  const h = Buffer.alloc(16);
  h.writeUInt16BE(0, 0);
  h.writeUInt16BE(772, 2); // ARPHRD_LOOPBACK
  h.writeUInt16BE(6, 4);
  h.writeUInt16BE(protocol, 14);
  return Buffer.concat([h, payload]);
}

export function sll2(payload: Buffer, protocol = ipEthertype(payload)): Buffer {
  const h = Buffer.alloc(20);
  h.writeUInt16BE(protocol, 0);
  h.writeUInt32BE(1, 4);
  h.writeUInt16BE(772, 8);
  return Buffer.concat([h, payload]);
}

/** BSD loopback: the address family in the writer's byte order (`littleEndian`) or network order (LOOP). */
export function bsdNull(payload: Buffer, af: number, littleEndian: boolean): Buffer {
  const h = Buffer.alloc(4);
  if (littleEndian) h.writeUInt32LE(af);
  else h.writeUInt32BE(af);
  return Buffer.concat([h, payload]);
}
