// A run of the server's stderr lines in a capture (`dir: "stderr"` records one after another) read as one log record.
import type { Frame, LogLine } from '../../types.js';

/** Lines one run may span, as a host log's run of stderr lines (dialects/engine.ts). */
const MAX_RUN_LINES = 10_000;

/**
 * Joins the log frames of consecutive stderr records into one, as a host log's run of stderr lines is one record, so a
 * traceback is one record with its exception. A line that does not follow the run's last (another record between),
 * and the bounds (lines, `maxBytes`), start a new run; the reader ends a run at any other line (`take`).
 */
export class StderrRun {
  private run: { frame: Frame; log: LogLine; lines: string[]; bytes: number } | null = null;

  constructor(private readonly maxBytes: number) {}

  /** A stderr line's log frame (`bytes`: its record's size): the next line of the run, or the first of a new one. */
  add(f: Frame, bytes: number, out: Frame[]): void {
    const r = this.run;
    if (
      r !== null &&
      f.line === r.frame.line + r.frame.lines &&
      r.lines.length < MAX_RUN_LINES &&
      r.bytes + bytes <= this.maxBytes
    ) {
      r.lines.push(f.log!.text);
      r.frame.lines += f.lines;
      r.bytes += bytes;
      return;
    }
    const done = this.take();
    if (done !== null) out.push(done);
    this.run = { frame: f, log: f.log!, lines: [f.log!.text], bytes };
  }

  /** The run's log record, all its lines joined, and the run is over; null when none is open. */
  take(): Frame | null {
    const r = this.run;
    if (r === null) return null;
    this.run = null;
    r.log.text = r.lines.join('\n');
    return r.frame;
  }
}
