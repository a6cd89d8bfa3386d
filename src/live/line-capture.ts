// Splits a copy of one stream's bytes into lines for the capture; the forwarded bytes are never touched.
import type { Buffer } from 'node:buffer';

/** The stream a line was read from: a wire direction, or the server's stderr (recorded, never on the wire). */
type CapturedStream = 'c2s' | 's2c' | 'stderr';

/** One line as it went over the pipe, without its `\n` (a `\r` before it stays: it is wire text). */
export interface CapturedLine {
  /** When the chunk that completed the line was read (ISO 8601, UTC). */
  ts: string;
  dir: CapturedStream;
  /** The line's bytes as read, up to the cap: slices of the chunks, not copies. */
  chunks: Buffer[];
  /** Bytes in `chunks`. */
  kept: number;
  /** The line's true size in bytes; more than `kept` when the line was longer than the cap. */
  size: number;
  /** The line was longer than the cap: only its first `kept` bytes are in `chunks`. */
  truncated: boolean;
  /** The stream ended without a newline after this line. */
  partial: boolean;
}

const LF = 0x0a;

/**
 * Pure core: chunks in, complete lines out. A line longer than `maxBytes` keeps its first `maxBytes` bytes
 * and counts the rest, so memory stays bounded whatever the peer sends (ARCHITECTURE.md principle 5).
 */
export class LineCapture {
  private chunks: Buffer[] = [];
  private kept = 0;
  private size = 0;

  constructor(
    readonly dir: CapturedStream,
    readonly maxBytes: number,
  ) {}

  /** Bytes of the line not yet complete (held or only counted). */
  get pending(): number {
    return this.size;
  }

  /** Feeds one chunk read at `ts`; returns the lines it completes. */
  push(chunk: Buffer, ts: string): CapturedLine[] {
    const out: CapturedLine[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(LF, start);
      if (nl < 0) {
        if (start < chunk.length) this.add(chunk.subarray(start));
        return out;
      }
      this.add(chunk.subarray(start, nl));
      out.push(this.take(ts, false));
      start = nl + 1;
    }
  }

  /** The stream ended: the last line, when bytes followed the last newline. */
  end(ts: string): CapturedLine | null {
    return this.size > 0 ? this.take(ts, true) : null;
  }

  private add(piece: Buffer): void {
    this.size += piece.length;
    const room = this.maxBytes - this.kept;
    if (room <= 0 || piece.length === 0) return;
    const keep = piece.length <= room ? piece : piece.subarray(0, room);
    this.chunks.push(keep);
    this.kept += keep.length;
  }

  private take(ts: string, partial: boolean): CapturedLine {
    const line: CapturedLine = {
      ts,
      dir: this.dir,
      chunks: this.chunks,
      kept: this.kept,
      size: this.size,
      truncated: this.size > this.kept,
      partial,
    };
    this.chunks = [];
    this.kept = 0;
    this.size = 0;
    return line;
  }
}
