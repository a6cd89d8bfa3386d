// The magic numbers that start a packet capture file: classic pcap in both byte orders and time resolutions, and pcapng.
import { Buffer } from 'node:buffer';

type CaptureMagic =
  /** Classic pcap: the byte order of every header field, and whether the second fraction counts ns (else µs). */
  | { format: 'pcap'; littleEndian: boolean; nanos: boolean }
  /** pcapng: each Section Header Block gives its own byte order. */
  | { format: 'pcapng' };

/** The first four bytes of a file, in hex, as they appear in the file. */
const MAGIC: Readonly<Record<string, CaptureMagic>> = {
  a1b2c3d4: { format: 'pcap', littleEndian: false, nanos: false },
  d4c3b2a1: { format: 'pcap', littleEndian: true, nanos: false },
  a1b23c4d: { format: 'pcap', littleEndian: false, nanos: true },
  '4d3cb2a1': { format: 'pcap', littleEndian: true, nanos: true },
  // The Section Header Block's type: a palindrome, the same in both byte orders (CR LF LF CR catches text-mode damage).
  '0a0d0d0a': { format: 'pcapng' },
};

/** Bytes needed to tell. */
export const MAGIC_BYTES = 4;

/** What a file starting with `head` is, or null when it is no capture (or fewer than 4 bytes). */
export function captureMagic(head: Uint8Array): CaptureMagic | null {
  if (head.length < MAGIC_BYTES) return null;
  return MAGIC[Buffer.from(head.buffer, head.byteOffset, MAGIC_BYTES).toString('hex')] ?? null;
}
