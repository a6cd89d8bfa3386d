// Ethernet II frames (LINKTYPE_ETHERNET, 1), with any 802.1Q / 802.1ad VLAN tags between the addresses and the EtherType.
import { etherName, type LinkPayload } from './ethertypes.js';

const HEADER = 14;
/** Tag protocol identifiers: 802.1Q, 802.1ad (QinQ), and the pre-standard QinQ value; each tag is 4 bytes. */
const VLAN_TAGS = new Set([0x8100, 0x88a8, 0x9100]);
/** Below this the field is an 802.3 length, not a type: the frame carries LLC, never IP. */
const MIN_ETHERTYPE = 0x0600;

export function ethernet(data: Buffer): LinkPayload | null {
  if (data.length < HEADER) return null;
  let at = 12;
  let type = data.readUInt16BE(at);
  while (VLAN_TAGS.has(type)) {
    at += 4;
    if (data.length < at + 2) return null;
    type = data.readUInt16BE(at);
  }
  if (type < MIN_ETHERTYPE) return { net: 'llc', offset: at + 2 };
  return { net: etherName(type), offset: at + 2 };
}
