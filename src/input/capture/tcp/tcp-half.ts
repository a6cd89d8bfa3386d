// One direction of a TCP connection: its bytes in sequence order, each byte's first captured copy, holes told as gaps.
//
// Positions count bytes from the direction's start (the byte after the SYN, or the first segment seen) in a JS number,
// so a stream may pass 4 GiB and its 32-bit sequence numbers may wrap: a sequence number is read as the position
// nearest the next one expected (within 2 GiB either way, RFC 9293 §3.4's modular comparison).
//
// Overlaps: the first copy of a byte to arrive wins. Bytes already delivered are never delivered again, and a segment
// that overlaps segments held out of order keeps only the bytes none of them has. Wireshark's "Follow TCP Stream"
// does the same for bytes it has passed on (it trims a retransmission to what is new), which is what tshark's
// `follow,tcp,raw` prints and what the tests compare with.

/** A run of bytes held until the bytes before it arrive; `bytes` null: bytes sent but not captured (snap length). */
interface Piece {
  at: number;
  len: number;
  bytes: Buffer | null;
}

/** Where a direction delivers: bytes in order, and the count of bytes that will never come. */
export interface HalfOut {
  data(bytes: Buffer): void;
  gap(bytes: number): void;
}

export interface HalfLimits {
  /** Bytes held out of order before the hole before them is given up as a gap. */
  maxHeldBytes: number;
  /** Runs held out of order, likewise. */
  maxHeldPieces: number;
}

/** What became of a segment: all old (a retransmission), held after a hole, or delivered (at least in part). */
type SegmentFate = 'duplicate' | 'held' | 'delivered';

export class HalfStream {
  started = false;
  /** Position of the next byte to deliver. */
  next = 0;
  private nextSeq = 0;
  private held: Piece[] = [];
  /** Bytes held (captured ones: a piece of missing bytes takes no memory). */
  heldBytes = 0;
  /** Position of the FIN, once seen. */
  fin: number | null = null;

  constructor(private readonly limits: HalfLimits) {}

  /** The direction's first byte has this sequence number. */
  start(seq: number): void {
    this.started = true;
    this.nextSeq = seq >>> 0;
  }

  /** True once every byte before the FIN has been delivered or given up. */
  get finished(): boolean {
    return this.fin !== null && this.next >= this.fin;
  }

  private pos(seq: number): number {
    return this.next + ((seq - this.nextSeq) | 0);
  }

  private advance(n: number): void {
    this.next += n;
    this.nextSeq = (this.nextSeq + n) >>> 0;
  }

  /** The FIN flag on a segment whose data (of `length` bytes) starts at `seq`: the first FIN seen counts. */
  finAt(seq: number, length: number): void {
    this.fin ??= this.pos(seq) + length;
  }

  /** A segment's data: `data` as captured, `length` as sent. */
  segment(seq: number, data: Buffer, length: number, out: HalfOut): SegmentFate {
    const at = this.pos(seq);
    let end = at + length;
    if (this.fin !== null && end > this.fin) end = this.fin; // nothing is sent after a FIN
    if (end <= this.next) return 'duplicate';
    if (this.held.length === 0 && at <= this.next && data.length === length) {
      // The usual case: in order (perhaps overlapping what was delivered), nothing held: no copy.
      out.data(data.subarray(this.next - at, end - at));
      this.advance(end - this.next);
      return 'delivered';
    }
    const captured = Math.min(at + data.length, end);
    if (captured > at) this.hold(at, captured, data);
    if (end > captured) this.hold(Math.max(at, captured), end, null);
    const fate = at > this.next ? 'held' : 'delivered';
    this.drain(out);
    return fate;
  }

  /** Keeps the part of [from, to) that no held piece (nor anything delivered) has; `data` starts at `from`'s segment start. */
  private hold(from: number, to: number, data: Buffer | null): void {
    const segStart = from;
    let cur = Math.max(from, this.next);
    const add: Piece[] = [];
    const piece = (s: number, e: number) => {
      // A copy: the segment is a view into a chunk of the file, which must not stay in memory for its sake.
      const bytes = data === null ? null : Buffer.from(data.subarray(s - segStart, e - segStart));
      if (bytes !== null) this.heldBytes += e - s;
      add.push({ at: s, len: e - s, bytes });
    };
    for (const h of this.held) {
      if (cur >= to) break;
      if (h.at + h.len <= cur) continue;
      if (h.at >= to) break;
      if (h.at > cur) piece(cur, h.at);
      cur = h.at + h.len;
    }
    if (cur < to) piece(cur, to);
    if (add.length === 0) return;
    this.held.push(...add);
    this.held.sort((x, y) => x.at - y.at);
  }

  /** Delivers the held pieces that now follow on. */
  private drain(out: HalfOut): void {
    while (this.held.length > 0 && this.held[0]!.at <= this.next) {
      const p = this.held.shift()!;
      if (p.bytes !== null) this.heldBytes -= p.len;
      const skip = this.next - p.at;
      if (skip >= p.len) continue;
      if (p.bytes !== null) out.data(p.bytes.subarray(skip));
      else out.gap(p.len - skip);
      this.advance(p.len - skip);
    }
  }

  /** Gives up the hole before the first held piece: a gap, then what follows it. */
  private skipHole(out: HalfOut, to = this.held[0]?.at): void {
    if (to !== undefined && to > this.next) {
      out.gap(to - this.next);
      this.advance(to - this.next);
    }
    this.drain(out);
  }

  /** Past a limit, holes are given up until the held bytes fit again; true when one was. */
  bound(out: HalfOut, maxBytes = this.limits.maxHeldBytes): boolean {
    let hit = false;
    while (this.held.length > 0 && (this.heldBytes > maxBytes || this.held.length > this.limits.maxHeldPieces)) {
      hit = true;
      this.skipHole(out);
    }
    return hit;
  }

  /**
   * The other side acknowledged every byte before `ack`: those not captured never will be (they were sent and
   * received, only the capture missed them): a gap, up to the next held piece or the acknowledged point.
   */
  acked(ack: number, out: HalfOut): void {
    if (!this.started) return;
    let to = this.pos(ack);
    if (this.fin !== null && to > this.fin) to = this.fin; // the FIN takes a sequence number of its own
    while (this.next < to) {
      const first = this.held[0]?.at;
      this.skipHole(out, first !== undefined && first < to ? first : to);
    }
  }

  /** The connection ends: every hole is given up, up to the last byte held or the FIN. */
  flush(out: HalfOut): void {
    while (this.held.length > 0) this.skipHole(out);
    if (this.fin !== null && this.fin > this.next) this.skipHole(out, this.fin);
  }
}
