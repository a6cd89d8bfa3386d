// Reads the physical lines that evidence points at, streaming each file once and keeping only those lines.
import { Buffer } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { inputContent } from '../input/files/content.js';
import { ChunkSweeper } from './heap.js';

/** Longest line kept, in UTF-16 code units (the quote shows at most 1,000 characters of it). */
const MAX_LINE = 4096;
/**
 * Bytes of a kept line decoded: enough for MAX_LINE code units whatever the bytes (a code unit takes at most 3 bytes
 * of UTF-8, an invalid sequence at most 3 per replacement character), so the cut never reaches the kept part.
 */
const MAX_LINE_BYTES = 4 * MAX_LINE;

/**
 * `lines` of each file (by `file:line` names as the records give them), of its content as it was read (a gzip file's
 * decompressed lines); files that cannot be read are left out.
 */
export async function readSourceLines(
  wanted: ReadonlyMap<string, ReadonlySet<number>>,
): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  const sweeper = new ChunkSweeper();
  for (const [file, set] of wanted) {
    if (file === '-' || set.size === 0) continue;
    const picker = new LinePicker(set);
    const stream = createReadStream(file);
    try {
      for await (const chunk of inputContent(stream)) {
        sweeper.add(chunk.length);
        if (picker.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) break;
      }
    } catch {
      continue;
    } finally {
      stream.destroy();
    }
    out.set(file, picker.end());
  }
  return out;
}

/**
 * Picks numbered lines out of a file's bytes as they stream by, numbered as `node:readline` numbers them (a line ends
 * at `\n`, `\r\n` or a lone `\r`), decoding only the lines it keeps: every other line is skipped as bytes, so reading
 * a 1 GB log again for a few hundred lines makes no string per line (docs/performance.md, "Memory").
 */
export class LinePicker {
  private readonly got = new Map<number, string>();
  private readonly last: number;
  /** The number of the line being read. */
  private n = 1;
  /** The kept line's bytes so far (null: the line being read is not kept). */
  private parts: Uint8Array[] | null;
  private size = 0;
  /** The last chunk ended with `\r`: a `\n` opening the next one ends no other line. */
  private sawReturn = false;

  constructor(private readonly wanted: ReadonlySet<number>) {
    let last = 0;
    for (const n of wanted) if (n > last) last = n;
    this.last = last;
    this.parts = wanted.has(1) ? [] : null;
  }

  /** Takes the next chunk; true once every wanted line is read. */
  push(chunk: Uint8Array): boolean {
    const len = chunk.length;
    if (len === 0) return this.n > this.last;
    let i = 0;
    if (this.sawReturn) {
      this.sawReturn = false;
      if (chunk[0] === 10) i = 1;
    }
    // The next `\r` at or after i (-1: none left in this chunk), looked up again only once passed.
    let cr = -2;
    while (i < len) {
      const nl = chunk.indexOf(10, i);
      if (cr !== -1 && cr < i) cr = chunk.indexOf(13, i);
      let end: number;
      let next: number;
      if (cr !== -1 && (nl === -1 || cr < nl)) {
        end = cr;
        if (cr + 1 < len) next = chunk[cr + 1] === 10 ? cr + 2 : cr + 1;
        else {
          next = len;
          this.sawReturn = true;
        }
      } else if (nl !== -1) {
        end = nl;
        next = nl + 1;
      } else {
        this.keep(chunk, i, len);
        break;
      }
      this.keep(chunk, i, end);
      if (this.lineEnd()) return true;
      i = next;
    }
    return false;
  }

  /** The input ended: its last line, when it has no line break after it, and the lines kept. */
  end(): Map<number, string> {
    if (this.parts && this.size > 0) this.lineEnd();
    return this.got;
  }

  private keep(chunk: Uint8Array, from: number, to: number): void {
    if (!this.parts || to <= from || this.size >= MAX_LINE_BYTES) return;
    // A copy: the chunk is not held for a line's sake.
    const part = Uint8Array.prototype.slice.call(chunk, from, Math.min(to, from + MAX_LINE_BYTES - this.size));
    this.parts.push(part);
    this.size += part.length;
  }

  /** The line being read ended; true when it was the last one wanted. */
  private lineEnd(): boolean {
    if (this.parts) {
      const line = Buffer.concat(this.parts).toString('utf8');
      this.got.set(this.n, line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line);
    }
    this.n++;
    this.parts = this.wanted.has(this.n) ? [] : null;
    this.size = 0;
    return this.n > this.last;
  }
}
