// IP addresses as text from their bytes: IPv4 dotted quads, IPv6 as inet_ntop writes it (RFC 5952, glibc's IPv4 forms).

export function ipv4Text(b: Buffer, at: number): string {
  return `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
}

/**
 * Eight hex groups without leading zeros, the longest run of two or more zero groups (the first of equals) as `::`;
 * an IPv4-mapped address (`::ffff:a.b.c.d`) and, as glibc writes them, IPv4-compatible ones (`::a.b.c.d`) end in a
 * dotted quad.
 */
export function ipv6Text(b: Buffer, at: number): string {
  const w: number[] = [];
  for (let i = 0; i < 8; i++) w.push(b.readUInt16BE(at + i * 2));
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (w[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && w[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j;
  }
  if (bestLen < 2) best = -1;
  const quad = best === 0 && (bestLen === 6 || (bestLen === 5 && w[5] === 0xffff));
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === best) {
      out += i === 0 ? '::' : ':';
      i += bestLen - 1;
      continue;
    }
    if (quad && i === 6) return out + ipv4Text(b, at + 12);
    out += w[i]!.toString(16) + (i < 7 ? ':' : '');
  }
  return out;
}
