// Drops a UTF-8 byte-order mark at the very start of a byte stream, even when it arrives split over chunks.
import { Buffer } from 'node:buffer';

const BOM = [0xef, 0xbb, 0xbf];

/** True when `b` could still turn out to be the start of a BOM (fewer than 3 bytes, all matching). */
function isBomPrefix(b: Buffer): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] !== BOM[i]) return false;
  return b.length < BOM.length;
}

/**
 * Push chunks in order; each call returns the bytes to use (a BOM removed from the first ones), or null
 * while the first bytes could still be a BOM. Holds at most two bytes back.
 */
export class BomSkipper {
  private head: Buffer | null = null;
  private decided = false;

  push(chunk: Buffer): Buffer | null {
    if (this.decided) return chunk;
    const b = this.head ? Buffer.concat([this.head, chunk]) : chunk;
    if (isBomPrefix(b)) {
      this.head = Buffer.from(b); // a copy: the source may reuse its chunk
      return null;
    }
    this.decided = true;
    this.head = null;
    return b[0] === BOM[0] && b[1] === BOM[1] && b[2] === BOM[2] ? b.subarray(3) : b;
  }

  /** At end of input: the held-back bytes when they turned out not to be a whole BOM. */
  end(): Buffer | null {
    const held = this.decided ? null : this.head;
    this.decided = true;
    this.head = null;
    return held && held.length > 0 ? held : null;
  }
}

/** Any chunk type a reader accepts, as a Buffer (no copy for Buffers and Uint8Arrays). */
export function toBuffer(chunk: Buffer | Uint8Array | string): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (Buffer.isBuffer(chunk)) return chunk;
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
