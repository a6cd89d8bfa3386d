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
  private readonly lines: { offset: number; rest: string }[] = [];

  constructor(readonly dir: 'c2s' | 's2c', readonly what: 'header' | 'data' | 'ssl', readonly size: number) {}

  /** A data line of the block; false when its offset does not follow (it is not the block's). */
  add(offset: number, rest: string): boolean {
    const last = this.lines.at(-1);
    if (offset >= this.size || (last !== undefined && offset <= last.offset)) return false;
    this.lines.push({ offset, rest });
    return true;
  }

  parts(): TracePart[] {
    if (this.lines.length === 0) return this.size > 0 ? [{ missing: this.size }] : [];
    return this.hex() ? this.hexParts() : this.asciiParts();
  }

  /** Written by `--trace`: every line opens with as many hex pairs as it holds bytes. */
  private hex(): boolean {
    const first = this.lines[0]!;
    const k = Math.min(HEX_WIDTH, this.size - first.offset);
    return new RegExp(`^(?:[0-9a-f]{2} ){${k}}`).test(first.rest);
  }

  private hexParts(): TracePart[] {
    const out: TracePart[] = [];
    let at = 0;
    for (const l of this.lines) {
      if (l.offset > at) out.push({ missing: l.offset - at });
      const k = Math.min(HEX_WIDTH, this.size - l.offset);
      const pairs = /^((?:[0-9a-f]{2} )*)/.exec(l.rest)![1]!.trim().split(' ').slice(0, k);
      out.push({ bytes: Buffer.from(pairs.join(''), 'hex') });
      at = l.offset + pairs.length;
    }
    if (this.size > at) out.push({ missing: this.size - at });
    return out;
  }

  private asciiParts(): TracePart[] {
    // Each line's text, and what followed it: CR LF, the spaces a paste trimmed, or bytes the transcript lost.
    const pieces: { text: string; after: string; lost: number }[] = [];
    if (this.lines[0]!.offset > 0) pieces.push({ text: '', after: '', lost: this.lines[0]!.offset });
    for (const [i, l] of this.lines.entries()) {
      const next = i + 1 < this.lines.length ? this.lines[i + 1]!.offset : this.size;
      const text = l.rest.slice(0, Math.max(0, next - l.offset));
      const between = next - l.offset - text.length;
      if (between > ASCII_WIDTH + 2) pieces.push({ text, after: '', lost: between });
      else pieces.push({ text, after: between >= 2 ? ' '.repeat(between - 2) + '\r\n' : ' '.repeat(between), lost: 0 });
    }
    if (this.what === 'data') lineEnds(pieces);
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

/** Turns back into LF each `.` that ends a line of a body (see TraceBlock), from the block's end backwards. */
function lineEnds(pieces: { text: string; after: string; lost: number }[]): void {
  // What follows the character being looked at: `\n` stands for any line end (CR LF, the block's end, an LF restored).
  let follows = '\n';
  for (let i = pieces.length - 1; i >= 0; i--) {
    const p = pieces[i]!;
    if (p.lost > 0) follows = '';
    else if (p.after !== '') follows = p.after.endsWith('\r\n') ? '\n' : p.after;
    let text = p.text;
    for (let j = text.length - 1; j >= 0; j--) {
      const rest = text.slice(j + 1) + follows;
      if (text[j] === '.' && (rest.startsWith('\n') || SSE_FIELD.test(rest))) text = `${text.slice(0, j)}\n${text.slice(j + 1)}`;
    }
    p.text = text;
    if (text !== '') follows = text;
  }
}
