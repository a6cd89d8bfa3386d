// BSD loopback: LINKTYPE_NULL (0), a 4-byte address family in the capturing host's byte order, and LINKTYPE_LOOP (108), in network order.
import type { LinkPayload } from './ethertypes.js';

/**
 * Address families as the BSDs number them: AF_INET is 2 everywhere, AF_INET6 is not (NetBSD, OpenBSD and BSD/OS 24,
 * FreeBSD and DragonFly 28, macOS 30; Linux 10 and Windows (Npcap's loopback adapter) 23).
 */
const FAMILIES: ReadonlyMap<number, string> = new Map([
  [2, 'ipv4'],
  [10, 'ipv6'],
  [23, 'ipv6'],
  [24, 'ipv6'],
  [28, 'ipv6'],
  [30, 'ipv6'],
]);

const family = (af: number): string => FAMILIES.get(af) ?? `af-${af}`;

/** NULL: the family is in the byte order of the host that wrote the file, which the file does not say: a family fits in 16 bits, so the order that gives one is right. */
export function bsdNull(data: Buffer): LinkPayload | null {
  if (data.length < 4) return null;
  const le = data.readUInt32LE(0);
  return { net: family(le > 0xffff ? data.readUInt32BE(0) : le), offset: 4 };
}

/** LOOP (OpenBSD): the same header, always in network byte order. */
export function bsdLoop(data: Buffer): LinkPayload | null {
  if (data.length < 4) return null;
  return { net: family(data.readUInt32BE(0)), offset: 4 };
}
