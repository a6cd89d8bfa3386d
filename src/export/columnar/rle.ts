// Parquet's bit-level encodings (format spec, Encodings.md): the RLE / bit-packing hybrid of levels and dictionary
// indexes, and PLAIN booleans.
import type { ByteBuffer } from './byte-buffer.js';

/** The bits a value of at most `max` takes (0 for 0: a run of zeros needs no value bytes). */
export function bitWidth(max: number): number {
  return max === 0 ? 0 : 32 - Math.clz32(max);
}

/**
 * `values[0..count)` (each below 2^16) as runs: 8 or more equal values in a row are one RLE run (a count and the value);
 * the rest go in bit-packed groups of 8 (the last group padded with zeros, which a reader stops before: it knows the
 * count). Returns the bytes written.
 */
export function writeRle(out: ByteBuffer, values: Uint8Array | Int32Array, count: number, width: number): number {
  const start = out.length;
  let packedFrom = 0;
  let packedGroups = 0;
  let i = 0;
  while (i < count) {
    const v = values[i]!;
    let run = 1;
    while (i + run < count && values[i + run] === v) run++;
    if (run >= 8) {
      if (packedGroups > 0) writePacked(out, values, count, packedFrom, packedGroups, width);
      packedGroups = 0;
      out.varint(run << 1);
      for (let b = 0; b < width; b += 8) out.u8((v >>> b) & 0xff);
      i += run;
    } else {
      if (packedGroups === 0) packedFrom = i;
      packedGroups++;
      i += 8;
    }
  }
  if (packedGroups > 0) writePacked(out, values, count, packedFrom, packedGroups, width);
  return out.length - start;
}

function writePacked(
  out: ByteBuffer,
  values: Uint8Array | Int32Array,
  count: number,
  from: number,
  groups: number,
  width: number,
): void {
  out.varint((groups << 1) | 1);
  if (width === 0) return;
  out.reserve(groups * width);
  const buf = out.buf;
  let at = out.length;
  let acc = 0;
  let bits = 0;
  const end = from + groups * 8;
  for (let i = from; i < end; i++) {
    acc |= (i < count ? values[i]! : 0) << bits;
    bits += width;
    while (bits >= 8) {
      buf[at++] = acc & 0xff;
      acc >>>= 8;
      bits -= 8;
    }
  }
  out.length = at;
}

/** Booleans (one byte each in `values`) as PLAIN wants them in `out`: a bit each, least significant first. */
export function packBits(out: ByteBuffer, values: ByteBuffer): Uint8Array {
  out.reset();
  const n = values.length;
  out.reserve((n + 7) >>> 3);
  const src = values.buf;
  const dst = out.buf;
  for (let i = 0; i < n; i += 8) {
    let b = 0;
    for (let j = 0; j < 8 && i + j < n; j++) b |= src[i + j]! << j;
    dst[i >>> 3] = b;
  }
  out.length = (n + 7) >>> 3;
  return out.view();
}
