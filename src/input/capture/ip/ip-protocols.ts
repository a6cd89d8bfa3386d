// IP protocol numbers (IANA): TCP, read into streams, and names for the others, which are only counted.

export const TCP = 6;

const NAMES: ReadonlyMap<number, string> = new Map([
  [1, 'icmp'],
  [2, 'igmp'],
  [17, 'udp'],
  [41, 'ipv6-in-ipv4'],
  [47, 'gre'],
  [50, 'esp'],
  [58, 'icmpv6'],
  [59, 'ipv6-no-next'],
  [89, 'ospf'],
  [103, 'pim'],
  [112, 'vrrp'],
  [132, 'sctp'],
  [136, 'udplite'],
]);

const others = new Map<number, string>();

/** The name a packet of this IP protocol is counted under: `udp`, `icmp` …, else `ip-proto-N`. */
export function ipProtocolName(proto: number): string {
  const known = NAMES.get(proto);
  if (known !== undefined) return known;
  let name = others.get(proto);
  if (name === undefined) others.set(proto, (name = `ip-proto-${proto}`));
  return name;
}
