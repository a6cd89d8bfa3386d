// Rewrites of a real capture's TCP segments for the reassembly tests: reordered, duplicated, overlapped with other bytes, dropped.
import { Buffer } from 'node:buffer';
import type { PcapPacket } from './pcap-writer.js';

/** A TCP segment inside an Ethernet/IPv4 frame, as far as the rewrites need it. */
export interface Segment {
  /** `addr:port>addr:port` of the sender and receiver (IPv4). */
  from: string;
  to: string;
  seq: number;
  ack: number | null;
  /** Where the TCP data starts in the frame, and how long it is. */
  at: number;
  len: number;
}

const ip4 = (b: Buffer, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;

/** The TCP segment of an Ethernet frame carrying IPv4, else null. */
export function segmentOf(frame: Buffer): Segment | null {
  if (frame.length < 34 || frame.readUInt16BE(12) !== 0x0800 || frame[23] !== 6) return null;
  const ihl = (frame[14]! & 0x0f) * 4;
  const t = 14 + ihl;
  const off = (frame[t + 12]! >> 4) * 4;
  const total = frame.readUInt16BE(16);
  return {
    from: `${ip4(frame, 26)}:${frame.readUInt16BE(t)}`,
    to: `${ip4(frame, 30)}:${frame.readUInt16BE(t + 2)}`,
    seq: frame.readUInt32BE(t + 4),
    ack: frame[t + 13]! & 0x10 ? frame.readUInt32BE(t + 8) : null,
    at: t + off,
    len: total - ihl - off,
  };
}

/** The same frame with another sequence number and data (IP length set to match). */
export function withData(frame: Buffer, seq: number, data: Buffer): Buffer {
  const s = segmentOf(frame)!;
  const out = Buffer.concat([frame.subarray(0, s.at), data]);
  out.writeUInt16BE(s.at - 14 + data.length, 16);
  out.writeUInt32BE(seq >>> 0, 14 + (frame[14]! & 0x0f) * 4 + 4);
  return out;
}

/** `a` is at or after `b`, in 32-bit sequence space. */
const seqGe = (a: number, b: number) => ((a - b) | 0) >= 0;

/** Index of the first packet after `i` from the receiver of segment `i` that acknowledges all of it, else -1. */
export function ackedAt(packets: PcapPacket[], i: number): number {
  const s = segmentOf(packets[i]!.data)!;
  for (let j = i + 1; j < packets.length; j++) {
    const p = segmentOf(packets[j]!.data);
    if (p !== null && p.from === s.to && p.to === s.from && p.ack !== null && seqGe(p.ack, s.seq + s.len)) return j;
  }
  return -1;
}

const carries = (p: PcapPacket) => (segmentOf(p.data)?.len ?? 0) > 0;

/**
 * Segments out of order: data segments moved later, each to just before the packet that acknowledges it (so the
 * capture looks as one that saw them late, not one that lost them; moves never cross); then every data segment of
 * 3 bytes or more cut in three, sent third, first, second, at its place. Returns the packets, the segments cut, and
 * the moves made.
 */
export function reorder(packets: PcapPacket[]): { packets: PcapPacket[]; cut: number; moved: number } {
  const moving = [...packets];
  let moved = 0;
  for (let i = 0; i < moving.length; i++) {
    if (!carries(moving[i]!)) continue;
    const j = ackedAt(moving, i);
    if (j <= i + 1) continue;
    const [p] = moving.splice(i, 1);
    moving.splice(j - 1, 0, p!);
    moved++;
    i = j - 1; // the next move starts after this one
  }
  const out: PcapPacket[] = [];
  let cut = 0;
  for (const p of moving) {
    const s = segmentOf(p.data);
    if (s === null || s.len < 3) {
      out.push(p);
      continue;
    }
    const data = p.data.subarray(s.at, s.at + s.len);
    const a = Math.floor(s.len / 3);
    const b = Math.floor((2 * s.len) / 3);
    for (const [from, to] of [
      [b, s.len],
      [0, a],
      [a, b],
    ] as const)
      out.push({ ...p, data: withData(p.data, s.seq + from, data.subarray(from, to)) });
    cut++;
  }
  return { packets: out, cut, moved };
}

/**
 * Every data segment sent twice (a retransmission right after it), and after each pair of data segments of one
 * direction, a segment of `X`s overlapping the second half of the first and the first half of the second: bytes
 * already delivered, which must not replace them.
 */
export function duplicate(packets: PcapPacket[]): { packets: PcapPacket[]; overlaps: number } {
  const out: PcapPacket[] = [];
  const last = new Map<string, PcapPacket>();
  let overlaps = 0;
  for (const p of packets) {
    out.push(p);
    const s = segmentOf(p.data);
    if (s === null || s.len === 0) continue;
    out.push({ ...p, data: Buffer.from(p.data) });
    const prev = last.get(s.from);
    const ps = prev && segmentOf(prev.data)!;
    if (ps && ps.seq + ps.len === s.seq && ps.len >= 2 && s.len >= 2) {
      const from = ps.seq + Math.floor(ps.len / 2);
      const to = s.seq + Math.floor(s.len / 2);
      out.push({ ...p, data: withData(p.data, from, Buffer.alloc(to - from, 0x58)) });
      overlaps++;
    }
    last.set(s.from, p);
  }
  return { packets: out, overlaps };
}
