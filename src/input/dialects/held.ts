// A summary message held back one line by the dialect engine: a fuller record of it, or its whole body, may follow.
//
// mcp-remote logs every message as a one-word summary (`[Local→Remote] tools/list`); with `--debug` it restates it as a
// record with the id, and it dumps the initialize request in full after its summary. Which line is the message is
// only known on the lines after it, so the engine keeps the frames of a holding dialect here and hands them on, in
// order, once nothing before them can change (Dialect.bodyAfterSummary, Marker.restates). At most one message is held,
// and only echo lines may queue behind it, so what waits here is bounded by a few records.
import type { Frame, MessageSummary } from '../../types.js';
import { logFrame, parsedTextFrame, type FrameContext, type Position } from '../frames.js';

export class HeldSummary {
  /** Frames read and not yet handed on: the held message at `at` and what came after it. */
  readonly pending: Frame[] = [];
  private at = -1;
  /** The held message's text as logged after the host's prefix: the log record's text if a fuller record restates it. */
  private text = '';

  get holding(): boolean {
    return this.at >= 0;
  }

  /**
   * A message just appended to `pending`: a summary is held; a record that restates the summary held (same direction,
   * same method, else same id) turns that one into a log record of its line.
   */
  message(frame: Frame, restates: boolean, text: string): void {
    if (restates && this.at >= 0) {
      const held = this.pending[this.at]!;
      if (sameMessage(held, frame)) this.pending[this.at] = logFrame(positionOf(held), null, this.text, { ...contextOf(held), dir: 'unknown' });
    }
    this.at = frame.summary !== undefined ? this.pending.length - 1 : -1;
    this.text = text;
  }

  /** Whether a body may be the held message's: nothing was read after it. */
  canTakeBody(): boolean {
    return this.at >= 0 && this.at === this.pending.length - 1;
  }

  /** The held message's whole body, read from the lines after it up to `end` (its last line): one record of them all. */
  body(json: string, end: number): void {
    const held = this.pending[this.at]!;
    this.pending[this.at] = parsedTextFrame({ file: held.file, line: held.line, lines: end - held.line + 1 }, json, contextOf(held));
    this.at = -1;
  }

  release(): void {
    this.at = -1;
  }

  /** Hands on every frame before the held message (all of them when none is held). */
  drain(out: Frame[]): void {
    const n = this.at < 0 ? this.pending.length : this.at;
    if (n === 0) return;
    for (let i = 0; i < n; i++) out.push(this.pending[i]!);
    this.pending.splice(0, n);
    if (this.at >= 0) this.at = 0;
  }
}

function sameMessage(a: Frame, b: Frame): boolean {
  return a.summary !== undefined && b.summary !== undefined && a.dir === b.dir && keyOf(a.summary) === keyOf(b.summary);
}

/** What a summary names its message by: the method of a call, else the id (`1` and `"1"` differ). */
function keyOf(s: MessageSummary): string {
  return s.method !== null ? `m ${s.method}` : `${typeof s.id} ${String(s.id)}`;
}

const positionOf = (f: Frame): Position => ({ file: f.file, line: f.line, lines: f.lines });

function contextOf(f: Frame): FrameContext {
  const ctx: FrameContext = { time: { ts: f.ts, tsMs: f.tsMs }, dir: f.dir, session: f.session };
  if (f.server !== undefined) ctx.server = f.server;
  return ctx;
}
