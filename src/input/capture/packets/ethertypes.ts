// EtherType numbers (IEEE 802 registry): the two read into streams, and names for those only counted.

/** What a link layer found inside it: `ipv4`, `ipv6`, or the name the packet is counted under; and where it starts. */
export interface LinkPayload {
  net: string;
  offset: number;
}

const NAMES: ReadonlyMap<number, string> = new Map([
  [0x0800, 'ipv4'],
  [0x86dd, 'ipv6'],
  [0x0806, 'arp'],
  [0x8035, 'rarp'],
  [0x88cc, 'lldp'],
  [0x8847, 'mpls'],
  [0x8848, 'mpls'],
  [0x8863, 'pppoe'],
  [0x8864, 'pppoe'],
  [0x888e, 'eapol'],
  [0x88f7, 'ptp'],
]);

const others = new Map<number, string>();

/** The name of an EtherType: `ipv4`, `ipv6`, a protocol's short name, else `ethertype-0x88b5`. */
export function etherName(type: number): string {
  const known = NAMES.get(type);
  if (known !== undefined) return known;
  let name = others.get(type);
  if (name === undefined) others.set(type, (name = `ethertype-0x${type.toString(16).padStart(4, '0')}`));
  return name;
}
