// IPv6 headers (RFC 8200): extension headers passed over to the transport header, the fragment header flagged.
import { ipv6Text } from './ip-address.js';
import type { IpResult } from './ip-packet.js';

const HEADER = 40;
const FRAGMENT = 44;
const AUTH = 51;
/** Extension headers whose length is (byte 1 + 1) × 8: hop-by-hop, routing, destination options, mobility, HIP, shim6. */
const EXTENSIONS = new Set([0, 43, 60, 135, 139, 140]);

export function readIpv6(data: Buffer, at: number): IpResult {
  if (data.length < at + HEADER) return 'IPv6 header cut short';
  if (data[at]! >> 4 !== 6) return `IP version ${data[at]! >> 4} in an IPv6 header`;
  const plen = data.readUInt16BE(at + 4);
  // 0: a jumbogram (its length is in a hop-by-hop option) or an offloaded segment; the captured bytes are all of it.
  const sent = plen === 0 ? data.length - at - HEADER : plen;
  const end = Math.min(at + HEADER + sent, data.length);
  let next = data[at + 6]!;
  let p = at + HEADER;
  let fragment = false;
  for (;;) {
    let len: number;
    if (EXTENSIONS.has(next)) len = p + 2 <= end ? (data[p + 1]! + 1) * 8 : -1;
    else if (next === AUTH) len = p + 2 <= end ? (data[p + 1]! + 2) * 4 : -1;
    else if (next === FRAGMENT) {
      len = p + 8 <= end ? 8 : -1;
      if (len > 0) fragment = (data.readUInt16BE(p + 2) & 0xfff9) !== 0; // offset (13 bits) or the M flag
    } else break;
    if (len < 0 || p + len > end) return 'IPv6 extension header cut short';
    next = data[p]!;
    p += len;
  }
  return {
    src: ipv6Text(data, at + 8),
    dst: ipv6Text(data, at + 24),
    proto: next,
    payload: data.subarray(p, end),
    length: at + HEADER + sent - p,
    fragment,
  };
}
