// TCP reassembly over a whole capture: each segment to its connection (by its two addresses and ports), connections opened, closed, reused.
import type { CaptureFindingCode } from '../capture-note.js';
import type { StreamEvent } from '../http/stream-event.js';
import { TcpConnection, type ConnectionContext } from './tcp-connection.js';
import { ACK, SYN, type TcpSegment } from './tcp-header.js';
import type { HalfLimits } from './tcp-half.js';

export interface ReassemblyLimits extends HalfLimits {
  /** Bytes held out of order by all connections together. */
  maxHeldTotal: number;
  /** Connections open at once (a scan or a capture of many idle connections stays bounded). */
  maxConnections: number;
}

export const DEFAULT_REASSEMBLY_LIMITS: ReassemblyLimits = {
  maxHeldBytes: 4 * 1024 * 1024,
  maxHeldPieces: 1024,
  maxHeldTotal: 64 * 1024 * 1024,
  maxConnections: 65_536,
};

/** Closed connections remembered, so that their last packets (the final ACK, a retransmitted FIN) open nothing. */
const CLOSED_REMEMBERED = 65_536;

type ReassemblyNote = (code: CaptureFindingCode, message: string, packet: number, conn?: string) => void;

export class TcpReassembly {
  private readonly open = new Map<string, TcpConnection>();
  private readonly closed = new Set<string>();
  private opened = 0;
  private readonly ctx: ConnectionContext;
  /** TCP segments read, and those of connections already closed (ignored). */
  tcp = 0;
  afterClose = 0;

  constructor(
    emit: (e: StreamEvent) => void,
    private readonly note: ReassemblyNote,
    private readonly limits: ReassemblyLimits = DEFAULT_REASSEMBLY_LIMITS,
  ) {
    this.ctx = {
      emit,
      nextId: () => `tcp/${++this.opened}`,
      counts: { connections: 0, midstream: 0, duplicates: 0, duplicateBytes: 0, outOfOrder: 0, gaps: 0, gapBytes: 0 },
      held: 0,
      maxHeld: limits.maxHeldTotal,
      bound: (conn, packet) =>
        note(
          'reassembly-bound',
          `${conn} held more bytes out of order than the bound (${limits.maxHeldBytes} bytes, ${limits.maxHeldPieces} runs, ${limits.maxHeldTotal} for all connections): the missing bytes before them are given up as a gap`,
          packet,
          conn,
        ),
    };
  }

  get counts(): ConnectionContext['counts'] {
    return this.ctx.counts;
  }

  segment(src: string, dst: string, seg: TcpSegment, ts: number, packet: number): void {
    this.tcp++;
    const a = `${src}#${seg.srcPort}`;
    const b = `${dst}#${seg.dstPort}`;
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    const syn = (seg.flags & (SYN | ACK)) === SYN;
    let c = this.open.get(key);
    if (c !== undefined && syn && c.synSeq !== seg.seq && !(c.synSeq === null && c.empty)) {
      // Not a retransmitted SYN, nor this connection's own SYN seen late: the ports are in use again.
      c.close('end-of-capture', ts, packet);
      this.note(
        'port-reused',
        `a new connection (SYN) from ${a} to ${b} while ${c.id} on the same ports was never seen to close: ${c.id} is closed`,
        packet,
        c.id!,
      );
      this.open.delete(key);
      c = undefined;
    }
    if (c === undefined) {
      if (this.closed.has(key)) {
        if (!syn) {
          this.afterClose++;
          return;
        }
        this.closed.delete(key);
      }
      if (this.open.size >= this.limits.maxConnections) this.evict(ts, packet);
      c = new TcpConnection(
        [a, b],
        [
          { addr: src, port: seg.srcPort },
          { addr: dst, port: seg.dstPort },
        ],
        ts,
        this.ctx,
        this.limits,
      );
      this.open.set(key, c);
    }
    c.segment(c.keys[0] === a ? 0 : 1, seg, ts, packet);
    if (c.closed) {
      this.open.delete(key);
      this.remember(key);
    }
  }

  /** Closes the connection open longest, to stay within `maxConnections`. */
  private evict(ts: number, packet: number): void {
    const [key, c] = this.open.entries().next().value!;
    c.close('end-of-capture', ts, packet);
    this.note(
      'connection-bound',
      `more than ${this.limits.maxConnections} connections open at once: ${c.id}, open longest, is closed`,
      packet,
      c.id!,
    );
    this.open.delete(key);
    this.remember(key);
  }

  private remember(key: string): void {
    this.closed.add(key);
    if (this.closed.size > CLOSED_REMEMBERED) this.closed.delete(this.closed.values().next().value!);
  }

  /** The capture has ended (at packet `packet`, time `ts`): every connection still open is closed. */
  end(ts: number, packet: number): void {
    for (const c of this.open.values()) c.close('end-of-capture', ts, packet);
    this.open.clear();
  }
}
