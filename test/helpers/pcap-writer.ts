// Hand-built packets and capture files for the capture tests: IP/TCP packets, link headers, pcap and pcapng writers, a pcap record reader.
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

export interface PcapPacket {
  /** Epoch ms (fractions to the µs or ns the file keeps). */
  ts: number;
  data: Buffer;
  /** Length on the wire, when the capture cut the packet. */
  origLen?: number;
}

export interface PcapOptions {
  littleEndian?: boolean;
  nanos?: boolean;
  snaplen?: number;
}

/** Seconds and the fraction of a second (µs or ns) of an epoch-ms time. */
function split(ts: number, nanos: boolean): [number, number] {
  const sec = Math.floor(ts / 1000);
  return [sec, Math.round((ts - sec * 1000) * (nanos ? 1e6 : 1e3))];
}

export function pcapHeader(link: number, o: PcapOptions = {}): Buffer {
  const le = o.littleEndian ?? true;
  const h = Buffer.alloc(24);
  const u32 = (v: number, at: number) => (le ? h.writeUInt32LE(v, at) : h.writeUInt32BE(v, at));
  const u16 = (v: number, at: number) => (le ? h.writeUInt16LE(v, at) : h.writeUInt16BE(v, at));
  u32(o.nanos ? 0xa1b23c4d : 0xa1b2c3d4, 0);
  u16(2, 4);
  u16(4, 6);
  u32(o.snaplen ?? 262144, 16);
  u32(link, 20);
  return h;
}

export function pcapRecord(p: PcapPacket, o: PcapOptions = {}): Buffer {
  const le = o.littleEndian ?? true;
  const h = Buffer.alloc(16);
  const u32 = (v: number, at: number) => (le ? h.writeUInt32LE(v, at) : h.writeUInt32BE(v, at));
  const [sec, frac] = split(p.ts, o.nanos ?? false);
  u32(sec, 0);
  u32(frac, 4);
  u32(p.data.length, 8);
  u32(p.origLen ?? p.data.length, 12);
  return Buffer.concat([h, p.data]);
}

/** A classic pcap file. */
export function pcapFile(link: number, packets: PcapPacket[], o: PcapOptions = {}): Buffer {
  return Buffer.concat([pcapHeader(link, o), ...packets.map((p) => pcapRecord(p, o))]);
}

/** The records of a classic pcap file (any byte order and resolution), as they are: for rewriting a real capture. */
export function readPcap(file: Buffer): { header: Buffer; littleEndian: boolean; nanos: boolean; link: number; records: { ts: number; data: Buffer; origLen: number }[] } {
  const magic = file.readUInt32LE(0);
  const littleEndian = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
  const nanos = magic === 0xa1b23c4d || magic === 0x4d3cb2a1;
  const u32 = (at: number) => (littleEndian ? file.readUInt32LE(at) : file.readUInt32BE(at));
  const records = [];
  for (let at = 24; at + 16 <= file.length; ) {
    const caplen = u32(at + 8);
    records.push({ ts: u32(at) * 1000 + u32(at + 4) / (nanos ? 1e6 : 1e3), data: file.subarray(at + 16, at + 16 + caplen), origLen: u32(at + 12) });
    at += 16 + caplen;
  }
  return { header: file.subarray(0, 24), littleEndian, nanos, link: u32(20) & 0xffff, records };
}

// pcapng

export interface PcapngInterface {
  link: number;
  snaplen?: number;
  /** The if_tsresol byte (default: none written, µs). */
  tsresol?: number;
  /** if_tsoffset, seconds. */
  tsoffset?: number;
}

export type PcapngBlock =
  | { epb: { iface: number; ts: number; data: Buffer; origLen?: number } }
  | { spb: Buffer; origLen?: number }
  /** The obsolete Packet Block. */
  | { pb: { iface: number; ts: number; data: Buffer } }
  /** Any block as raw bytes (a custom or corrupt one). */
  | { raw: Buffer }
  /** A block of another type, written well-formed: name resolution (4), statistics (5), custom (0xbad) … */
  | { other: number; body?: Buffer };

export interface PcapngSection {
  littleEndian?: boolean;
  interfaces: PcapngInterface[];
  blocks: PcapngBlock[];
}

const pad4 = (b: Buffer) => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);

/** Units of an interface's resolution since the epoch, as a 64-bit number's two halves. */
function units(ts: number, tsresol = 6, tsoffset = 0): [number, number] {
  const perSec = tsresol & 0x80 ? 2n ** BigInt(tsresol & 0x7f) : 10n ** BigInt(tsresol);
  const ns = BigInt(Math.round((ts - tsoffset * 1000) * 1e6));
  const u = (ns * perSec) / 1_000_000_000n;
  return [Number(u >> 32n), Number(u & 0xffffffffn)];
}

export function pcapngSection(s: PcapngSection): Buffer {
  const le = s.littleEndian ?? true;
  const block = (type: number, body: Buffer) => {
    const b = Buffer.alloc(12 + body.length);
    const len = b.length;
    if (le) {
      b.writeUInt32LE(type, 0);
      b.writeUInt32LE(len, 4);
      b.writeUInt32LE(len, len - 4);
    } else {
      b.writeUInt32BE(type, 0);
      b.writeUInt32BE(len, 4);
      b.writeUInt32BE(len, len - 4);
    }
    body.copy(b, 8);
    return b;
  };
  const w32 = (...v: number[]) => {
    const b = Buffer.alloc(v.length * 4);
    v.forEach((x, i) => (le ? b.writeUInt32LE(x >>> 0, i * 4) : b.writeUInt32BE(x >>> 0, i * 4)));
    return b;
  };
  const w16 = (...v: number[]) => {
    const b = Buffer.alloc(v.length * 2);
    v.forEach((x, i) => (le ? b.writeUInt16LE(x, i * 2) : b.writeUInt16BE(x, i * 2)));
    return b;
  };
  const option = (code: number, value: Buffer) => Buffer.concat([w16(code, value.length), pad4(value)]);
  const out: Buffer[] = [];
  const shbBody = Buffer.concat([w32(0x1a2b3c4d), w16(1, 0), Buffer.alloc(8, 0xff)]);
  out.push(block(0x0a0d0d0a, shbBody));
  for (const i of s.interfaces) {
    const opts: Buffer[] = [];
    if (i.tsresol !== undefined) opts.push(option(9, Buffer.from([i.tsresol])));
    if (i.tsoffset !== undefined) {
      const v = Buffer.alloc(8);
      if (le) v.writeBigInt64LE(BigInt(i.tsoffset));
      else v.writeBigInt64BE(BigInt(i.tsoffset));
      opts.push(option(14, v));
    }
    if (opts.length > 0) opts.push(w32(0));
    out.push(block(1, Buffer.concat([w16(i.link, 0), w32(i.snaplen ?? 0), ...opts])));
  }
  for (const b of s.blocks) {
    if ('epb' in b) {
      const i = s.interfaces[b.epb.iface];
      const [hi, lo] = units(b.epb.ts, i?.tsresol, i?.tsoffset);
      out.push(block(6, Buffer.concat([w32(b.epb.iface, hi, lo, b.epb.data.length, b.epb.origLen ?? b.epb.data.length), pad4(b.epb.data)])));
    } else if ('spb' in b) out.push(block(3, Buffer.concat([w32(b.origLen ?? b.spb.length), pad4(b.spb)])));
    else if ('pb' in b) {
      const i = s.interfaces[b.pb.iface];
      const [hi, lo] = units(b.pb.ts, i?.tsresol, i?.tsoffset);
      out.push(block(2, Buffer.concat([w16(b.pb.iface, 0), w32(hi, lo, b.pb.data.length, b.pb.data.length), pad4(b.pb.data)])));
    } else if ('other' in b) out.push(block(b.other, pad4(b.body ?? Buffer.alloc(8, 0x55))));
    else out.push(b.raw);
  }
  return Buffer.concat(out);
}

/** A pcapng file of one or more sections. */
export function pcapngFile(...sections: PcapngSection[]): Buffer {
  return Buffer.concat(sections.map(pcapngSection));
}
