// One block of a `curl --trace` or `--trace-ascii` transcript: its bytes rebuilt from its `OFFSET: ` lines.
import { Buffer } from 'node:buffer';

/** The block's bytes, in order, and the runs of them that the transcript does not hold (lines left out of a paste). */
type TracePart = { bytes: Buffer } | { missing: number };

/** `--trace` lines hold 16 bytes (hex, then the same as text); `--trace-ascii` lines up to 64 characters. */
const HEX_WIDTH = 16;
const ASCII_WIDTH = 64;
/** Field names that start an SSE line (WHATWG HTML §9.2.6), and a comment's colon. */
const SSE_FIELD = /^(?:data|event|id|retry)?:/;

/**
 * Collects a block's lines and rebuilds its bytes. `--trace` writes each byte in hex: exact. `--trace-ascii` writes
 * each byte as a character, `.` for any byte that is not printable ASCII (lib/curl_trace.c), and breaks a line at
 * CR LF, which it leaves out: the offsets tell where those were. In a data block, a `.` is read as the LF it most
 * likely was where a line of the body ends there: before CR LF, the block's end, another such LF, or an SSE field.
 * Other bytes written as `.` (UTF-8 beyond ASCII) stay `.`: `--trace` keeps them.
 */
export class TraceBlock {
  private lines: { offset: number; rest: string }[] = [];
  /** Bytes of the block already handed out (`take`): the lines held start there. */
  private done = 0;
  private isHex: boolean | null = null;

  constructor(
    readonly dir: 'c2s' | 's2c',
    readonly what: 'header' | 'data' | 'ssl',
    readonly size: number,
  ) {}

  /** A data line of the block; false when its offset does not follow (it is not the block's). */
  add(offset: number, rest: string): boolean {
    const last = this.lines.at(-1);
    if (offset >= this.size || offset < this.done || (last !== undefined && offset <= last.offset)) return false;
    this.lines.push({ offset, rest });
    this.isHex ??= hexLine(rest, Math.min(HEX_WIDTH, this.size - offset));
    return true;
  }

  /** How many lines are held: a long block is handed out in slices (`take`), so that it is never held whole. */
  get held(): number {
    return this.lines.length;
  }

  /** The bytes of every line held but the last (what follows a line decides how it ends), handed out. */
  take(): TracePart[] {
    if (this.lines.length < 2) return [];
    const next = this.lines.at(-1)!;
    const out = this.partsUpTo(this.lines.slice(0, -1), next.offset, next.rest);
    this.lines = [next];
    this.done = next.offset;
    return out;
  }

  /** The bytes of the lines held, to the block's end. */
  parts(): TracePart[] {
    if (this.lines.length === 0) return this.size > this.done ? [{ missing: this.size - this.done }] : [];
    return this.partsUpTo(this.lines, this.size, null);
  }

  /** The lines' bytes up to `end`; `follows`: the text at `end` (null: the block ends there). */
  private partsUpTo(lines: { offset: number; rest: string }[], end: number, follows: string | null): TracePart[] {
    return this.isHex ? this.hexParts(lines, end) : this.asciiParts(lines, end, follows);
  }

  private hexParts(lines: { offset: number; rest: string }[], end: number): TracePart[] {
    const out: TracePart[] = [];
    let at = this.done;
    for (const l of lines) {
      if (l.offset > at) out.push({ missing: l.offset - at });
      const k = Math.min(HEX_WIDTH, this.size - l.offset);
      const pairs = /^((?:[0-9a-f]{2} )*)/.exec(l.rest)![1]!.trim().split(' ').filter(Boolean).slice(0, k);
      out.push({ bytes: Buffer.from(pairs.join(''), 'hex') });
      at = l.offset + pairs.length;
    }
    if (end > at) out.push({ missing: end - at });
    return out;
  }

  private asciiParts(lines: { offset: number; rest: string }[], end: number, follows: string | null): TracePart[] {
    // Each line's text, and what followed it: CR LF, the spaces a paste trimmed, or bytes the transcript lost.
    const pieces: { text: string; after: string; lost: number }[] = [];
    if (lines[0]!.offset > this.done) pieces.push({ text: '', after: '', lost: lines[0]!.offset - this.done });
    for (const [i, l] of lines.entries()) {
      const next = i + 1 < lines.length ? lines[i + 1]!.offset : end;
      const text = l.rest.slice(0, Math.max(0, next - l.offset));
      const between = next - l.offset - text.length;
      if (between > ASCII_WIDTH + 2) pieces.push({ text, after: '', lost: between });
      else pieces.push({ text, after: between >= 2 ? ' '.repeat(between - 2) + '\r\n' : ' '.repeat(between), lost: 0 });
    }
    if (this.what === 'data') lineEnds(pieces, follows);
    const out: TracePart[] = [];
    let run = '';
    for (const p of pieces) {
      run += p.text + p.after;
      if (p.lost > 0) {
        if (run !== '') out.push({ bytes: Buffer.from(run, 'latin1') });
        out.push({ missing: p.lost });
        run = '';
      }
    }
    if (run !== '') out.push({ bytes: Buffer.from(run, 'latin1') });
    return out;
  }
}

/** Written by `--trace`: the line opens with as many hex pairs as it holds bytes. */
function hexLine(rest: string, k: number): boolean {
  return new RegExp(`^(?:[0-9a-f]{2} ){${k}}`).test(rest);
}

/**
 * Turns back into LF each `.` that ends a line of a body (see TraceBlock), from the end backwards. `next`: the text
 * after the pieces, null at the block's end.
 */
function lineEnds(pieces: { text: string; after: string; lost: number }[], next: string | null): void {
  // What follows the character being looked at: `\n` stands for any line end (CR LF, the block's end, an LF restored).
  let follows = next ?? '\n';
  for (let i = pieces.length - 1; i >= 0; i--) {
    const p = pieces[i]!;
    if (p.lost > 0) follows = '';
    else if (p.after !== '') follows = p.after.endsWith('\r\n') ? '\n' : p.after;
    let text = p.text;
    for (let j = text.length - 1; j >= 0; j--) {
      const rest = text.slice(j + 1) + follows;
      if (text[j] === '.' && (rest.startsWith('\n') || SSE_FIELD.test(rest)))
        text = `${text.slice(0, j)}\n${text.slice(j + 1)}`;
    }
    p.text = text;
    if (text !== '') follows = text;
  }
}
