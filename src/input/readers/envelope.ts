// Envelope NDJSON reader: one JSON object per line wrapping a message (or a transport event) with metadata.
import type { Frame } from '../../types.js';
import { isPlainObject } from '../../util/own.js';
import {
  describe,
  DIR_KEYS,
  ENVELOPE_KEYS,
  envelopeToFrame,
  isBlankLineEnvelope,
  isEnvelope,
  isStderrEnvelope,
  SESSION_KEYS,
  TIME_KEYS,
} from './envelope-fields.js';
import { readLogLine, recordFrame, triesToBeMessage } from '../lines/line-kind.js';
import { nestedDeeper } from '../shared/depth.js';
import { isLogEvent, jsonLogLevel, namesCaptureField } from './json-log-line.js';
import { errorFrame, oversizedFrame, textFrame, tooDeepFrame, utf8Length, type LineReader } from '../lines/frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, type Line } from '../lines/lines.js';
import { isComment } from './transcript-syntax.js';
import { StderrRun } from '../lines/stderr-run.js';
import { ClockTimeline, envelopeTime } from '../shared/time.js';
import { wireRecord } from './wire-record.js';
import { envelopeDirection } from '../shared/direction.js';

/** Text that opens as an envelope: an object whose first member is one of an envelope's fields (a time, a direction …). */
const OPENS_AS_ENVELOPE = new RegExp(
  `^\\s*\\{\\s*"(?:${[...TIME_KEYS, ...DIR_KEYS, ...SESSION_KEYS, ...ENVELOPE_KEYS, 'http'].join('|')})"\\s*:`,
);

/**
 * Parses each non-blank line and maps it with the envelope field table. A line that is not JSON, or not a
 * JSON object, becomes an error frame holding the line, so nothing is lost (ARCHITECTURE.md principles 3 and 4). A bare
 * JSON-RPC message line (with `jsonrpc`, or `method`/`id`/`result`/`error` and no envelope key) is read as is.
 * A blank line, and an envelope of a blank wire line (`wrap` captures an empty line as `"line":""`), are skipped; a `#` comment line is skipped; a line of plain text (text-line.ts) is a log line: it is not inside an envelope, so it
 * was never on the wire; so is a JSON log line (json-log-line.ts), the server's stderr appended to a capture. The
 * server's stderr lines `wrap` records (`dir: "stderr"`) are log lines too, a run of them one record (stderr-run.ts).
 */
export class EnvelopeReader implements LineReader {
  private readonly clock: ClockTimeline;
  /** The run of the server's stderr lines being read: one log record; any other line ends it. */
  private readonly stderr: StderrRun;

  /**
   * `maxBytes`: the splitter's line limit, named in the finding of an oversized line; `clockOffset`: the days (ms) its
   * clock times start from (`ReadOptions.clockOffset`).
   */
  constructor(
    private readonly file: string,
    private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
    clockOffset = 0,
  ) {
    this.clock = new ClockTimeline(clockOffset);
    this.stderr = new StderrRun(maxBytes);
  }

  line(l: Line, out: Frame[]): void {
    const before = out.length;
    const stderr = this.read(l, out);
    if (stderr !== null) return this.stderr.add(stderr, l.bytes, out);
    const run = this.stderr.take();
    if (run !== null) out.splice(before, 0, run);
  }

  /** Reads one line into `out`, but for a line of the server's stderr: its frame is returned instead. */
  private read(l: Line, out: Frame[]): Frame | null {
    const at = { file: this.file, line: l.line, lines: 1 };
    if (l.oversized) {
      out.push(oversizedFrame(at, l.text, l.bytes, this.maxBytes));
      return null;
    }
    if (isBlank(l.text)) return null;
    // A comment is skipped; text in the file around the envelopes (not a wire line: those are inside them) is read by
    // the rule of line-kind.ts: a log line, unless it tries to be a message or carries one.
    const c = l.text.charCodeAt(0);
    if (c !== 0x7b /* { */ && c !== 0x5b /* [ */) {
      if (!isComment(l.text)) readLogLine(at, l.text, l.bytes, out);
      return null;
    }
    // Checked before parsing: the envelope's message would be re-serialised, which a deep value overflows.
    if (nestedDeeper(l.text)) {
      out.push(tooDeepFrame(at, l.text));
      return null;
    }
    // A wire line as `wrap` writes it: only the line's string is parsed (what the steps below make of such a record).
    const wire = wireRecord(l.text);
    if (wire !== null) {
      if (isBlank(wire.line)) return null;
      const ctx = { time: envelopeTime(wire.ts, this.clock), dir: envelopeDirection(wire.dir), session: null };
      out.push(textFrame(at, wire.line, utf8Length(wire.line), ctx));
      return null;
    }
    let obj: unknown;
    try {
      obj = JSON.parse(l.text);
    } catch (err) {
      // An envelope cut short fails as one; any other line is read by the rule of line-kind.ts (a message cut short is
      // a broken message, a printed object or a line of text a log line).
      if (OPENS_AS_ENVELOPE.test(l.text)) out.push(errorFrame(at, l.text, `not valid JSON: ${(err as Error).message}`));
      else readLogLine(at, l.text, l.bytes, out);
      return null;
    }
    if (!isPlainObject(obj)) {
      out.push(errorFrame(at, l.text, `not an envelope: the line is ${describe(obj)}, not a JSON object`));
      return null;
    }
    if (!isEnvelope(obj) || isLogEvent(obj)) {
      // A bare JSON-RPC message among envelopes: the line is its wire text. An object that names no field of a capture
      // is a JSON log record (a server's stderr, a library's log; structlog's, whose `event` is its text beside a level):
      // a message held in one of its fields is read from it, else it is a log line. One that names a direction or an
      // event is an envelope that fails (below).
      if (triesToBeMessage(obj)) {
        out.push(textFrame(at, l.text, l.bytes));
        return null;
      }
      if (!namesCaptureField(obj)) {
        out.push(recordFrame(at, obj, l.text));
        return null;
      }
    }
    if (isBlankLineEnvelope(obj)) return null;
    if (jsonLogLevel(obj) !== undefined) {
      out.push(recordFrame(at, obj, l.text));
      return null;
    }
    const frame = envelopeToFrame(obj, at, () => l.text, this.clock, l);
    if (isStderrEnvelope(obj)) return frame;
    out.push(frame);
    return null;
  }

  end(out: Frame[]): void {
    const run = this.stderr.take();
    if (run !== null) out.push(run);
  }
}
