// The dialect engine: one pure state machine over lines that reads any text-log dialect (dialects/*.ts) into frames.
//
// A host line (a line its grammar reads: time, level, server, text) is a message when a marker states its direction,
// an event when its text is one of the dialect's event lines, else a log record. A line without the host's prefix is
// the server's stderr or the rest of the record above (Dialect.unprefixed). Every non-blank line ends up in exactly
// one record; groups of lines are bounded (lines and bytes) like the transcript reader's records, so memory never
// grows with the file.
import type { Frame } from '../../types.js';
import {
  eventFrame,
  logFrame,
  oversizedFrame,
  truncatedFrame,
  valueFrame,
  type FrameContext,
  type LineReader,
  type Position,
} from '../lines/frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, type Line } from '../lines/lines.js';
import { logTime, NO_TIME, type TimeValue } from '../shared/time.js';
import { bodyEnd, bodyStart, extentOf, formOf } from './bodies.js';
import { BROKEN, carriedIn } from '../lines/carried.js';
import { carriedFrame } from '../lines/line-kind.js';
import { Echoes } from './echoes.js';
import { Folder, type DialectLine } from './fold.js';
import {
  blockOf,
  cleanLine,
  eventOf,
  markerOf,
  matchHostLine,
  namesOf,
  stripSuffix,
  type HostMatch,
  type MarkerMatch,
} from './grammar.js';
import {
  appendLine,
  groupAt,
  logGroupFrame,
  openGroup,
  oversizedBodyFrame,
  unclosedBodyFrame,
  type Group,
} from './group.js';
import { HeldMessage } from './held.js';
import { IndentedEntries } from './indented.js';
import { Owner } from './owner.js';
import { LoggingProcess } from './process.js';
import { RepeatedMessage } from './repeats.js';
import { ResultIds } from './result-ids.js';
import type { Dialect, Marker } from './types.js';

interface DialectLimits {
  /** Physical lines one group (a dump, a stderr run, a pretty-printed body) may span (default 10,000). */
  maxLines?: number;
  /** UTF-8 bytes one group may span (`--max-message-bytes`, default 16 MiB). */
  maxBytes?: number;
}

const NO_BODY = 'a message marker with no message after it';

export class DialectReader implements LineReader {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private g: Group | null = null;
  /** The grammar the last host line matched: tried first on the next one. */
  private grammar = 0;
  private readonly owner = new Owner();
  /** The last time a host line had (Dialect.lines `again`). */
  private time: TimeValue = NO_TIME;
  private readonly process: LoggingProcess;
  private readonly echoes: Echoes | null;
  /** Dialects whose messages may be restated, or followed by their body, hold them here; null for the others. */
  private readonly held: HeldMessage | null;
  /** Dialects with a marker that repeats another's message keep the last message read here; null for the others. */
  private readonly repeated: RepeatedMessage | null;
  /** Dialects that log a response as its result alone keep the ids it may answer here; null for the others. */
  private readonly results: ResultIds | null;
  /** Groups physical lines into the lines the dialect reads (wrapped records, indented entries); null: none. */
  private readonly folder: Folder | IndentedEntries | null;
  private readonly folded: DialectLine[] = [];

  constructor(
    private readonly d: Dialect,
    private readonly file: string,
    limits: DialectLimits = {},
  ) {
    this.maxLines = limits.maxLines ?? 10_000;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.folder =
      d.wrapIndent !== undefined
        ? new Folder(d, d.wrapIndent, this.maxLines, this.maxBytes)
        : d.entryIndent !== undefined
          ? new IndentedEntries(d, d.entryIndent, this.maxLines, this.maxBytes)
          : null;
    this.process = new LoggingProcess(d);
    this.echoes = Echoes.of(d);
    this.held = HeldMessage.of(d);
    this.repeated = RepeatedMessage.of(d);
    this.results = ResultIds.of(d);
  }

  line(raw: Line, out: Frame[]): void {
    const l = this.d.ansi === true && raw.text.includes('\x1b') ? { ...raw, text: cleanLine(this.d, raw.text) } : raw;
    if (this.folder === null) {
      this.step(l, out);
      return;
    }
    this.folder.push(l, this.folded);
    for (const x of this.folded) this.step(x, out);
    this.folded.length = 0;
  }

  end(out: Frame[]): void {
    if (this.folder !== null) {
      this.folder.end(this.folded);
      for (const x of this.folded) this.step(x, out);
      this.folded.length = 0;
    }
    if (this.held === null) return this.flush(out);
    this.flush(this.held.pending);
    this.held.release();
    this.held.drain(out);
  }

  /** One line (a physical line, or a wrapped record read as one: fold.ts), past the message held if any. */
  private step(l: DialectLine, out: Frame[]): void {
    const held = this.held;
    if (held === null) return this.read(l, out);
    if (held.holding && !this.waits(l)) held.release();
    this.read(l, held.pending);
    held.drain(out);
  }

  private read(l: DialectLine, out: Frame[]): void {
    if (l.oversized) {
      this.flush(out);
      this.oversizedLine(l, out);
      return;
    }
    const g = this.g;
    if (g !== null && (g.kind === 'json' || g.until !== null) && this.continueGroup(g, l, out)) return;
    if (g !== null && g.lead !== undefined && this.leadLine(g, l)) return;
    if (isBlank(l.text)) {
      if (this.d.blankLines === 'continue' && g !== null && g.kind === 'log' && !this.full(g)) {
        appendLine(g, l, l.text);
        return;
      }
      // A blank line ends a stderr run and a log's continuation; it belongs to no record.
      this.flush(out);
      return;
    }
    const h = l.host ?? matchHostLine(this.d, l.text, this.grammar);
    if (h === null) this.unprefixed(l, out);
    else {
      this.grammar = h.grammar;
      this.hostLine(l, h, out);
    }
  }

  /**
   * Whether the message held waits through this line: an echo, a record that may restate it, its body, or the lines
   * such a record or an echo spans; any other line hands it on as it is.
   */
  private waits(l: DialectLine): boolean {
    const g = this.g;
    if (g !== null && g.kind !== 'log') return true; // a restating record or the body being read decides when it ends
    if (l.oversized || isBlank(l.text)) return false;
    const h = l.host ?? matchHostLine(this.d, l.text, this.grammar);
    if (h === null) return g !== null; // a line of the echo being read
    const text = stripSuffix(this.d, h.text);
    return this.echoes?.repeats(text, h.ts) === true || this.held!.waitsFor(text, g === null);
  }

  /** A line after a host line with empty text (Dialect.leadingNewline): its continuation, unless a host line of that grammar. */
  private leadLine(g: Group, l: DialectLine): boolean {
    if (isBlank(l.text) || g.raw.length > 1 || this.full(g)) return false;
    if ((l.host ?? matchHostLine(this.d, l.text, g.lead))?.grammar === g.lead) return false;
    appendLine(g, l, l.text);
    if (g.echo === undefined && g.event === undefined) {
      const ev = eventOf(this.d, l.text);
      if (ev !== null) g.event = ev.event.name;
    }
    return true;
  }

  /** A host line's time: as written, or (a time cell left blank) the last one read. */
  private timeOf(h: HostMatch): TimeValue {
    if (h.ts !== undefined) this.time = logTime(h.ts);
    else if (!h.again) return NO_TIME;
    return this.time;
  }

  /** A host line: a message, an event, a block's first line, or a log line. */
  private hostLine(l: DialectLine, h: HostMatch, out: Frame[]): void {
    const d = this.d;
    let text = stripSuffix(d, h.text);
    this.owner.writtenBy(h.launch);
    const echo = this.echoes?.seen(text, h.ts);
    if (!echo && this.g === null && this.held?.opensBody(text) === true) return this.body(l, text);
    this.process.line(text);
    const mk = echo ? null : markerOf(d, text);
    if (mk === null) this.results?.line(text);
    const ev = mk === null && !echo ? eventOf(d, text) : null;
    const named = d.names === undefined ? null : namesOf(d, text);
    const perLine = d.servers === 'line';
    const own = ev?.server ?? h.server ?? named?.server ?? mk?.marker.server;
    // A line whose event names its server aside (EventLine.aside) is that server's, and leaves the current one as it was.
    const server = ev?.event.aside === true && own !== undefined ? own : this.owner.line(own, perLine);
    // Stderr read before any host line named a server (a file copied from its middle) is that server's.
    const g = this.g;
    if (g !== null && !g.hosted && g.ctx.server === undefined && server !== undefined && !perLine) {
      g.ctx.server = server;
      g.ctx.session = this.owner.key(server);
    }
    this.flush(out);
    if (ev?.event.startsSession) this.owner.start(server, h.launch);
    this.owner.names(named?.session);
    const ctx: FrameContext = {
      time: this.timeOf(h),
      dir: mk === null ? 'unknown' : this.process.dir(mk.marker),
      session: this.owner.key(server),
      server,
    };
    const at: Position = { file: this.file, line: l.line, lines: l.span ?? 1 };
    // A JSON line's data (JsonLines) is the message after a marker with no body, else part of the line's text.
    if (h.data !== undefined && (mk === null || mk.body !== '')) text = `${text} ${JSON.stringify(h.data)}`;
    if (mk !== null) {
      this.owner.message(server);
      this.message(l, at, mk, h, text, ctx, out);
    } else if (ev !== null) {
      // In `attach` dialects an event's error text may go on over the next lines (a stack, a pretty-printed error).
      if (d.unprefixed === 'attach') this.open('log', l, text, h.level, ctx, null, true).event = ev.event.name;
      else out.push(eventFrame(at, { name: ev.event.name, data: { text } }, ctx));
      if (ev.event.endsSession) this.owner.end(server);
    } else {
      const c = d.carried === true && !echo && text.includes('"jsonrpc') ? carriedIn(text) : null;
      if (c !== null && c !== BROKEN) {
        this.owner.message(server);
        out.push(carriedFrame(at, c, ctx));
        return;
      }
      const block = echo ? null : blockOf(d, text);
      if (block !== null || d.unprefixed === 'attach') {
        const g = this.open('log', l, text, h.level, ctx, block?.close ?? null, true);
        if (echo) g.echo = true;
        if (text === '' && d.leadingNewline === true && block === null) g.lead = h.grammar;
      } else out.push(logFrame(at, h.level, text, ctx));
    }
  }

  /**
   * A message's body (bodies.ts): a frame, or a body that goes on over the next lines. A marker with no body on a JSON
   * line is the line's data (JsonLines).
   */
  private message(
    l: DialectLine,
    at: Position,
    mk: MarkerMatch,
    h: HostMatch,
    text: string,
    ctx: FrameContext,
    out: Frame[],
  ): void {
    if (mk.body === '' && h.data !== undefined)
      return this.emit(valueFrame(at, h.data, ctx), mk.marker, text, h.level, out);
    const r = bodyStart(this.d, at, mk.marker, mk.body, ctx, l.inexact === true);
    if ('frame' in r) {
      const frame =
        mk.marker.result === true && this.results !== null ? this.results.answer(r.frame, mk.method) : r.frame;
      return this.emit(frame, mk.marker, text, h.level, out);
    }
    const g = this.open('json', l, mk.body, h.level, ctx, null, true);
    g.form = formOf(mk.marker);
    g.marker = mk.marker;
    g.text = text;
    g.extent = r.extent;
    if (r.extent === null) g.json.length = 0; // the body may start on the next line
  }

  /**
   * A message read from its marker's line on: handed to the keeper of held messages when the dialect has one; a log
   * record when it repeats the message read before it (Marker.repeats).
   */
  private emit(frame: Frame, marker: Marker, text: string, level: string | null, out: Frame[]): void {
    const read = this.repeated === null ? frame : this.repeated.frame(frame, marker, text, level);
    if (read !== frame) {
      out.push(read);
      return;
    }
    out.push(this.process.seen(frame, this.owner, marker));
    this.results?.seen(frame);
    this.held?.message(frame, marker, text, level);
  }

  /** The first line of the held summary message's body: its JSON runs from here (Dialect.bodyAfterSummary). */
  private body(l: DialectLine, text: string): void {
    const g = this.open('json', l, text, null, {}, null, true);
    g.into = true;
    g.extent = extentOf('json');
    const end = g.extent.scan(text);
    if (end >= 0) this.bodyDone(g, end, this.held!.pending);
  }

  /** A body over several lines closed at `end` of its last line (the host's suffix may follow the closing bracket). */
  private bodyDone(g: Group, end: number, out: Frame[]): void {
    const last = g.json.length - 1;
    g.json[last] = g.json[last]!.slice(0, end);
    this.g = null;
    const text = g.json.join('\n');
    if (g.into) return this.held!.body(text, g.start + g.lines - 1);
    this.emit(
      bodyEnd(this.d, groupAt(this.file, g), g.form!, text, g.ctx),
      g.marker!,
      [g.text!, ...g.raw.slice(1)].join('\n'),
      g.level,
      out,
    );
  }

  /**
   * The next line of a block or a message body going on: false when the line is not part of it (a host line cuts it
   * off; a message marker alone on its line is followed by no JSON) and must be read on its own.
   */
  private continueGroup(g: Group, l: DialectLine, out: Frame[]): boolean {
    if (!isBlank(l.text) && (l.host !== undefined || matchHostLine(this.d, l.text, this.grammar) !== null)) {
      if (g.kind === 'json')
        this.cutJson(
          out,
          g.json.length === 0 ? NO_BODY : `unterminated JSON value: line ${l.line} is a new line of the log`,
        );
      else this.flush(out); // a dump never closed: kept as it is
      return false;
    }
    if (g.kind === 'log') {
      if (this.full(g)) {
        this.flush(out);
        this.open('log', l, l.text, g.level, g.ctx, g.until, g.hosted);
      } else appendLine(g, l, l.text);
      if (g.until!.test(l.text)) this.flush(out);
      return true;
    }
    let part = l.text;
    if (g.json.length === 0) {
      if (isBlank(part)) {
        appendLine(g, l, null);
        if (this.full(g)) this.cutJson(out, NO_BODY);
        return true;
      }
      part = part.trimStart();
      const c = part.charCodeAt(0);
      if (c !== 0x7b && c !== 0x5b) {
        this.cutJson(out, NO_BODY);
        return false;
      }
      g.extent = extentOf(g.form!);
    }
    appendLine(g, l, part);
    const end = g.extent!.scan(part);
    if (end >= 0) this.bodyDone(g, end, out);
    else if (this.full(g)) {
      this.g = null;
      if (g.into) this.held!.release();
      out.push(oversizedBodyFrame(this.file, g, this.maxBytes));
    }
    return true;
  }

  /** A line with no host prefix: the next line of the log record above (`attach`, or a stderr run), or a new run. */
  private unprefixed(l: DialectLine, out: Frame[]): void {
    const g = this.g;
    if (g !== null && g.kind === 'log' && g.until === null) {
      if (!this.full(g)) {
        appendLine(g, l, l.text);
        return;
      }
      this.flush(out);
    } else this.flush(out);
    const server = this.d.servers === 'line' ? undefined : this.owner.current;
    this.open('log', l, l.text, null, { time: NO_TIME, session: this.owner.key(server), server }, null, false);
  }

  /** A line longer than `--max-message-bytes` (only its start was kept): an oversized message, or a log line. */
  private oversizedLine(l: Line, out: Frame[]): void {
    const at: Position = { file: this.file, line: l.line, lines: 1 };
    const h = matchHostLine(this.d, l.text, this.grammar);
    const server = this.owner.line(h?.server);
    const ctx: FrameContext = { time: h === null ? NO_TIME : this.timeOf(h), session: this.owner.key(server), server };
    const mk = h === null ? null : markerOf(this.d, h.text);
    if (mk !== null) {
      ctx.dir = this.process.dir(mk.marker);
      this.owner.message(server);
      out.push(oversizedFrame(at, l.text, l.bytes, this.maxBytes, 'line', ctx));
    } else out.push(logFrame(at, h?.level ?? null, h === null ? l.text : h.text, ctx));
  }

  private open(
    kind: Group['kind'],
    l: DialectLine,
    first: string,
    level: string | null,
    ctx: FrameContext,
    until: RegExp | null,
    hosted: boolean,
  ): Group {
    this.g = openGroup(kind, l, first, level, ctx, until, hosted);
    return this.g;
  }

  /** A group at its bounds: it is emitted as it is, and what follows starts a new one. */
  private full(g: Group): boolean {
    return g.lines >= this.maxLines || g.bytes >= this.maxBytes;
  }

  /** Emits the open group: a log record of all its lines, or (a body that never closed) an error. */
  private flush(out: Frame[]): void {
    const g = this.g;
    if (g === null) return;
    if (g.kind === 'json') {
      // The log ends inside a JSON body (a file copied while the host was still writing it): the message as far as the
      // log gives it, cut by the log (docs/formats.md, "Lines that are not messages"), not a broken message.
      if (g.json.length > 0 && g.form === 'json' && g.into !== true) return this.cutAtEnd(g, out);
      this.cutJson(
        out,
        g.json.length === 0 ? NO_BODY : `unterminated JSON value at end of input (opened at line ${g.start})`,
      );
    } else {
      this.g = null;
      out.push(logGroupFrame(this.file, g));
    }
  }

  /** A JSON body the end of the log cut: a `truncated` record of what it gives (decode reads kind, id and method from its head). */
  private cutAtEnd(g: Group, out: Frame[]): void {
    this.g = null;
    const text = g.json.join('\n');
    this.emit(
      truncatedFrame(groupAt(this.file, g), text, { head: text.length, tail: text.length }, null, g.ctx),
      g.marker!,
      [g.text!, ...g.raw.slice(1)].join('\n'),
      g.level,
      out,
    );
  }

  /** Ends a message body that never closed: an error frame holding its lines as logged; a summary, read as far as it goes. */
  private cutJson(out: Frame[], why: string): void {
    const g = this.g!;
    if (g.form === 'summary') return this.bodyDone(g, g.json[g.json.length - 1]!.length, out);
    this.g = null;
    if (g.into) this.held!.release();
    out.push(unclosedBodyFrame(this.file, g, why));
  }
}
