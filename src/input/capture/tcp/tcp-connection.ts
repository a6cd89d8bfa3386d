// One TCP connection: its two directions, which side is the client (the handshake says, or a guess), and how it ends.
import { sideOfFirstBytes } from '../http/client-guess.js';
import type { Endpoint, StreamDir, StreamEvent } from '../http/stream-event.js';
import { ACK, FIN, RST, SYN, type TcpSegment } from './tcp-header.js';
import { HalfStream, type HalfLimits, type HalfOut } from './tcp-half.js';

/** Side 0 sent the connection's first packet seen. */
type Side = 0 | 1;

/** What a connection reports to its table: events, counts, and how many bytes all connections hold out of order. */
export interface ConnectionContext {
  emit(e: StreamEvent): void;
  /** The name of the next connection to open (`tcp/N`). */
  nextId(): string;
  counts: {
    connections: number;
    midstream: number;
    duplicates: number;
    duplicateBytes: number;
    outOfOrder: number;
    gaps: number;
    gapBytes: number;
  };
  /** Bytes held out of order by every connection; past `maxHeld`, a connection that grows gives up its holes. */
  held: number;
  maxHeld: number;
  /** A held-bytes bound was hit on this connection (once per connection). */
  bound(conn: string, packet: number): void;
}

export class TcpConnection {
  private readonly halves: [HalfStream, HalfStream];
  private readonly outs: [HalfOut, HalfOut];
  private client: Side | -1 = -1;
  /** A SYN or SYN-ACK was seen: the roles are known, not guessed. */
  private handshake = false;
  /** The client's initial sequence number, to tell a retransmitted SYN from a new connection on the same ports. */
  synSeq: number | null = null;
  id: string | null = null;
  closed = false;
  private ts = 0;
  private packet = 0;
  private boundHit = false;
  /** Sides whose `half-close` was told (bit 0, bit 1). */
  private halfClosedSides = 0;

  constructor(
    /** Side 0's and side 1's `addr#port` keys. */
    readonly keys: readonly [string, string],
    private readonly ends: readonly [Endpoint, Endpoint],
    private readonly firstTs: number,
    private readonly ctx: ConnectionContext,
    limits: HalfLimits,
  ) {
    this.halves = [new HalfStream(limits), new HalfStream(limits)];
    this.outs = [this.out(0), this.out(1)];
  }

  private out(s: Side): HalfOut {
    const dir = (): StreamDir => (this.client === s ? 'c2s' : 's2c');
    return {
      data: (bytes) => {
        this.open(-1, null);
        if (bytes.length > 0)
          this.ctx.emit({ kind: 'data', conn: this.id!, dir: dir(), ts: this.ts, packet: this.packet, bytes });
      },
      gap: (bytes) => {
        this.open(-1, null);
        this.ctx.counts.gaps++;
        this.ctx.counts.gapBytes += bytes;
        this.ctx.emit({ kind: 'gap', conn: this.id!, dir: dir(), ts: this.ts, packet: this.packet, bytes });
      },
    };
  }

  /** True when nothing has been delivered either way (a SYN now is this connection's own, seen late). */
  get empty(): boolean {
    return this.halves[0].next === 0 && this.halves[1].next === 0;
  }

  /** Opens the connection (once): the client is the SYN's sender, else the side whose first bytes say so, else the higher port. */
  private open(s: Side | -1, first: Buffer | null): void {
    if (this.id !== null) return;
    if (this.client < 0) {
      const said = s >= 0 && first !== null ? sideOfFirstBytes(first) : null;
      if (said !== null) this.client = said === 'client' ? s : ((1 - s) as Side);
      else this.client = this.ends[1].port > this.ends[0].port ? 1 : 0;
    }
    this.id = this.ctx.nextId();
    this.ctx.counts.connections++;
    if (!this.handshake) this.ctx.counts.midstream++;
    const c = this.client as Side;
    this.ctx.emit({
      kind: 'open',
      conn: this.id,
      ts: this.firstTs,
      client: this.ends[c],
      server: this.ends[1 - c]!,
      midstream: !this.handshake,
    });
  }

  segment(s: Side, seg: TcpSegment, ts: number, packet: number): void {
    this.ts = ts;
    this.packet = packet;
    const me = this.halves[s];
    const peer = this.halves[1 - s]!;
    const heldBefore = me.heldBytes + peer.heldBytes;
    let seq = seg.seq;
    if (seg.flags & SYN) {
      const synAck = (seg.flags & ACK) !== 0;
      if (this.client < 0) this.client = synAck ? ((1 - s) as Side) : s;
      if (!synAck) this.synSeq ??= seq;
      this.handshake = true;
      seq = (seq + 1) >>> 0; // the SYN takes a sequence number; data (TCP Fast Open) follows it
    }
    if (!me.started) me.start(seq);
    if (seg.length > 0 || this.handshake) this.open(s, seg.data.length > 0 ? seg.data : null);
    if (seg.flags & RST) return this.close('rst');
    if (seg.flags & ACK) {
      // The handshake was seen but not the peer's first segment: its first byte is the one acknowledged.
      if (!peer.started && this.handshake) peer.start(seg.ack);
      else peer.acked(seg.ack, this.outs[1 - s]!);
    }
    if (seg.length > 0) {
      const fate = me.segment(seq, seg.data, seg.length, this.outs[s]);
      if (fate === 'duplicate') {
        this.ctx.counts.duplicates++;
        this.ctx.counts.duplicateBytes += seg.length;
      } else if (fate === 'held') this.ctx.counts.outOfOrder++;
      const over = this.ctx.held + me.heldBytes + peer.heldBytes - heldBefore > this.ctx.maxHeld;
      if (me.bound(this.outs[s], over ? 0 : undefined) && !this.boundHit) {
        this.boundHit = true;
        this.ctx.bound(this.id!, packet);
      }
    }
    if (seg.flags & FIN) me.finAt(seq, seg.length);
    this.ctx.held += me.heldBytes + peer.heldBytes - heldBefore;
    if (me.finished && peer.finished) this.close('fin');
    else for (const side of [0, 1] as const) this.halfClosed(side);
  }

  /** Tells once that a side's direction finished while the other's is open (`half-close`). */
  private halfClosed(s: Side): void {
    if (this.halfClosedSides & (1 << s) || !this.halves[s].finished || this.id === null) return;
    this.halfClosedSides |= 1 << s;
    this.ctx.emit({
      kind: 'half-close',
      conn: this.id,
      dir: this.client === s ? 'c2s' : 's2c',
      ts: this.ts,
      packet: this.packet,
    });
  }

  /**
   * Ends the connection: holes left are given up as gaps (client's bytes first), then `close`. At the end of the
   * capture, a connection one side of which had sent its FIN is closed `fin`, else `end-of-capture`; `ts` and
   * `packet` are then the capture's last.
   */
  close(how: 'fin' | 'rst' | 'end-of-capture', ts = this.ts, packet = this.packet): void {
    if (this.closed) return;
    this.closed = true;
    this.ts = ts;
    this.packet = packet;
    this.open(-1, null);
    const held = this.halves[0].heldBytes + this.halves[1].heldBytes;
    const c = this.client as Side;
    this.halves[c].flush(this.outs[c]);
    this.halves[1 - c]!.flush(this.outs[1 - c]!);
    this.ctx.held -= held;
    if (how === 'end-of-capture' && (this.halves[0].fin !== null || this.halves[1].fin !== null)) how = 'fin';
    this.ctx.emit({ kind: 'close', conn: this.id!, ts: this.ts, how });
  }
}
