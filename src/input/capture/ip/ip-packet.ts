// The network layer as the TCP side needs it: addresses, protocol, payload; read by the decoder of the IP version.
import { readIpv4 } from './ipv4.js';
import { readIpv6 } from './ipv6.js';

interface IpPacket {
  src: string;
  dst: string;
  /** The transport protocol number (after IPv6 extension headers). */
  proto: number;
  /** The transport bytes captured (shorter than `length` when the snap length cut the packet). */
  payload: Buffer;
  /** The transport bytes the header says were sent. */
  length: number;
  /** Part of a fragmented datagram (fragments are counted, not reassembled). */
  fragment: boolean;
}

/** A packet read, or why it cannot be (a header cut short or invalid). */
export type IpResult = IpPacket | string;

/** The decoder of each network protocol read (`LinkPayload.net`); any other is counted by its name. */
export const IP_READERS: ReadonlyMap<string, (data: Buffer, at: number) => IpResult> = new Map([
  ['ipv4', readIpv4],
  ['ipv6', readIpv6],
]);
