// UTF-8 over chunked bytes: validity without joining the chunks, and the cut that keeps whole characters.
import { Buffer, isUtf8 } from 'node:buffer';

/** Length of the sequence a lead byte starts (1 for ASCII and for bytes that cannot start one). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  if (lead >= 0xe0) return lead <= 0xef ? 3 : 1;
  if (lead >= 0xc2) return 2;
  return 1;
}

/**
 * Bytes at the end of `buf` that start a character it does not finish (0–3). Only the shape is looked at;
 * whether the bytes are valid is for `isUtf8` to say once the character is whole.
 */
export function incompleteTail(buf: Uint8Array): number {
  const n = buf.length;
  for (let back = 1; back <= 3 && back <= n; back++) {
    const b = buf[n - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: the lead is further back
    const need = sequenceLength(b);
    return need > back ? back : 0;
  }
  return 0;
}

/** True when the bytes, read as one stream, are valid UTF-8 (a character may be split between chunks). */
export function isUtf8Chunks(chunks: readonly Buffer[]): boolean {
  if (chunks.length === 1) return isUtf8(chunks[0]); // the common case: a line read in one chunk
  let carry: Buffer | null = null;
  for (let c of chunks) {
    if (carry !== null) {
      const need = sequenceLength(carry[0]) - carry.length;
      if (c.length < need) {
        carry = Buffer.concat([carry, c]);
        continue;
      }
      if (!isUtf8(Buffer.concat([carry, c.subarray(0, need)]))) return false;
      c = c.subarray(need);
      carry = null;
    }
    const tail = incompleteTail(c);
    if (!isUtf8(c.subarray(0, c.length - tail))) return false;
    carry = tail > 0 ? c.subarray(c.length - tail) : null;
  }
  return carry === null;
}

/** `chunks` without the last `n` bytes (chunks are not copied, only sliced). */
export function dropLast(chunks: readonly Buffer[], n: number): Buffer[] {
  const out = [...chunks];
  while (n > 0 && out.length > 0) {
    const last = out[out.length - 1];
    if (last.length <= n) {
      n -= last.length;
      out.pop();
    } else {
      out[out.length - 1] = last.subarray(0, last.length - n);
      n = 0;
    }
  }
  return out;
}

/** The last up-to-3 bytes of a chunk list, joined (enough to find an incomplete last character). */
export function lastBytes(chunks: readonly Buffer[], max = 3): Buffer {
  const parts: Buffer[] = [];
  let have = 0;
  for (let i = chunks.length - 1; i >= 0 && have < max; i--) {
    const c = chunks[i];
    const take = Math.min(c.length, max - have);
    parts.unshift(c.subarray(c.length - take));
    have += take;
  }
  return Buffer.concat(parts);
}
