// IPv4 headers (RFC 791): options passed over by the header length, the total length trims link padding, fragments flagged.
import { ipv4Text } from './ip-address.js';
import type { IpResult } from './ip-packet.js';

const MORE_FRAGMENTS = 0x2000;
const FRAGMENT_OFFSET = 0x1fff;

export function readIpv4(data: Buffer, at: number): IpResult {
  if (data.length < at + 20) return 'IPv4 header cut short';
  const b0 = data[at]!;
  if (b0 >> 4 !== 4) return `IP version ${b0 >> 4} in an IPv4 header`;
  const ihl = (b0 & 0x0f) * 4;
  if (ihl < 20) return `IPv4 header length ${ihl} is below 20`;
  if (data.length < at + ihl) return 'IPv4 options cut short';
  let total = data.readUInt16BE(at + 2);
  // 0: a segment handed to the network card whole for it to cut (TCP segmentation offload), captured before it was.
  if (total === 0) total = data.length - at;
  if (total < ihl) return `IPv4 total length ${total} is below its header length ${ihl}`;
  const frag = data.readUInt16BE(at + 6);
  const end = Math.min(at + total, data.length);
  return {
    src: ipv4Text(data, at + 12),
    dst: ipv4Text(data, at + 16),
    proto: data[at + 9]!,
    payload: data.subarray(at + ihl, end),
    length: total - ihl,
    fragment: (frag & (MORE_FRAGMENTS | FRAGMENT_OFFSET)) !== 0,
  };
}
