// A column chunk's min and max as Parquet orders them, gathered as values are added, for the chunk's statistics.
import type { Buffer } from 'node:buffer';
import type { Statistics } from 'hyparquet';

export class ChunkStats {
  private min: number | Uint8Array | null = null;
  private max: number | Uint8Array | null = null;

  /** `bool`: the numbers are booleans (0, 1), written back as such. */
  constructor(private readonly bool: boolean) {}

  /** Text as its UTF-8 bytes `buf[start..end)`, compared in byte order (BYTE_ARRAY statistics are unsigned bytes). */
  text(buf: Buffer, start: number, end: number): void {
    const min = this.min as Uint8Array | null;
    const max = this.max as Uint8Array | null;
    // Copies of their own size: a pooled Buffer would keep its whole 8 KiB pool alive with the file's metadata.
    if (min === null || buf.compare(min, 0, min.length, start, end) < 0)
      this.min = new Uint8Array(buf.subarray(start, end));
    if (max === null || buf.compare(max, 0, max.length, start, end) > 0)
      this.max = new Uint8Array(buf.subarray(start, end));
  }

  /** A number; NaN is left out, as the format asks. */
  number(v: number): void {
    if (Number.isNaN(v)) return;
    if (this.min === null || v < (this.min as number)) this.min = v;
    if (this.max === null || v > (this.max as number)) this.max = v;
  }

  /** The chunk's statistics, and a fresh start for the next chunk. */
  take(nulls: number): Statistics {
    const s: Statistics = { null_count: BigInt(nulls) };
    if (this.min !== null && this.max !== null) {
      // Signed zeros as the format wants them: min -0, max +0.
      s.min_value = this.bool ? this.min === 1 : this.min === 0 ? -0 : this.min;
      s.max_value = this.bool ? this.max === 1 : this.max === 0 ? 0 : this.max;
    }
    this.min = this.max = null;
    return s;
  }
}
