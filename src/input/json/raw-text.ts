// Raw text of a JSON document for error frames: the element being read, and the unread rest after an error.
import type { Frame } from '../../types.js';
import { errorFrame } from '../lines/frames.js';
import { isBlank } from '../lines/lines.js';

/** Text of one line kept for error reports before it is dropped (see trimLongLine). */
const LONG_LINE_LIMIT = 1024 * 1024;

export class RawText {
  private lines: string[] = [];
  private cur: string[] = [];
  private size = 0;
  private start = 1;
  /** After a syntax error: 'first' until the error's line ends, then 'rest'. */
  private phase: 'ok' | 'first' | 'rest' = 'ok';
  private message = '';
  private errLine = 0;

  constructor(
    private readonly file: string,
    private readonly maxLines: number,
    private readonly maxBytes: number,
  ) {}

  /** A decoded piece of the current line (ending with its `\n` when the line ends). */
  add(text: string): void {
    if (this.size >= this.maxBytes && this.phase === 'ok') return; // an element this large is reported truncated
    this.cur.push(text);
    this.size += text.length;
  }

  /** Nothing is being read: lines kept so far belong to finished elements and can go. */
  settle(line: number): void {
    if (this.lines.length > 0) {
      this.lines = [];
      this.size = this.curSize();
      this.start = line;
    }
  }

  /**
   * Bounds memory on very long lines (a one-line document): when the kept text passes 1 MiB, it is dropped
   * and true is returned, so the caller releases the elements it holds for this line. An error
   * later on this line then holds only the text read after this point.
   */
  trimLongLine(line: number): boolean {
    if (this.phase !== 'ok' || this.size <= LONG_LINE_LIMIT) return false;
    this.lines = [];
    this.cur = [];
    this.size = 0;
    this.start = line;
    return true;
  }

  /** The current line `line` has ended. `idle`: no element is being read, so its text can go. */
  newline(line: number, idle: boolean, out: Frame[]): void {
    this.lines.push(this.takeLine());
    if (this.phase === 'first') {
      out.push(this.frame(this.message));
      this.phase = 'rest';
      this.lines = [];
      this.size = 0;
      this.start = line + 1;
      return;
    }
    if (this.phase === 'rest') {
      if (this.lines.length >= this.maxLines || this.size >= this.maxBytes) this.flushRest(out);
      return;
    }
    if (idle) {
      this.lines = [];
      this.size = 0;
      this.start = line + 1;
    }
  }

  /** A syntax error on line `errLine`: from now on everything read is raw text. */
  fail(message: string, errLine: number): void {
    this.phase = 'first';
    this.message = message;
    this.errLine = errLine;
  }

  /** An error found at end of input: the frame holds what was kept of the unfinished element. */
  failure(message: string, line: number): Frame {
    if (this.cur.length > 0) this.lines.push(this.takeLine());
    const text = this.trimmed();
    if (text === null) return errorFrame({ file: this.file, line, lines: 0 }, '', message);
    return errorFrame(
      { file: this.file, line: this.start + text.lead, lines: text.lines.length },
      text.lines.join('\n'),
      message,
    );
  }

  /** End of input in error mode: the error frame, or the last group of unread lines. */
  end(out: Frame[]): void {
    if (this.phase === 'ok') return;
    if (this.cur.length > 0) this.lines.push(this.takeLine());
    if (this.phase === 'first') out.push(this.frame(this.message));
    else this.flushRest(out);
  }

  private flushRest(out: Frame[]): void {
    const text = this.trimmed();
    const first = this.start;
    this.start += this.lines.length;
    this.lines = [];
    this.size = 0;
    if (text === null) return;
    out.push(
      errorFrame(
        { file: this.file, line: first + text.lead, lines: text.lines.length },
        text.lines.join('\n'),
        `not read: follows the JSON syntax error at line ${this.errLine}`,
      ),
    );
  }

  private frame(message: string): Frame {
    return errorFrame({ file: this.file, line: this.start, lines: this.lines.length }, this.lines.join('\n'), message);
  }

  /** Kept lines without leading and trailing blank lines; null when all are blank. */
  private trimmed(): { lines: string[]; lead: number } | null {
    let a = 0;
    let b = this.lines.length;
    while (a < b && isBlank(this.lines[a])) a++;
    while (b > a && isBlank(this.lines[b - 1])) b--;
    return a === b ? null : { lines: this.lines.slice(a, b), lead: a };
  }

  private takeLine(): string {
    let s = this.cur.length === 1 ? this.cur[0] : this.cur.join('');
    this.cur = [];
    if (s.endsWith('\n')) s = s.slice(0, s.endsWith('\r\n') ? -2 : -1);
    return s;
  }

  private curSize(): number {
    let n = 0;
    for (const s of this.cur) n += s.length;
    return n;
  }
}
