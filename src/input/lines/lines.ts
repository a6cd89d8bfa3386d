// The line splitter: byte chunks in, physical lines out (1-based numbers, UTF-8 decoded once per line).
import { Buffer } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { BomSkipper, toBuffer } from './bom.js';

/** One physical line of the input, without its line ending. */
export interface Line {
  /** The decoded text, without `\n` or the `\r` of a `\r\n`; for an oversized line, only its start. */
  text: string;
  /** 1-based physical line number. */
  line: number;
  /** UTF-8 size of the whole line (the line ending and a leading BOM are not counted), also when oversized. */
  bytes: number;
  /** The line was longer than the splitter's `maxLineBytes`: `text` holds only its first `keepBytes`. */
  oversized?: true;
}

export type Chunk = Buffer | Uint8Array | string;

/** Default bound on one line (and one message): `--max-message-bytes`. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** Bytes kept of an oversized line, for its `raw` text. */
export const OVERSIZED_KEEP_BYTES = 4096;

interface SplitterOptions {
  /** Longest line held whole (default 16 MiB); a longer line is cut to its first `keepBytes` and counted. */
  maxLineBytes?: number;
  /** Bytes kept of an oversized line (default 4 KiB). */
  keepBytes?: number;
  /**
   * Where the bytes start in their file, for a piece of a file read on its own (`--jobs`): the number of its first
   * line (default 1), and whether it is the file's start, where a byte order mark is skipped (default true).
   */
  firstLine?: number;
  atFileStart?: boolean;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Pure core of the splitter. Splits on the byte 0x0A, which never occurs inside a multi-byte UTF-8
 * sequence, so a character split over two chunks is decoded whole with its line. A line that spans
 * chunks is kept as a list of pieces and concatenated once, when its end arrives. Memory is bounded by
 * `maxLineBytes`: past it only the line's first `keepBytes` are kept and the rest is only counted.
 */
export class LineSplitter {
  private pieces: Buffer[] = [];
  /** Bytes of the incomplete line so far (all of them, also those not kept). */
  private pendingBytes = 0;
  /** The incomplete line passed the limit: `pieces` holds only its kept start. */
  private over = false;
  /** Last byte of the incomplete line (a CR there belongs to a CRLF if the line ends next). */
  private lastByte = -1;
  private lineNo = 0;
  private readonly bom: BomSkipper | null;
  private readonly maxLine: number;
  private readonly keep: number;

  constructor(opts: SplitterOptions = {}) {
    this.maxLine = Math.max(0, opts.maxLineBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
    this.keep = Math.max(0, Math.min(opts.keepBytes ?? OVERSIZED_KEEP_BYTES, this.maxLine));
    this.lineNo = (opts.firstLine ?? 1) - 1;
    this.bom = opts.atFileStart === false ? null : new BomSkipper();
  }

  /** Number of the last line produced so far (of lines produced, when the input starts at line 1). */
  get lines(): number {
    return this.lineNo;
  }

  /** Bytes of the line not yet complete. */
  get pending(): number {
    return this.pendingBytes;
  }

  /** Feeds one chunk; appends every line it completes to `out` (and returns `out`). */
  push(chunk: Chunk, out: Line[] = []): Line[] {
    const buf = this.bom ? this.bom.push(toBuffer(chunk)) : toBuffer(chunk);
    if (buf) this.split(buf, out);
    return out;
  }

  /** Ends the input: the last line, if it had no line ending, is produced now. */
  end(out: Line[] = []): Line[] {
    const held = this.bom?.end();
    if (held) this.split(held, out);
    if (this.pendingBytes > 0) out.push(this.take(false));
    return out;
  }

  /** The start of the incomplete line, decoded (at most `maxBytes`); for format detection only. */
  peekPending(maxBytes = 64 * 1024): string {
    if (this.pieces.length === 0) return '';
    const all = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces);
    return all.toString('utf8', 0, Math.min(all.length, maxBytes));
  }

  private split(buf: Buffer, out: Line[]): void {
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(LF, start);
      if (nl < 0) {
        // A copy: the source may reuse the chunk's memory once we return.
        if (start < buf.length) this.hold(buf, start, buf.length, true);
        return;
      }
      if (this.pendingBytes === 0 && nl - start <= this.maxLine) {
        const end = nl > start && buf[nl - 1] === CR ? nl - 1 : nl;
        out.push({ text: buf.toString('utf8', start, end), line: ++this.lineNo, bytes: end - start });
      } else {
        this.hold(buf, start, nl, false);
        out.push(this.take(true));
      }
      start = nl + 1;
    }
  }

  /** Adds bytes `a..b` of `buf` to the incomplete line, keeping at most the limit (one more byte for a CR). */
  private hold(buf: Buffer, a: number, b: number, copy: boolean): void {
    if (b <= a) return;
    this.lastByte = buf[b - 1];
    this.pendingBytes += b - a;
    if (this.over) return;
    if (this.pendingBytes <= this.maxLine + 1) {
      this.pieces.push(copy ? Buffer.from(buf.subarray(a, b)) : buf.subarray(a, b));
      return;
    }
    // Past the limit: keep the line's first bytes only, from here on count the rest.
    this.over = true;
    this.pieces = [headOf([...this.pieces, buf.subarray(a, b)], this.keep)];
  }

  /** The incomplete line as a Line; `lf`: it ended with a line ending (a CR before it is not part of it). */
  private take(lf: boolean): Line {
    const total = this.pendingBytes;
    const bytes = lf && this.lastByte === CR ? total - 1 : total;
    const pieces = this.pieces;
    this.pieces = [];
    this.pendingBytes = 0;
    this.lastByte = -1;
    const wasOver = this.over;
    this.over = false;
    if (!wasOver && bytes <= this.maxLine) {
      const all = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, total);
      return { text: all.toString('utf8', 0, bytes), line: ++this.lineNo, bytes };
    }
    const head = headOf(pieces, Math.min(this.keep, bytes));
    // Cut at a character boundary: a partial UTF-8 sequence at the end is left out, not shown as U+FFFD.
    return { text: new StringDecoder('utf8').write(head), line: ++this.lineNo, bytes, oversized: true };
  }
}

/** The first `n` bytes of a list of pieces, as one new buffer. */
function headOf(pieces: readonly Buffer[], n: number): Buffer {
  const out = Buffer.allocUnsafe(n);
  let at = 0;
  for (const p of pieces) {
    if (at >= n) break;
    at += p.copy(out, at, 0, Math.min(p.length, n - at));
  }
  return at === n ? out : out.subarray(0, at);
}

/** Thin async wrapper: yields each line as soon as its line ending (or the end of input) arrives. */
export async function* splitLines(chunks: AsyncIterable<Chunk>, opts: SplitterOptions = {}): AsyncGenerator<Line> {
  const splitter = new LineSplitter(opts);
  for await (const chunk of chunks) {
    const out = splitter.push(chunk);
    for (let i = 0; i < out.length; i++) yield out[i];
  }
  yield* splitter.end();
}

/** True for an empty or whitespace-only line (readers skip these; they still count as lines). */
export function isBlank(text: string): boolean {
  if (text.length === 0) return true;
  const c = text.charCodeAt(0);
  if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0c && c !== 0x0b) return false;
  return BLANK.test(text);
}

const BLANK = /^[ \t\r\f\v]*$/;
