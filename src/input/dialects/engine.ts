// The dialect engine: one pure state machine over lines that reads any text-log dialect (dialects/*.ts) into frames.
//
// A host line (a line its grammar reads: time, level, server, text) is a message when a marker states its direction,
// an event when its text is one of the dialect's event lines, else a log record. A line without the host's prefix is
// the server's stderr or the rest of the record above (Dialect.unprefixed). Every non-blank line ends up in exactly
// one record; groups of lines are bounded (lines and bytes) like the transcript reader's records, so memory never
// grows with the file.
import type { Frame } from '../../types.js';
import { eventFrame, logFrame, oversizedFrame, valueFrame, type FrameContext, type LineReader, type Position } from '../frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, type Line } from '../lines.js';
import { logTime, NO_TIME, type TimeValue } from '../time.js';
import { bodyEnd, bodyStart, extentOf } from './bodies.js';
import { Folder, type DialectLine } from './fold.js';
import { blockOf, eventOf, markerOf, matchHostLine, namesOf, stripSuffix, type HostMatch, type MarkerMatch } from './grammar.js';
import { appendLine, groupAt, logGroupFrame, openGroup, oversizedBodyFrame, unclosedBodyFrame, type Group } from './group.js';
import { Launches } from './launches.js';
import { LoggingProcess } from './process.js';
import type { Dialect } from './types.js';

export interface DialectLimits {
  /** Physical lines one group (a dump, a stderr run, a pretty-printed body) may span (default 10,000). */
  maxLines?: number;
  /** UTF-8 bytes one group may span (`--max-message-bytes`, default 16 MiB). */
  maxBytes?: number;
}

const NO_BODY = 'a message marker with no message after it';

/** A message held until the next line says whether it is logged again from the wire (Marker.yields). */
interface Held {
  frame: Frame;
  /** What it is when it is: a log record of its line. */
  log: Frame;
}

export class DialectReader implements LineReader {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private g: Group | null = null;
  /** The grammar the last host line matched: tried first on the next one. */
  private grammar = 0;
  /** The server the last host line named (a channel names it once; stderr belongs to it). */
  private server: string | undefined;
  /** The transport session the last host line that named one named (Dialect.names), until a session starts or ends. */
  private session: string | undefined;
  private readonly launches = new Launches();
  /** The last time a host line had (Dialect.lines `again`). */
  private time: TimeValue = NO_TIME;
  private readonly process: LoggingProcess;
  private held: Held | null = null;
  private readonly folder: Folder | null;
  private readonly folded: DialectLine[] = [];

  constructor(private readonly d: Dialect, private readonly file: string, limits: DialectLimits = {}) {
    this.maxLines = limits.maxLines ?? 10_000;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.folder = d.wrapIndent === undefined ? null : new Folder(d, d.wrapIndent, this.maxLines, this.maxBytes);
    this.process = new LoggingProcess(d);
  }

  line(l: Line, out: Frame[]): void {
    if (this.folder === null) {
      this.read(l, out);
      return;
    }
    this.folder.push(l, this.folded);
    for (const x of this.folded) this.read(x, out);
    this.folded.length = 0;
  }

  end(out: Frame[]): void {
    if (this.folder !== null) {
      this.folder.end(this.folded);
      for (const x of this.folded) this.read(x, out);
      this.folded.length = 0;
    }
    this.release(null, out);
    this.flush(out);
  }

  /** One line: a physical line, or a wrapped record read as one (fold.ts). */
  private read(l: DialectLine, out: Frame[]): void {
    if (this.held !== null) this.release(l, out);
    if (l.oversized) {
      this.flush(out);
      this.oversizedLine(l, out);
      return;
    }
    const g = this.g;
    if (g !== null && (g.kind === 'json' || g.until !== null) && this.continueGroup(g, l, out)) return;
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
   * The held message, now that the line after it is known: a log record when that line logs a message again from the
   * wire, else the message (null: the input ended).
   */
  private release(next: DialectLine | null, out: Frame[]): void {
    const held = this.held;
    if (held === null) return;
    this.held = null;
    const h = next === null || next.oversized || isBlank(next.text) ? null : next.host ?? matchHostLine(this.d, next.text, this.grammar);
    const mk = h === null ? null : markerOf(this.d, stripSuffix(this.d, h.text));
    out.push(mk !== null && mk.marker.yields !== true ? held.log : held.frame);
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
    this.process.line(text);
    const mk = markerOf(d, text);
    const ev = mk === null ? eventOf(d, text) : null;
    const named = d.names === undefined ? null : namesOf(d, text);
    const server = ev?.server ?? h.server ?? named?.server ?? mk?.marker.server ?? this.server;
    if (server !== undefined) this.server = server;
    // Stderr read before any host line named a server (a file copied from its middle) is that server's.
    const g = this.g;
    if (g !== null && !g.hosted && g.ctx.server === undefined && server !== undefined) {
      g.ctx.server = server;
      g.ctx.session = this.key(server);
    }
    this.flush(out);
    if (ev?.event.startsSession) {
      this.session = undefined;
      if (server !== undefined) this.launches.start(server);
    }
    if (named?.session !== undefined) this.session = named.session;
    const ctx: FrameContext = { time: this.timeOf(h), dir: mk === null ? 'unknown' : this.process.dir(mk.marker), session: this.key(server), server };
    const at: Position = { file: this.file, line: l.line, lines: l.span ?? 1 };
    // A JSON line's data (JsonLines) is the message after a marker with no body, else part of the line's text.
    if (h.data !== undefined && (mk === null || mk.body !== '')) text = `${text} ${JSON.stringify(h.data)}`;
    if (mk !== null) {
      this.launches.message(server);
      if (mk.marker.yields !== true) this.message(l, at, mk, h.data, ctx, out);
      else {
        const frames: Frame[] = [];
        this.message(l, at, mk, h.data, ctx, frames);
        // Only a message read whole waits: anything else (a body going on, an error) is what it is.
        if (frames.length === 1 && this.g === null && frames[0]!.error === undefined) this.held = { frame: frames[0]!, log: logFrame(at, h.level, text, { ...ctx, dir: 'unknown' }) };
        else out.push(...frames);
      }
    } else if (ev !== null) {
      // In `attach` dialects an event's error text may go on over the next lines (a stack, a pretty-printed error).
      if (d.unprefixed === 'attach') this.open('log', l, text, h.level, ctx, null, true).event = ev.event.name;
      else out.push(eventFrame(at, { name: ev.event.name, data: { text } }, ctx));
      if (ev.event.endsSession) {
        this.session = undefined;
        if (server !== undefined) this.launches.end(server);
      }
    } else {
      const block = blockOf(d, text);
      if (block !== null || d.unprefixed === 'attach') this.open('log', l, text, h.level, ctx, block?.close ?? null, true);
      else out.push(logFrame(at, h.level, text, ctx));
    }
  }

  /** The session of a record of `server`: the transport session last named, else the server's current launch. */
  private key(server: string | undefined): string | null {
    return this.session ?? this.launches.key(server);
  }

  /**
   * A message's body (bodies.ts): a frame, or a body that goes on over the next lines. A marker with no body on a JSON
   * line is the line's data (JsonLines).
   */
  private message(l: DialectLine, at: Position, mk: MarkerMatch, data: unknown, ctx: FrameContext, out: Frame[]): void {
    if (mk.body === '' && data !== undefined) {
      out.push(this.seen(valueFrame(at, data, ctx)));
      return;
    }
    const syntax = mk.marker.syntax ?? 'json';
    const r = bodyStart(this.d, at, syntax, mk.body, ctx, l.inexact === true);
    if ('frame' in r) out.push(this.seen(r.frame));
    else {
      const g = this.open('json', l, mk.body, null, ctx, null, true);
      g.syntax = syntax;
      g.extent = r.extent;
      if (r.extent === null) g.json.length = 0; // the body may start on the next line
    }
  }

  /**
   * A message read: the side that sent it when its marker said only that the process received it, and the server's
   * name when the dialect takes it from an initialize result (process.ts).
   */
  private seen(f: Frame): Frame {
    if (f.value === undefined) return f;
    if (f.dir === 'unknown') f.dir = this.process.received(f.value);
    const name = f.server === undefined ? this.process.serverName(f.value) : undefined;
    if (name !== undefined) {
      this.server = name;
      f.server = name;
      f.session = this.key(name);
      this.launches.message(name);
    }
    return f;
  }

  /**
   * The next line of a block or a message body going on: false when the line is not part of it (a host line cuts it
   * off; a message marker alone on its line is followed by no JSON) and must be read on its own.
   */
  private continueGroup(g: Group, l: DialectLine, out: Frame[]): boolean {
    if (!isBlank(l.text) && (l.host !== undefined || matchHostLine(this.d, l.text, this.grammar) !== null)) {
      if (g.kind === 'json') this.cutJson(out, g.json.length === 0 ? NO_BODY : `unterminated JSON value: line ${l.line} is a new line of the log`);
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
      g.extent = extentOf(g.syntax ?? 'json');
    }
    appendLine(g, l, part);
    const end = g.extent!.scan(part);
    if (end >= 0) {
      // The host's suffix may follow the closing bracket: the body ends there.
      g.json[g.json.length - 1] = part.slice(0, end);
      this.g = null;
      out.push(this.seen(bodyEnd(groupAt(this.file, g), g.syntax ?? 'json', g.json.join('\n'), g.ctx)));
    } else if (this.full(g)) {
      this.g = null;
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
    const server = this.server;
    this.open('log', l, l.text, null, { time: NO_TIME, session: this.key(server), server }, null, false);
  }

  /** A line longer than `--max-message-bytes` (only its start was kept): an oversized message, or a log line. */
  private oversizedLine(l: Line, out: Frame[]): void {
    const at: Position = { file: this.file, line: l.line, lines: 1 };
    const h = matchHostLine(this.d, l.text, this.grammar);
    const server = h?.server ?? this.server;
    this.server = server;
    const ctx: FrameContext = { time: h === null ? NO_TIME : this.timeOf(h), session: this.key(server), server };
    const mk = h === null ? null : markerOf(this.d, h.text);
    if (mk !== null) {
      ctx.dir = this.process.dir(mk.marker);
      this.launches.message(server);
      out.push(oversizedFrame(at, l.text, l.bytes, this.maxBytes, 'line', ctx));
    } else out.push(logFrame(at, h?.level ?? null, h === null ? l.text : h.text, ctx));
  }

  private open(kind: Group['kind'], l: DialectLine, first: string, level: string | null, ctx: FrameContext, until: RegExp | null, hosted: boolean): Group {
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
    if (g.kind === 'json') this.cutJson(out, g.json.length === 0 ? NO_BODY : `unterminated JSON value at end of input (opened at line ${g.start})`);
    else {
      this.g = null;
      out.push(logGroupFrame(this.file, g));
    }
  }

  /** Ends a message body that never closed as an error frame holding its lines as logged. */
  private cutJson(out: Frame[], why: string): void {
    out.push(unclosedBodyFrame(this.file, this.g!, why));
    this.g = null;
  }
}
