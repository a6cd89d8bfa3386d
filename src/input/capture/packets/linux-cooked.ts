// Linux "cooked" captures (`tcpdump -i any`): SLL (LINKTYPE_LINUX_SLL, 113) and SLL2 (LINKTYPE_LINUX_SLL2, 276) headers.
import { etherName, type LinkPayload } from './ethertypes.js';

/**
 * SLL: packet type (2), ARPHRD type (2), address length (2), address (8), protocol (2). The protocol is an EtherType
 * for the link types that carry IP (loopback, Ethernet, tunnels).
 */
export function linuxSll(data: Buffer): LinkPayload | null {
  if (data.length < 16) return null;
  return { net: etherName(data.readUInt16BE(14)), offset: 16 };
}

/** SLL2: protocol (2) first, then reserved (2), interface index (4), ARPHRD type (2), packet type, address length, address (8). */
export function linuxSll2(data: Buffer): LinkPayload | null {
  if (data.length < 20) return null;
  return { net: etherName(data.readUInt16BE(0)), offset: 20 };
}
