// Transcript reader: pcap-style text logs (docs/formats.md §3), single-line or pretty-printed records.
import type { Frame } from '../../types.js';
import { nestedDeeper } from '../shared/depth.js';
import {
  errorFrame,
  eventFrame,
  logFrame,
  normaliseEventName,
  oversizedFrame,
  parsedTextFrame,
  textFrame,
  tooDeepFrame,
  truncatedFrame,
  utf8Length,
  type FrameContext,
  type LineReader,
} from '../lines/frames.js';
import { findCutMark } from '../lines/cut-mark.js';
import { JsonExtent } from '../json/json-extent.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, OVERSIZED_KEEP_BYTES, type Line } from '../lines/lines.js';
import { isComment, isRecordStart, parseHeader, type TimeToken } from './transcript-syntax.js';
import { isTextLine } from '../lines/text-line.js';
import { BROKEN, carriedIn } from '../lines/carried.js';
import { carriedFrame, startsMessage, triesToBeMessageText } from '../lines/line-kind.js';
import { ClockTimeline, isoTime, NO_TIME, secondsTime, type TimeValue } from '../shared/time.js';

interface TranscriptLimits {
  /** Physical lines one record may span before it is cut off as unterminated (default 10,000). */
  maxLines?: number;
  /** UTF-8 bytes one record may span before it is cut off (`--max-message-bytes`, default 16 MiB). */
  maxBytes?: number;
  /** The days (ms) its clock times start from (`ReadOptions.clockOffset`). */
  clockOffset?: number;
}

/**
 * A record being read over several lines. `orphan` collects stray lines that belong to no record; `log` is a line with
 * a time and text but no marker, with the stray lines that follow it (a traceback).
 */
interface Pending {
  kind: 'message' | 'event' | 'orphan' | 'log';
  start: number;
  raw: string[];
  json: string[];
  bytes: number;
  blankTail: number;
  ctx: FrameContext;
  name: string;
  why: string;
  extent: JsonExtent;
}

const VALUE_START = /^[{[]/;
const SCALAR_START = /^(?:["\d-]|true\b|false\b|null\b)/;

/**
 * A pure state machine over lines. Single-line records are emitted when their line is read; a pretty-printed
 * value is emitted when its closing bracket arrives. A value that never closes is cut off when a line starts
 * a new record (a record header can never continue valid JSON), at end of input, or at the size limits, and
 * becomes an error frame holding its raw lines. Lines outside any record are kept as error frames, grouped.
 */
/** A line that opens a top-level JSON value: `{` or `[` in its first column. */
const OPENS_VALUE = /^[[{]/;

export class TranscriptReader implements LineReader {
  private readonly clock: ClockTimeline;
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private session: string | null = null;
  private p: Pending | null = null;

  constructor(
    private readonly file: string,
    limits: TranscriptLimits = {},
  ) {
    this.maxLines = limits.maxLines ?? 10_000;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.clock = new ClockTimeline(limits.clockOffset);
  }

  line(l: Line, out: Frame[]): void {
    if (l.oversized) {
      this.oversizedLine(l, out);
      return;
    }
    if (this.p && this.continueRecord(l, out)) return;
    this.startRecord(l, out);
  }

  end(out: Frame[]): void {
    const p = this.p;
    if (!p) return;
    if (p.kind === 'log') this.emitLog(out);
    else if (p.kind === 'orphan') this.cut(out, p.why);
    else if (p.json.length === 0) this.cut(out, 'a direction marker with no message after it');
    else this.cut(out, `unterminated JSON value at end of input (opened at line ${p.start})`);
  }

  /** Feeds a line to the open record; false when the line is not part of it (and must start a new one). */
  private continueRecord(l: Line, out: Frame[]): boolean {
    const p = this.p!;
    if (p.kind === 'log') return this.continueLog(l, out);
    if (p.kind !== 'orphan' && p.json.length === 0) {
      // A marker alone on its line: the value may start on the next line.
      const t = l.text.trimStart();
      if (!VALUE_START.test(t) || isRecordStart(t)) {
        this.cut(out, 'a direction marker with no message after it');
        return false;
      }
      this.append(l, t);
      return this.scan(t, out);
    }
    // An orphan (JSON with no marker) ends at a line that opens a new top-level value (`{` or `[` in its first column:
    // the lines inside a pretty-printed value are indented) or starts a message.
    if (
      isRecordStart(l.text) ||
      (p.kind === 'orphan' &&
        (isBlank(l.text) || isComment(l.text) || OPENS_VALUE.test(l.text) || startsMessage(l.text)))
    ) {
      this.cut(out, p.kind === 'orphan' ? p.why : `unterminated JSON value: line ${l.line} starts a new record`);
      return false;
    }
    this.append(l, l.text);
    return p.kind === 'orphan' ? this.checkLimits(out) : this.scan(l.text, out);
  }

  /**
   * A line over the splitter's limit (`--max-message-bytes`) is a record of its own: it ends the open record, and its
   * time and direction are read from the header at its start when there is one.
   */
  private oversizedLine(l: Line, out: Frame[]): void {
    if (this.p?.kind === 'log') this.emitLog(out);
    else if (this.p)
      this.cut(
        out,
        this.p.kind === 'orphan' ? this.p.why : `unterminated JSON value: line ${l.line} is over --max-message-bytes`,
      );
    const h = parseHeader(l.text);
    const ctx: FrameContext = {
      time: h ? this.time(h.time) : undefined,
      dir: h?.kind === 'message' ? h.dir : 'unknown',
      session: this.session,
    };
    out.push(oversizedFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes, this.maxBytes, 'line', ctx));
  }

  private startRecord(l: Line, out: Frame[]): void {
    const text = l.text;
    if (isBlank(text) || isComment(text)) return;
    const at = { file: this.file, line: l.line, lines: 1 };
    const h = parseHeader(text);
    let logText =
      h === null
        ? isTextLine(text)
          ? text
          : null
        : h.kind === 'time-only' && (h.rest === '' || isTextLine(h.rest))
          ? h.rest
          : null;
    // Without a direction marker: the text after the time, if any.
    const bare = h === null ? text : h.kind === 'time-only' ? h.rest : null;
    const carried = bare?.includes('"jsonrpc') ? carriedIn(bare) : null;
    if (carried !== null && (carried !== BROKEN || logText !== null)) {
      // A message inside the text (`SERVER >>> {…}`, `… unknown message ID: {…}`, a message alone with no marker): read
      // from it; text that names `"jsonrpc"` without a whole message tries to be one and fails.
      const ctx = { time: h === null ? undefined : this.time(h.time), session: this.session };
      out.push(carried === BROKEN ? textFrame(at, bare!, utf8Length(bare!), ctx) : carriedFrame(at, carried, ctx));
      return;
    }
    if (logText === null && bare !== null && bare !== '' && !triesToBeMessageText(bare)) logText = bare; // a printed object
    if (logText !== null) {
      // Text with a time, or none, but no marker: a line of the log that is no message (text-line.ts). JSON there is a
      // message without its marker, or a piece of one: an error, below.
      this.open('log', l, logText, { time: h === null ? undefined : this.time(h.time), session: this.session }, '', '');
      return;
    }
    if (h === null || h.kind === 'time-only') {
      const ctx = { time: h ? this.time(h.time) : undefined, session: this.session };
      const why = h ? 'no direction marker after the timestamp' : 'no timestamp or direction marker';
      this.open('orphan', l, text, ctx, '', why);
      this.checkLimits(out);
      return;
    }
    const ctx: FrameContext = { time: this.time(h.time), dir: 'unknown', session: this.session };
    if (h.kind === 'session') {
      this.session = h.id;
      ctx.session = h.id;
      out.push(eventFrame(at, { name: 'session', data: { id: h.id } }, ctx));
      return;
    }
    if (h.kind === 'event') {
      const name = normaliseEventName(h.name);
      if (h.rest === '') out.push(eventFrame(at, { name }, ctx));
      else if (h.rest.startsWith('{')) this.openValue('event', l, h.rest, ctx, name, out);
      else out.push(errorFrame(at, text, `event "${name}" data must be a JSON object`, ctx));
      return;
    }
    ctx.dir = h.dir;
    if (h.rest === '') this.open('message', l, text, ctx, '', '');
    else if (VALUE_START.test(h.rest)) this.openValue('message', l, h.rest, ctx, '', out);
    else if (SCALAR_START.test(h.rest)) out.push(textFrame(at, h.rest, utf8Length(h.rest), ctx));
    else out.push(errorFrame(at, text, 'no JSON message after the direction marker', ctx));
  }

  private open(kind: Pending['kind'], l: Line, raw: string, ctx: FrameContext, name: string, why: string): Pending {
    this.p = {
      kind,
      start: l.line,
      raw: [raw],
      json: [],
      bytes: l.bytes,
      blankTail: 0,
      ctx,
      name,
      why,
      extent: new JsonExtent(),
    };
    return this.p;
  }

  private openValue(
    kind: 'message' | 'event',
    l: Line,
    rest: string,
    ctx: FrameContext,
    name: string,
    out: Frame[],
  ): void {
    if (kind === 'message' && (this.wholeOnLine(l, rest, ctx, out) || this.cutOnLine(l, rest, ctx, out))) return;
    this.open(kind, l, l.text, ctx, name, '').json.push(rest);
    this.scan(rest, out);
  }

  /**
   * The usual record, a message whose JSON is complete on its line: parsed here at once, so that neither the bracket
   * scan nor the decode stage goes over it again. A line that does not parse whole (a pretty-printed value's first
   * line, trailing text) takes the general path. The nesting bound is checked first, as decode would.
   */
  private wholeOnLine(l: Line, rest: string, ctx: FrameContext, out: Frame[]): boolean {
    const last = rest.charCodeAt(rest.length - 1);
    if ((last !== 0x7d /* } */ && last !== 0x5d) /* ] */ || nestedDeeper(rest)) return false;
    let value: unknown;
    try {
      value = JSON.parse(rest);
    } catch {
      return false;
    }
    const frame = textFrame({ file: this.file, line: l.line, lines: 1 }, rest, utf8Length(rest), ctx);
    frame.value = value;
    out.push(frame);
    return true;
  }

  /**
   * A message a host log cut in the middle, pasted into a transcript (`{"jsonrpc":"2.0","id":1,"result":{…[5218 chars
   * truncated]...}`): it never parses and its brackets never balance, but what survives tells its kind, id and method.
   */
  private cutOnLine(l: Line, rest: string, ctx: FrameContext, out: Frame[]): boolean {
    const cut = findCutMark(rest);
    if (cut === null) return false;
    const bytes = utf8Length(rest.slice(0, cut.head)) + utf8Length(rest.slice(cut.tail)) + cut.cut;
    out.push(truncatedFrame({ file: this.file, line: l.line, lines: 1 }, rest, cut, bytes, ctx));
    return true;
  }

  private append(l: Line, json: string): void {
    const p = this.p!;
    p.raw.push(l.text);
    p.json.push(json);
    p.bytes += l.bytes + 1;
    p.blankTail = isBlank(l.text) ? p.blankTail + 1 : 0;
  }

  /** Scans the newest part of the value; emits the record when it closes. Always consumes the line. */
  private scan(part: string, out: Frame[]): boolean {
    if (this.p!.extent.scan(part) >= 0) this.complete(out);
    else this.checkLimits(out);
    return true;
  }

  private checkLimits(out: Frame[]): boolean {
    const p = this.p!;
    if (p.raw.length < this.maxLines && p.bytes < this.maxBytes) return true;
    if (p.bytes >= this.maxBytes) {
      // Over --max-message-bytes: the record keeps its start only; the lines that follow, up to the next record,
      // are grouped as stray lines.
      this.p = null;
      const head = headOfLines(p.raw, OVERSIZED_KEEP_BYTES);
      out.push(
        oversizedFrame(
          { file: this.file, line: p.start, lines: p.raw.length },
          head,
          p.bytes,
          this.maxBytes,
          `record of ${p.raw.length} lines`,
          p.ctx,
        ),
      );
      return true;
    }
    // Cut off here; the lines that follow, up to the next record, are grouped as stray lines.
    const limit = `${this.maxLines} lines / ${this.maxBytes} bytes`;
    this.cut(
      out,
      p.kind === 'orphan' ? p.why : `JSON value not closed within ${limit}; reading resumes at the next record`,
    );
    return true;
  }

  private complete(out: Frame[]): void {
    const p = this.p!;
    this.p = null;
    const at = { file: this.file, line: p.start, lines: p.raw.length };
    const text = p.json.join('\n');
    if (p.kind === 'message') {
      out.push(p.raw.length === 1 ? textFrame(at, text, utf8Length(text), p.ctx) : parsedTextFrame(at, text, p.ctx));
      return;
    }
    if (nestedDeeper(text)) {
      out.push(tooDeepFrame(at, p.raw.join('\n'), p.ctx));
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      out.push(
        errorFrame(at, p.raw.join('\n'), `event "${p.name}" data is not valid JSON: ${(err as Error).message}`, p.ctx),
      );
      return;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      out.push(errorFrame(at, p.raw.join('\n'), `event "${p.name}" data must be a JSON object`, p.ctx));
      return;
    }
    out.push(eventFrame(at, { name: p.name, data: data as Record<string, unknown> }, p.ctx));
  }

  /**
   * A line after a log line: a stray line (no time, marker, event or session break) continues it, like the lines of a
   * traceback; anything else ends it. A log over the line or byte limits is emitted and goes on as a new one.
   */
  private continueLog(l: Line, out: Frame[]): boolean {
    if (isBlank(l.text) || isComment(l.text) || parseHeader(l.text) !== null || startsMessage(l.text)) {
      this.emitLog(out);
      return false;
    }
    const p = this.p!;
    if (p.raw.length >= this.maxLines || p.bytes >= this.maxBytes) {
      this.emitLog(out);
      this.open('log', l, l.text, p.ctx, '', '');
      return true;
    }
    p.raw.push(l.text);
    p.bytes += l.bytes + 1;
    return true;
  }

  /** Emits the open log record: its lines' text (the first without its time) joined with `\n`. */
  private emitLog(out: Frame[]): void {
    const p = this.p!;
    this.p = null;
    out.push(logFrame({ file: this.file, line: p.start, lines: p.raw.length }, null, p.raw.join('\n'), p.ctx));
  }

  /** Ends the open record as an error frame; trailing blank lines are left out (they are skipped lines). */
  private cut(out: Frame[], why: string): void {
    const p = this.p!;
    this.p = null;
    const raw = p.blankTail > 0 ? p.raw.slice(0, p.raw.length - p.blankTail) : p.raw;
    out.push(errorFrame({ file: this.file, line: p.start, lines: raw.length }, raw.join('\n'), why, p.ctx));
  }

  private time(t: TimeToken | null): TimeValue {
    if (t === null) return NO_TIME;
    if (t.kind === 'iso') return isoTime(t.text);
    if (t.kind === 'clock') return this.clock.read(t.text) ?? NO_TIME;
    return secondsTime(Number(t.text));
  }
}

/** The first `max` characters of lines joined with `\n` (a surrogate pair is not split). */
function headOfLines(lines: readonly string[], max: number): string {
  let s = '';
  for (let i = 0; i < lines.length && s.length < max; i++) s += (i === 0 ? '' : '\n') + lines[i];
  if (s.length <= max) return s;
  const cut = s.charCodeAt(max - 1) >= 0xd800 && s.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return s.slice(0, cut);
}
