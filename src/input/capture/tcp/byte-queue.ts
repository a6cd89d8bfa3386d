// The chunks of a capture not yet read: a record or block is looked at whole (copied only when it spans chunks), then dropped.
import { Buffer } from 'node:buffer';

/**
 * A queue of byte chunks with the file offset of its first byte. `peek(n)` gives the first `n` bytes as one Buffer:
 * a view into a chunk when they lie in one (the usual case: a 256 KiB read holds many records), else one copy of just
 * those bytes. `skip(n)` may pass the end of what has arrived: the rest is dropped as it arrives, never held (a block
 * skipped unread costs no memory).
 */
export class ByteQueue {
  private chunks: Buffer[] = [];
  /** Where the first chunk's unread bytes start. */
  private head = 0;
  /** Bytes still to drop from chunks not yet arrived. */
  private skipping = 0;
  /** Bytes held and not yet read. */
  length = 0;
  /** File offset of the first byte held (of the next byte to arrive when none is). */
  offset = 0;

  push(chunk: Uint8Array): void {
    let b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.skipping > 0) {
      const n = Math.min(this.skipping, b.length);
      this.skipping -= n;
      this.offset += n;
      b = b.subarray(n);
    }
    if (b.length === 0) return;
    this.chunks.push(b);
    this.length += b.length;
  }

  /** The first `n` bytes held (`n` ≤ `length`) as one Buffer, valid until the next `skip`. */
  peek(n: number): Buffer {
    const first = this.chunks[0]!;
    if (first.length - this.head >= n) return first.subarray(this.head, this.head + n);
    // Gather just the `n` bytes into one buffer, which replaces the chunks (or chunk parts) they came from.
    const out = Buffer.allocUnsafe(n);
    let got = 0;
    while (got < n) {
      const c = this.chunks[0]!;
      const take = Math.min(c.length - this.head, n - got);
      c.copy(out, got, this.head, this.head + take);
      got += take;
      if (this.head + take === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(this.head + take);
      this.head = 0;
    }
    this.chunks.unshift(out);
    this.head = 0;
    return out;
  }

  /** Drops the next `n` bytes, also those that have not arrived yet. */
  skip(n: number): void {
    if (n >= this.length) {
      this.skipping += n - this.length;
      this.offset += this.length;
      this.chunks = [];
      this.head = 0;
      this.length = 0;
      return;
    }
    this.offset += n;
    this.length -= n;
    let left = n;
    while (left > 0) {
      const c = this.chunks[0]!;
      const rest = c.length - this.head;
      if (left < rest) {
        this.head += left;
        return;
      }
      left -= rest;
      this.chunks.shift();
      this.head = 0;
    }
  }

  /** Drops everything held and everything still to come (reading has stopped). */
  clear(): void {
    this.skip(this.length);
    this.skipping = Infinity;
  }
}
