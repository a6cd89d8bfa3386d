// The link types read (tcpdump.org's LINKTYPE_* numbers): each one's name and the decoder that finds the IP packet in a frame.
import { bsdLoop, bsdNull } from './bsd-loopback.js';
import { ethernet } from './ethernet.js';
import type { LinkPayload } from './ethertypes.js';
import { linuxSll, linuxSll2 } from './linux-cooked.js';

interface LinkType {
  /** The name packets are counted under (`CaptureCounts.links`). */
  name: string;
  /** Where the frame's network packet starts and what it is; null when the frame is too short for its header. */
  decode(data: Buffer): LinkPayload | null;
}

/** Raw IP: no link header; the IP version nibble says which. */
function rawIp(data: Buffer): LinkPayload | null {
  if (data.length < 1) return null;
  const v = data[0]! >> 4;
  return { net: v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : `ip-version-${v}`, offset: 0 };
}

const IPV4: LinkPayload = Object.freeze({ net: 'ipv4', offset: 0 });
const IPV6: LinkPayload = Object.freeze({ net: 'ipv6', offset: 0 });

const RAW: LinkType = { name: 'raw', decode: rawIp };

export const LINK_TYPES: ReadonlyMap<number, LinkType> = new Map([
  [0, { name: 'null', decode: bsdNull }],
  [1, { name: 'ethernet', decode: ethernet }],
  // DLT_RAW as some systems wrote it in files before LINKTYPE_RAW existed: 12 on most, 14 on OpenBSD.
  [12, RAW],
  [14, RAW],
  [101, RAW],
  [108, { name: 'loop', decode: bsdLoop }],
  [113, { name: 'linux-sll', decode: linuxSll }],
  [228, { name: 'ipv4', decode: () => IPV4 }],
  [229, { name: 'ipv6', decode: () => IPV6 }],
  [276, { name: 'linux-sll2', decode: linuxSll2 }],
]);
