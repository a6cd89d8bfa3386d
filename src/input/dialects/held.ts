// A message held back one line by the dialect engine: a record restating it, or its whole body, may follow.
//
// Some hosts log a message twice: mcp-remote as a one-word summary (`[Local→Remote] tools/list`), then with `--debug`
// as a record with the id, and the initialize request in full after its summary; the Python SDK's server as a repr of
// what it sends, then as the bytes of the SSE chunk. Which line is the message is only known on the lines after it,
// so the engine keeps the frames of such a dialect here and hands them on, in order, once nothing before them can
// change (Marker.restates, Dialect.bodyAfterSummary). At most one message is held, and only echo lines may queue
// behind it, so what waits here is bounded by a few records.
import type { Frame } from '../../types.js';
import { logFrame, parsedTextFrame, type FrameContext, type Position } from '../lines/frames.js';
import { markerOf } from './grammar.js';
import type { Dialect, Marker } from './types.js';

export class HeldMessage {
  /** Frames read and not yet handed on: the held message at `at` and what came after it. */
  readonly pending: Frame[] = [];
  private at = -1;
  /** The held message's line as logged after the host's prefix, and its level: its log record if a record restates it. */
  private text = '';
  private level: string | null = null;

  /** The keeper a dialect needs: null when no marker restates and no body follows a summary (nothing is held). */
  static of(d: Dialect): HeldMessage | null {
    return d.bodyAfterSummary !== undefined || d.markers.some((m) => m.restates) ? new HeldMessage(d) : null;
  }

  private constructor(private readonly d: Dialect) {}

  get holding(): boolean {
    return this.at >= 0;
  }

  /**
   * A message of `marker` just appended to `pending`. A record that restates the message held (the same one) turns
   * that one into a log record of its line. The message is then held itself when a later record may restate it (it
   * is not a restating record) or its body may follow (a summary, Dialect.bodyAfterSummary); a framing error never is.
   */
  message(frame: Frame, marker: Marker, text: string, level: string | null): void {
    if (marker.restates === true && this.at >= 0) {
      const held = this.pending[this.at]!;
      if (sameMessage(held, frame))
        this.pending[this.at] = logFrame(positionOf(held), this.level, this.text, {
          ...contextOf(held),
          dir: 'unknown',
        });
    }
    const hold =
      frame.error === undefined &&
      (marker.restates !== true || (this.d.bodyAfterSummary !== undefined && frame.summary !== undefined));
    this.at = hold ? this.pending.length - 1 : -1;
    this.text = text;
    this.level = level;
  }

  /**
   * Whether the message held waits through a host line of this text (`free`: no record is being read): a record that
   * may restate it, or its body.
   */
  waitsFor(text: string, free: boolean): boolean {
    return markerOf(this.d, text)?.marker.restates === true || (free && this.opensBody(text));
  }

  /**
   * Whether a host line of this text, read when no record is, opens the body of the summary message held
   * (Dialect.bodyAfterSummary): nothing was read after that message.
   */
  opensBody(text: string): boolean {
    const opens = this.d.bodyAfterSummary;
    if (opens === undefined || this.at < 0 || this.at !== this.pending.length - 1) return false;
    return this.pending[this.at]!.summary !== undefined && opens.test(text);
  }

  /** The held message's whole body, read from the lines after it up to `end` (its last line): one record of them all. */
  body(json: string, end: number): void {
    const held = this.pending[this.at]!;
    this.pending[this.at] = parsedTextFrame(
      { file: held.file, line: held.line, lines: end - held.line + 1 },
      json,
      contextOf(held),
    );
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

/** The same message, as far as both records tell: the same direction, and the same method, else the same id. */
export function sameMessage(a: Frame, b: Frame): boolean {
  if (a.dir !== b.dir) return false;
  const ka = keyOf(a);
  const kb = keyOf(b);
  return ka === undefined || kb === undefined || ka === kb;
}

/** What a record names its message by: the method of a call, else the id (`1` and `"1"` differ); undefined: nothing. */
function keyOf(f: Frame): string | undefined {
  let method: unknown;
  let id: unknown;
  if (f.summary !== undefined) ({ method, id } = f.summary);
  else if (f.value !== null && typeof f.value === 'object' && !Array.isArray(f.value))
    ({ method, id } = f.value as { method?: unknown; id?: unknown });
  else return undefined;
  if (typeof method === 'string') return `m ${method}`;
  return id === undefined ? undefined : `${typeof id} ${String(id)}`;
}

export const positionOf = (f: Frame): Position => ({ file: f.file, line: f.line, lines: f.lines });

export function contextOf(f: Frame): FrameContext {
  const ctx: FrameContext = { time: { ts: f.ts, tsMs: f.tsMs }, dir: f.dir, session: f.session };
  if (f.server !== undefined) ctx.server = f.server;
  return ctx;
}
