// pcapng (draft-ietf-opsawg-pcapng): blocks of sections, interfaces and packets; a corrupt block is passed by finding the next one.
import type { ByteQueue } from '../tcp/byte-queue.js';
import type { CaptureFileReader, PacketSink } from './packet.js';
import { readInterface, type Interface } from './pcapng-interface.js';

/** Block types (§4): the ones read, and the others a resynchronisation may land on. */
const SHB = 0x0a0d0d0a;
const IDB = 0x00000001;
const PB = 0x00000002; // the obsolete Packet Block
const SPB = 0x00000003;
const EPB = 0x00000006;
/** Name Resolution, Interface Statistics, Decryption Secrets, custom blocks. */
const OTHER_KNOWN = [0x00000004, 0x00000005, 0x0000000a, 0x00000bad, 0x40000bad];
/** Smallest length of each block read: its fixed fields and the two length fields. */
const MIN_LENGTH = new Map([
  [SHB, 28],
  [IDB, 20],
  [PB, 32],
  [SPB, 16],
  [EPB, 32],
]);
const KNOWN = new Set([...MIN_LENGTH.keys(), ...OTHER_KNOWN]);
const BYTE_ORDER_MAGIC = 0x1a2b3c4d;
/** Past this no block is believed (a length this large is damage); bounds the memory one block takes. */
const MAX_BLOCK = 16 * 1024 * 1024;
/** Type, length, and (in a section header) the byte-order magic. */
const HEAD = 12;

export class PcapngReader implements CaptureFileReader {
  private littleEndian: boolean | null = null;
  private interfaces: Interface[] = [];
  private num = 0;
  private lastTs = 0;
  /** Where a resynchronisation started (the corrupt block's offset), or -1 when blocks are being read. */
  private lostAt = -1;

  constructor(private readonly q: ByteQueue) {}

  private u32(b: Buffer, at: number): number {
    return this.littleEndian ? b.readUInt32LE(at) : b.readUInt32BE(at);
  }

  /** A section header's byte order, from its magic: null when the magic is neither order's. */
  private static order(h: Buffer): boolean | null {
    const m = h.readUInt32LE(8);
    return m === BYTE_ORDER_MAGIC ? true : m === 0x4d3c2b1a ? false : null;
  }

  /** The length a block header at the queue's start declares, when its type and length are possible; else null. */
  private declared(h: Buffer, known: boolean): number | null {
    if (h.readUInt32LE(0) === SHB) {
      const le = PcapngReader.order(h);
      if (le === null) return null;
      this.littleEndian = le;
    } else if (this.littleEndian === null) return null;
    const type = this.u32(h, 0);
    const len = this.u32(h, 4);
    if (known && !KNOWN.has(type)) return null;
    return len >= (MIN_LENGTH.get(type) ?? 12) && len % 4 === 0 && len <= MAX_BLOCK ? len : null;
  }

  read(sink: PacketSink): void {
    const q = this.q;
    for (;;) {
      if (this.lostAt >= 0 && !this.resync(sink, false)) return;
      if (q.length < HEAD) return;
      const order = this.littleEndian;
      const len = this.declared(q.peek(HEAD), false);
      if (len === null) {
        this.lose(sink, 'its type or length is impossible', order);
        continue;
      }
      if (q.length < len) return;
      const b = q.peek(len);
      if (this.u32(b, len - 4) !== len) {
        this.lose(sink, `its two length fields differ (${len} and ${this.u32(b, len - 4)})`, order);
        continue;
      }
      this.block(b, sink);
      q.skip(len);
    }
  }

  /** Starts looking for the next block after a corrupt one (the byte order read from a bad header is not kept). */
  private lose(sink: PacketSink, why: string, order: boolean | null): void {
    this.littleEndian = order;
    sink.finding(
      'corrupt-block',
      `the block at offset ${this.q.offset} is corrupt (${why}); looking for the next block`,
      this.q.offset,
      null,
    );
    this.lostAt = this.q.offset;
    this.q.skip(4);
  }

  /**
   * Looks, 4 bytes at a time (blocks are 32-bit aligned), for a block of a known type whose length is possible and
   * whose trailing length field agrees. True when found; false when more input is needed (or none is left at the end).
   */
  private resync(sink: PacketSink, atEnd: boolean): boolean {
    const q = this.q;
    while (q.length >= HEAD) {
      const order = this.littleEndian;
      const len = this.declared(q.peek(HEAD), true);
      if (len !== null) {
        if (q.length < len) {
          if (!atEnd) return false;
        } else if (this.u32(q.peek(len), len - 4) === len) {
          sink.finding(
            'resynced',
            `reading goes on at offset ${q.offset} with a block found after the corrupt one (${q.offset - this.lostAt} bytes skipped)`,
            q.offset,
            null,
          );
          this.lostAt = -1;
          return true;
        }
      }
      this.littleEndian = order;
      q.skip(4);
    }
    if (atEnd)
      sink.finding(
        'resynced',
        `no block was found after the corrupt one at offset ${this.lostAt}: the last ${q.offset + q.length - this.lostAt} bytes of the file are not read`,
        this.lostAt,
        null,
      );
    return false;
  }

  private block(b: Buffer, sink: PacketSink): void {
    const type = this.u32(b, 0);
    const offset = this.q.offset;
    if (type === SHB) {
      this.interfaces = []; // interface ids count from 0 again in every section
      return;
    }
    if (type === IDB) {
      this.interfaces.push(readInterface(b, this.littleEndian!));
      return;
    }
    if (type !== EPB && type !== SPB && type !== PB) return; // name resolution, statistics, secrets, custom …: not needed
    const num = ++this.num;
    const id =
      type === EPB ? this.u32(b, 8) : type === PB ? (this.littleEndian ? b.readUInt16LE(8) : b.readUInt16BE(8)) : 0;
    const iface = this.interfaces[id];
    if (iface === undefined) {
      sink.finding(
        'unknown-interface',
        `packet ${num} names interface ${id}, which its section does not describe; the packet is not read`,
        offset,
        num,
      );
      return;
    }
    let at: number;
    let caplen: number;
    let origLen: number;
    let ts: number;
    if (type === SPB) {
      // A Simple Packet Block has no time (it takes the previous packet's) and no captured length of its own.
      at = 12;
      origLen = this.u32(b, 8);
      caplen = Math.min(origLen, b.length - 16, iface.snaplen > 0 ? iface.snaplen : Infinity);
      ts = this.lastTs;
    } else {
      at = 28;
      caplen = this.u32(b, 20);
      origLen = this.u32(b, 24);
      ts = iface.time(this.u32(b, 12), this.u32(b, 16));
      if (caplen > b.length - 32) {
        sink.finding(
          'corrupt-block',
          `packet ${num}'s block says ${caplen} bytes were captured but holds ${b.length - 32}; the packet is not read`,
          offset,
          num,
        );
        return;
      }
    }
    this.lastTs = ts;
    sink.packet({ num, ts, link: iface.link, data: b.subarray(at, at + caplen), origLen, offset });
  }

  end(sink: PacketSink): void {
    const q = this.q;
    while (this.lostAt >= 0) {
      if (!this.resync(sink, true)) return;
      this.read(sink);
    }
    if (q.length === 0) return;
    let packet: number | null = null;
    let whole = '';
    if (q.length >= 8 && this.littleEndian !== null) {
      const h = q.peek(8);
      const type = this.u32(h, 0);
      if (type === EPB || type === SPB || type === PB) packet = this.num + 1;
      whole = ` of ${this.u32(h, 4)}`;
    }
    sink.finding(
      'truncated',
      `the file ends inside ${packet === null ? 'a block' : `packet ${packet}'s block`} (${q.length}${whole} bytes); it is not read`,
      q.offset,
      packet,
    );
  }
}
