// TCP segment headers (RFC 9293 §3.1): ports, sequence and acknowledgment numbers, flags, and where the data starts.

export const FIN = 0x01;
export const SYN = 0x02;
export const RST = 0x04;
export const ACK = 0x10;

export interface TcpSegment {
  srcPort: number;
  dstPort: number;
  /** Unsigned 32-bit sequence and acknowledgment numbers. */
  seq: number;
  ack: number;
  flags: number;
  /** The data captured. */
  data: Buffer;
  /** The data sent (more than `data.length` when the snap length cut the packet). */
  length: number;
}

/** `b`: the IP payload captured; `length`: the IP payload sent. A string says why it is not a segment. */
export function readTcp(b: Buffer, length: number): TcpSegment | string {
  if (b.length < 20) return 'TCP header cut short';
  const off = (b[12]! >> 4) * 4;
  if (off < 20) return `TCP data offset ${off} is below 20`;
  if (b.length < off) return 'TCP options cut short';
  if (length < off) return `TCP data offset ${off} is past the end of the segment (${length} bytes)`;
  return {
    srcPort: b.readUInt16BE(0),
    dstPort: b.readUInt16BE(2),
    seq: b.readUInt32BE(4),
    ack: b.readUInt32BE(8),
    flags: b[13]!,
    data: b.subarray(off),
    length: length - off,
  };
}
