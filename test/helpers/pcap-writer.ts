// Capture files for the capture tests: classic pcap and pcapng writers, and a pcap record reader (to rewrite a real capture).
import { Buffer } from 'node:buffer';

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
export function readPcap(file: Buffer): {
  header: Buffer;
  littleEndian: boolean;
  nanos: boolean;
  link: number;
  records: { ts: number; data: Buffer; origLen: number }[];
} {
  const magic = file.readUInt32LE(0);
  const littleEndian = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
  const nanos = magic === 0xa1b23c4d || magic === 0x4d3cb2a1;
  const u32 = (at: number) => (littleEndian ? file.readUInt32LE(at) : file.readUInt32BE(at));
  const records = [];
  for (let at = 24; at + 16 <= file.length; ) {
    const caplen = u32(at + 8);
    records.push({
      ts: u32(at) * 1000 + u32(at + 4) / (nanos ? 1e6 : 1e3),
      data: file.subarray(at + 16, at + 16 + caplen),
      origLen: u32(at + 12),
    });
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
      out.push(
        block(
          6,
          Buffer.concat([
            w32(b.epb.iface, hi, lo, b.epb.data.length, b.epb.origLen ?? b.epb.data.length),
            pad4(b.epb.data),
          ]),
        ),
      );
    } else if ('spb' in b) out.push(block(3, Buffer.concat([w32(b.origLen ?? b.spb.length), pad4(b.spb)])));
    else if ('pb' in b) {
      const i = s.interfaces[b.pb.iface];
      const [hi, lo] = units(b.pb.ts, i?.tsresol, i?.tsoffset);
      out.push(
        block(2, Buffer.concat([w16(b.pb.iface, 0), w32(hi, lo, b.pb.data.length, b.pb.data.length), pad4(b.pb.data)])),
      );
    } else if ('other' in b) out.push(block(b.other, pad4(b.body ?? Buffer.alloc(8, 0x55))));
    else out.push(b.raw);
  }
  return Buffer.concat(out);
}

/** A pcapng file of one or more sections. */
export function pcapngFile(...sections: PcapngSection[]): Buffer {
  return Buffer.concat(sections.map(pcapngSection));
}
