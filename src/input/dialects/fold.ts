// Records a console logger wrapped at a fixed width (rich's log handler), read back as one line each (Dialect.wrapIndent).
//
// rich prints a record as a table row: time cell, level cell, a message cell, the source `file.py:LINE` on the right;
// a message wider than its cell goes on over lines that start with spaces up to the cell and are padded to the width.
// The engine reads the record as one line whose text is the message rebuilt from its cells.
import type { Line } from '../lines/lines.js';
import { matchHostLine, type HostMatch } from './grammar.js';
import type { Dialect } from './types.js';

/** A line as the engine reads it: a physical line, or a wrapped record rebuilt from its physical lines. */
export interface DialectLine extends Line {
  /** The physical lines it stands for (1 when absent). */
  span?: number;
  /** Its host-line reading, the text rebuilt (a wrapped record's first line read once). */
  host?: HostMatch;
  /** Rebuilt across wrap points where the console may have dropped more than one space: its text may differ. */
  inexact?: true;
}

/** A record being read over several physical lines: its first line, that line's reading, and its pieces so far. */
export interface LineGroup {
  first: Line;
  host: HostMatch;
  raw: string[];
  pieces: string[];
  bytes: number;
}

/** A wrapped record being read: its pieces are its cells. */
interface Wrapped extends LineGroup {
  width: number;
}

/** Groups a `cell` host line and the lines that continue its cell; every other line passes through as it is. */
export class Folder {
  private r: Wrapped | null = null;
  private grammar = 0;

  constructor(
    private readonly d: Dialect,
    private readonly indent: number,
    private readonly maxLines: number,
    private readonly maxBytes: number,
  ) {}

  push(l: Line, out: DialectLine[]): void {
    const r = this.r;
    if (
      r !== null &&
      !l.oversized &&
      this.continues(l.text) &&
      r.raw.length < this.maxLines &&
      r.bytes < this.maxBytes
    ) {
      r.raw.push(l.text);
      r.bytes += l.bytes + 1;
      r.pieces.push(l.text.slice(this.indent, this.indent + r.width).trimEnd());
      return;
    }
    this.flush(out);
    const h = l.oversized ? null : matchHostLine(this.d, l.text, this.grammar);
    if (h !== null) this.grammar = h.grammar;
    if (h?.cell === undefined) out.push(h === null ? l : { ...l, host: h });
    else this.r = { first: l, host: h, width: h.cell, raw: [l.text], pieces: [h.text], bytes: l.bytes };
  }

  end(out: DialectLine[]): void {
    this.flush(out);
  }

  private continues(text: string): boolean {
    if (text.length < this.indent) return false;
    for (let i = 0; i < this.indent; i++) if (text.charCodeAt(i) !== 0x20) return false;
    return true;
  }

  /**
   * The record read as one line: a piece that filled its cell was a word rich folded (joined as is), a shorter one
   * ended where rich wrapped at a space and dropped it (joined with one space back).
   */
  private flush(out: DialectLine[]): void {
    const r = this.r;
    if (r === null) return;
    this.r = null;
    if (r.raw.length === 1) {
      out.push({ ...r.first, host: r.host });
      return;
    }
    let text = r.pieces[0]!;
    let spaced = false;
    for (let i = 1; i < r.pieces.length; i++) {
      if (r.pieces[i - 1]!.length < r.width) {
        text += ' ';
        spaced = true;
      }
      text += r.pieces[i];
    }
    const line: DialectLine = {
      text: r.raw.join('\n'),
      line: r.first.line,
      bytes: r.bytes,
      span: r.raw.length,
      host: { ...r.host, text },
    };
    // One space put back where the text elsewhere has runs of them: how many were dropped is not known.
    if (spaced && text.includes('  ')) line.inexact = true;
    out.push(line);
  }
}
