// A growable byte buffer that Parquet values are encoded into as rows come (little-endian, as Parquet's PLAIN wants).
import { Buffer } from 'node:buffer';

const TWO_32 = 2 ** 32;

/**
 * Outside the JavaScript heap (a Buffer), and reused from page to page: a row's values become bytes at once, so that
 * nothing of the row survives it for the garbage collector to copy and promote while a row group fills.
 */
export class ByteBuffer {
  buf: Buffer;
  length = 0;

  constructor(size = 4096) {
    this.buf = Buffer.allocUnsafeSlow(size);
  }

  reset(): void {
    this.length = 0;
  }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.buf.length) return;
    const next = Buffer.allocUnsafeSlow(Math.max(need, this.buf.length * 2));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  u8(v: number): void {
    if (this.length >= this.buf.length) this.reserve(1);
    this.buf[this.length++] = v;
  }

  i32(v: number): void {
    this.reserve(4);
    this.buf.writeInt32LE(v, this.length);
    this.length += 4;
  }

  /** A whole number (exact up to 2^53) as a signed 64-bit integer, without a BigInt. */
  i64(v: number): void {
    this.reserve(8);
    const hi = Math.floor(v / TWO_32);
    this.buf.writeUInt32LE(v - hi * TWO_32, this.length);
    this.buf.writeInt32LE(hi, this.length + 4);
    this.length += 8;
  }

  f64(v: number): void {
    this.reserve(8);
    this.buf.writeDoubleLE(v, this.length);
    this.length += 8;
  }

  /** ULEB128, as the RLE hybrid's run headers. */
  varint(v: number): void {
    while (v > 0x7f) {
      this.u8((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    this.u8(v);
  }

  /** A string as PLAIN BYTE_ARRAY: its UTF-8 length (4 bytes) and its UTF-8 bytes. Returns the bytes' offset. */
  utf8(s: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; a long string is measured rather than over-reserved.
    this.reserve(4 + (s.length < 4096 ? s.length * 3 : Buffer.byteLength(s, 'utf8')));
    const at = this.length + 4;
    const n = this.buf.write(s, at);
    this.buf.writeUInt32LE(n, this.length);
    this.length = at + n;
    return at;
  }

  /** Text already in UTF-8 (`src[start, end)`) as PLAIN BYTE_ARRAY: the bytes `utf8` writes for its string. */
  utf8Bytes(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.reserve(4 + n);
    this.buf.writeUInt32LE(n, this.length);
    this.buf.set(src.subarray(start, end), this.length + 4);
    this.length += 4 + n;
  }

  bytes(src: Uint8Array): void {
    this.reserve(src.length);
    this.buf.set(src, this.length);
    this.length += src.length;
  }

  /** The bytes written (a view: valid until the buffer is written to again). */
  view(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}
