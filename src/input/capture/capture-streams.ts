// A packet capture read as TCP streams: pcap or pcapng bytes in, as they arrive; StreamEvents and CaptureNotes out.
import { Buffer } from 'node:buffer';
import type { Chunk } from '../lines.js';
import { ByteQueue } from './byte-queue.js';
import { captureMagic, MAGIC_BYTES } from './capture-magic.js';
import { FINDINGS_PER_CODE, type CaptureCounts, type CaptureFindingCode, type CaptureNote } from './capture-note.js';
import { IP_READERS } from './ip-packet.js';
import { ipProtocolName, TCP } from './ip-protocols.js';
import { LINK_TYPES } from './link-types.js';
import type { CaptureFileReader, Packet, PacketSink } from './packet.js';
import { PcapReader } from './pcap-file.js';
import { PcapngReader } from './pcapng-file.js';
import type { StreamEvent } from './stream-event.js';
import { readTcp } from './tcp-header.js';
import { DEFAULT_REASSEMBLY_LIMITS, TcpReassembly, type ReassemblyLimits } from './tcp-reassembly.js';

export type CaptureEvent = StreamEvent | CaptureNote;

const bump = (r: Record<string, number>, k: string) => {
  r[k] = (r[k] ?? 0) + 1;
};

/**
 * The pure core: `push` each chunk, then `end`; each appends the events it completes to `out`. Memory: the record or
 * block being read, and what TCP reassembly holds out of order (bounded, `ReassemblyLimits`).
 */
class CaptureReader implements PacketSink {
  private readonly q = new ByteQueue();
  private file: CaptureFileReader | null = null;
  private done = false;
  private out: CaptureEvent[] = [];
  private readonly tcp: TcpReassembly;
  private readonly shown = new Map<CaptureFindingCode, number>();
  private readonly unreadLinks = new Set<number>();
  private lastTs = 0;
  private lastPacket = 0;
  private readonly counts: CaptureCounts = {
    kind: 'counts', format: null, packets: 0, bytes: 0, links: {}, tcp: 0, connections: 0, midstream: 0, notTcp: {}, fragments: 0,
    malformed: 0, duplicates: 0, duplicateBytes: 0, outOfOrder: 0, gaps: 0, gapBytes: 0, afterClose: 0, findingsNotShown: {},
  };

  constructor(limits: ReassemblyLimits = DEFAULT_REASSEMBLY_LIMITS) {
    this.tcp = new TcpReassembly(
      (e) => this.out.push(e),
      (code, message, packet, conn) => this.note(code, message, null, packet, conn),
      limits,
    );
  }

  push(chunk: Chunk, out: CaptureEvent[]): void {
    if (this.done) return;
    this.out = out;
    this.q.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
    if (this.file === null && !this.start()) return;
    this.file!.read(this);
  }

  end(out: CaptureEvent[]): void {
    if (this.done) return;
    this.done = true;
    this.out = out;
    if (this.file === null && this.q.length > 0) this.note('not-a-capture', `the file is ${this.q.length} bytes long, too short for a capture`, 0, null);
    this.file?.end(this);
    this.tcp.end(this.lastTs, this.lastPacket);
    const c = this.tcp.counts;
    Object.assign(this.counts, { ...c, tcp: this.tcp.tcp, afterClose: this.tcp.afterClose });
    out.push(this.counts);
  }

  /** Picks the file reader from the magic number, once 4 bytes are in; false while they are not. */
  private start(): boolean {
    if (this.q.length < MAGIC_BYTES) return false;
    const m = captureMagic(this.q.peek(MAGIC_BYTES));
    if (m === null) {
      this.note('not-a-capture', `the file starts with ${this.q.peek(MAGIC_BYTES).toString('hex')}, not a pcap or pcapng magic number: it is not read`, 0, null);
      this.file = { read: () => this.q.clear(), end: () => {} };
      return true;
    }
    this.counts.format = m.format;
    this.file = m.format === 'pcap' ? new PcapReader(this.q, m.littleEndian, m.nanos) : new PcapngReader(this.q);
    return true;
  }

  /** A located finding, or (past `FINDINGS_PER_CODE` of its code) a count. */
  private note(code: CaptureFindingCode, message: string, offset: number | null, packet: number | null, conn?: string): void {
    const n = (this.shown.get(code) ?? 0) + 1;
    this.shown.set(code, n);
    if (n > FINDINGS_PER_CODE) return bump(this.counts.findingsNotShown, code);
    this.out.push({ kind: 'finding', code, message, offset: offset ?? this.packetOffset, packet, ...(conn === undefined ? {} : { conn }) });
  }

  private packetOffset = 0;

  finding(code: CaptureFindingCode, message: string, offset: number, packet: number | null): void {
    this.note(code, message, offset, packet);
  }

  /** A packet through the link, IP and TCP layers to reassembly; anything else is counted by what it is. */
  packet(p: Packet): void {
    const c = this.counts;
    c.packets++;
    c.bytes += p.data.length;
    this.lastTs = p.ts;
    this.lastPacket = p.num;
    this.packetOffset = p.offset;
    const link = LINK_TYPES.get(p.link);
    if (link === undefined) {
      bump(c.links, `linktype-${p.link}`);
      if (!this.unreadLinks.has(p.link)) {
        this.unreadLinks.add(p.link);
        this.note('link-type', `packet ${p.num} has link type ${p.link}, which is not read (Ethernet, Linux cooked SLL and SLL2, BSD loopback and raw IP are): packets of this link type are counted only`, p.offset, p.num);
      }
      return;
    }
    bump(c.links, link.name);
    const lp = link.decode(p.data);
    if (lp === null) return this.malformed(p, `${link.name} header cut short`);
    const readIp = IP_READERS.get(lp.net);
    if (readIp === undefined) return bump(c.notTcp, lp.net);
    const ip = readIp(p.data, lp.offset);
    if (typeof ip === 'string') return this.malformed(p, ip);
    if (ip.fragment) {
      c.fragments++;
      this.note('ip-fragment', `packet ${p.num} is a fragment of an IP datagram from ${ip.src} to ${ip.dst}: fragments are not reassembled, so a TCP stream they belong to has a gap there`, p.offset, p.num);
      return;
    }
    if (ip.proto !== TCP) return bump(c.notTcp, ipProtocolName(ip.proto));
    const seg = readTcp(ip.payload, ip.length);
    if (typeof seg === 'string') return this.malformed(p, seg);
    if (seg.data.length < seg.length) {
      this.note('snapped', `packet ${p.num} was captured cut (${p.data.length} of ${p.origLen} bytes, the snap length): its last ${seg.length - seg.data.length} bytes of TCP data are a gap`, p.offset, p.num);
    }
    this.tcp.segment(ip.src, ip.dst, seg, p.ts, p.num);
  }

  private malformed(p: Packet, why: string): void {
    this.counts.malformed++;
    this.note('malformed', `packet ${p.num}: ${why}; it is not read`, p.offset, p.num);
  }
}

/**
 * The events of a capture, one batch per chunk read (every event the chunk completed, in capture order; a batch may
 * be empty). The last batch ends with the `counts` note.
 */
export async function* captureStreamBatches(chunks: AsyncIterable<Chunk>, limits?: ReassemblyLimits): AsyncGenerator<CaptureEvent[]> {
  const reader = new CaptureReader(limits);
  for await (const chunk of chunks) {
    const out: CaptureEvent[] = [];
    reader.push(chunk, out);
    if (out.length > 0) yield out;
  }
  const out: CaptureEvent[] = [];
  reader.end(out);
  yield out;
}

/**
 * A capture's TCP streams and notes, event by event, as its bytes arrive (`chunks`: any sizes). Connections open,
 * carry `data` and `gap` events per direction in sequence order, and close (`end-of-capture` for those still open);
 * findings are located by byte offset and packet number; the last event is the `counts` note.
 */
export async function* captureStreams(chunks: AsyncIterable<Chunk>, limits?: ReassemblyLimits): AsyncGenerator<CaptureEvent> {
  for await (const batch of captureStreamBatches(chunks, limits)) yield* batch;
}
