// `wrap --live`: the capture's records annotated in-process as they happen, printed as the text transcript.
import { Buffer } from 'node:buffer';
import { Analyzer, type AnalysisSummary, type InputAnalysis } from '../analyzer.js';
import { envelopeToFrame, isBlankLineEnvelope } from '../input/readers/envelope-fields.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../input/lines/lines.js';
import { StderrRun } from '../input/lines/stderr-run.js';
import { ClockTimeline } from '../input/shared/time.js';
import type { Palette } from '../output/color.js';
import { TextTranscript } from '../output/transcript.js';
import type { Frame, PipelineRecord } from '../types.js';
import type { LineText } from './capture-record.js';
import type { CapturedLine } from './line-capture.js';

/** Told the records as they are annotated, with the analyzer's state as of them, and the summary at the end (`wrap --otlp-endpoint`). */
export interface RecordListener {
  records(records: readonly PipelineRecord[], analyzer: Analyzer): void;
  end(summary: AnalysisSummary): void;
}

/** Where the transcript goes: stderr or a file. */
export interface TextOut {
  write(text: string): void;
  /** No more text: say what could not be written, if anything. */
  end?(): void;
}

/**
 * Each record is turned into the frame the envelope reader would make of it in the capture file, so the
 * live view is what `mcptrace annotate FILE` prints afterwards: same sessions, pairing, phases, findings,
 * and `source` is the record's line in the capture (counted from this run's `start`). Only a line cut by
 * the cap differs: it is reported as cut (invalid-frame) instead of as text that is not JSON.
 */
export class LiveAnnotator {
  private readonly analyzer = new Analyzer();
  private readonly input: InputAnalysis;
  private readonly clock = new ClockTimeline();
  /** The server's stderr lines, a run of them one log record as the capture's reader makes it. */
  private readonly stderr = new StderrRun(DEFAULT_MAX_MESSAGE_BYTES);
  private readonly transcript: TextTranscript;

  /**
   * `out`: null when no transcript is printed (only `listener` wants the records); `width`: the transcript's columns,
   * or how to read them at each record (a terminal).
   */
  constructor(
    private readonly out: TextOut | null,
    palette: Palette,
    private readonly file: string,
    width: number | (() => number),
    private readonly listener?: RecordListener,
  ) {
    this.transcript = new TextTranscript(palette, { width });
    this.input = this.analyzer.input(file);
    // The records are those of the capture, which is read as envelope NDJSON.
    this.input.setFormat('envelope');
  }

  /** Line `n` of the capture is this wire line. */
  line(n: number, line: CapturedLine, text: LineText): void {
    const at = { file: this.file, line: n, lines: 1 };
    const decoded = Buffer.concat(text.chunks).toString('utf8');
    // The record as the capture file has it, read as the envelope reader reads it.
    const envelope: Record<string, unknown> = { ts: line.ts, dir: line.dir, line: decoded };
    if (line.partial) envelope.partial = true;
    if (line.truncated) {
      envelope.truncated = true;
      envelope.bytes = line.size;
    }
    // An empty line the server or client printed: no message (the reader of the capture skips it too, and ends a run
    // of stderr lines there).
    if (isBlankLineEnvelope(envelope)) return this.endRun();
    const frame = envelopeToFrame(envelope, at, () => JSON.stringify(envelope), this.clock);
    if (line.dir !== 'stderr') return this.push(frame);
    // A line of the server's stderr: one log record with the lines after it, shown when the run ends.
    const done: Frame[] = [];
    this.stderr.add(frame, line.kept, done);
    for (const f of done) this.print(this.input.push(f));
  }

  /** Line `n` of the capture is this transport event. */
  event(n: number, ts: string, name: string, data: Record<string, unknown> = {}): void {
    this.record(n, { ts, event: name, ...data });
  }

  /** Line `n` of the capture is this envelope record (an HTTP proxy's: a message with its `http`, or an event). */
  record(n: number, envelope: Record<string, unknown>): void {
    this.push(
      envelopeToFrame(envelope, { file: this.file, line: n, lines: 1 }, () => JSON.stringify(envelope), this.clock),
    );
  }

  /** The session is over: requests never answered are listed, as `annotate` does at end of input. */
  end(): void {
    this.endRun();
    this.input.end();
    const summary = this.analyzer.summary();
    this.listener?.end(summary);
    if (this.out === null) return;
    const footer = this.transcript.end(summary.open);
    if (footer) this.out.write(footer);
    this.out.end?.();
  }

  /** A record that is no stderr line: the run of stderr lines before it is over. */
  private push(frame: Frame): void {
    this.endRun();
    this.print(this.input.push(frame));
  }

  private endRun(): void {
    const run = this.stderr.take();
    if (run !== null) this.print(this.input.push(run));
  }

  private print(records: PipelineRecord[]): void {
    this.listener?.records(records, this.analyzer);
    if (this.out === null) return;
    let s = '';
    for (const r of records) s += this.transcript.record(r, this.analyzer.session(r.session));
    if (s !== '') this.out.write(s);
  }
}
