// A packet capture read as TCP streams: pcap or pcapng bytes in, as they arrive; StreamEvents and CaptureNotes out.
import { Buffer } from 'node:buffer';
import type { Chunk } from '../lines/lines.js';
import { ByteQueue } from './tcp/byte-queue.js';
import { captureMagic, MAGIC_BYTES } from './packets/capture-magic.js';
import { FINDINGS_PER_CODE, type CaptureCounts, type CaptureFindingCode, type CaptureNote } from './capture-note.js';
import type { CaptureFileReader, Packet, PacketSink } from './packets/packet.js';
import { PacketLayers } from './packets/packet-layers.js';
import { PcapReader } from './packets/pcap-file.js';
import { PcapngReader } from './packets/pcapng-file.js';
import type { StreamEvent } from './http/stream-event.js';
import { DEFAULT_REASSEMBLY_LIMITS, TcpReassembly, type ReassemblyLimits } from './tcp/tcp-reassembly.js';

export type CaptureEvent = StreamEvent | CaptureNote;

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
  private readonly layers: PacketLayers;
  private readonly shown = new Map<CaptureFindingCode, number>();
  private lastTs = 0;
  private lastPacket = 0;
  /** The offset of the packet being read: where a finding of the layers above the file is located. */
  private packetOffset = 0;
  private readonly counts: CaptureCounts = {
    kind: 'counts',
    format: null,
    packets: 0,
    bytes: 0,
    links: {},
    tcp: 0,
    connections: 0,
    midstream: 0,
    notTcp: {},
    fragments: 0,
    malformed: 0,
    duplicates: 0,
    duplicateBytes: 0,
    outOfOrder: 0,
    gaps: 0,
    gapBytes: 0,
    afterClose: 0,
    findingsNotShown: {},
  };

  constructor(limits: ReassemblyLimits = DEFAULT_REASSEMBLY_LIMITS) {
    this.tcp = new TcpReassembly(
      (e) => this.out.push(e),
      (code, message, packet, conn) => this.note(code, message, null, packet, conn),
      limits,
    );
    this.layers = new PacketLayers(
      this.counts,
      (code, message, offset, packet) => this.note(code, message, offset, packet),
      this.tcp,
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
    if (this.file === null && this.q.length > 0)
      this.note('not-a-capture', `the file is ${this.q.length} bytes long, too short for a capture`, 0, null);
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
      this.note(
        'not-a-capture',
        `the file starts with ${this.q.peek(MAGIC_BYTES).toString('hex')}, not a pcap or pcapng magic number: it is not read`,
        0,
        null,
      );
      this.file = { read: () => this.q.clear(), end: () => {} };
      return true;
    }
    this.counts.format = m.format;
    this.file = m.format === 'pcap' ? new PcapReader(this.q, m.littleEndian, m.nanos) : new PcapngReader(this.q);
    return true;
  }

  /** A located finding, or (past `FINDINGS_PER_CODE` of its code) a count. */
  private note(
    code: CaptureFindingCode,
    message: string,
    offset: number | null,
    packet: number | null,
    conn?: string,
  ): void {
    const n = (this.shown.get(code) ?? 0) + 1;
    this.shown.set(code, n);
    if (n > FINDINGS_PER_CODE) {
      this.counts.findingsNotShown[code] = (this.counts.findingsNotShown[code] ?? 0) + 1;
      return;
    }
    this.out.push({
      kind: 'finding',
      code,
      message,
      offset: offset ?? this.packetOffset,
      packet,
      ...(conn === undefined ? {} : { conn }),
    });
  }

  finding(code: CaptureFindingCode, message: string, offset: number, packet: number | null): void {
    this.note(code, message, offset, packet);
  }

  packet(p: Packet): void {
    this.counts.packets++;
    this.counts.bytes += p.data.length;
    this.lastTs = p.ts;
    this.lastPacket = p.num;
    this.packetOffset = p.offset;
    this.layers.packet(p);
  }
}

/**
 * The events of a capture, one batch per chunk read (every event the chunk completed, in capture order; a batch may
 * be empty). The last batch ends with the `counts` note.
 */
export async function* captureStreamBatches(
  chunks: AsyncIterable<Chunk>,
  limits?: ReassemblyLimits,
): AsyncGenerator<CaptureEvent[]> {
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
 * findings are located by byte offset and packet number; the last event is the `counts` note. A `data` event's
 * bytes are a view into the chunk read (no copy, and never overwritten), so keeping them keeps the chunk alive.
 */
export async function* captureStreams(
  chunks: AsyncIterable<Chunk>,
  limits?: ReassemblyLimits,
): AsyncGenerator<CaptureEvent> {
  for await (const batch of captureStreamBatches(chunks, limits)) yield* batch;
}
