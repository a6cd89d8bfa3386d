// The dialect engine: one pure state machine over lines that reads any text-log dialect (dialects/*.ts) into frames.
//
// A host line (a line its grammar reads: time, level, server, text) is a message when a marker states its direction,
// an event when its text is one of the dialect's event lines, else a log record. A line without the host's prefix is
// the server's stderr or the rest of the record above (Dialect.unprefixed). Every non-blank line ends up in exactly
// one record; groups of lines are bounded (lines and bytes) like the transcript reader's records, so memory never
// grows with the file.
import type { Frame } from '../../types.js';
import { nestedDeeper } from '../depth.js';
import {
  errorFrame, eventFrame, logFrame, oversizedFrame, parsedTextFrame, summaryFrame, textFrame, truncatedFrame, utf8Length, valueFrame,
  type FrameContext, type LineReader, type Position,
} from '../frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, OVERSIZED_KEEP_BYTES, type Line } from '../lines.js';
import { isoTime, NO_TIME } from '../time.js';
import { extentOf, literalFrame, type Extent } from './bodies.js';
import { blockOf, cutOf, eventOf, markerOf, matchHostLine, namesOf, stripSuffix, summaryOf, type HostMatch, type MarkerMatch } from './grammar.js';
import { Launches } from './launches.js';
import type { BodySyntax, Dialect } from './types.js';

export interface DialectLimits {
  /** Physical lines one group (a dump, a stderr run, a pretty-printed body) may span (default 10,000). */
  maxLines?: number;
  /** UTF-8 bytes one group may span (`--max-message-bytes`, default 16 MiB). */
  maxBytes?: number;
}

/**
 * Lines read together. `log`: a run of lines without the host's prefix (`until` null, `hosted` false), a host log line
 * that the lines after it may continue (`hosted`), or a block running to the line `until` matches. `json`: a message
 * whose body goes on over the next lines (`json` holds the body's lines, `raw` the lines as logged).
 */
interface Group {
  kind: 'log' | 'json';
  start: number;
  raw: string[];
  json: string[];
  bytes: number;
  level: string | null;
  ctx: FrameContext;
  until: RegExp | null;
  hosted: boolean;
  extent: Extent | null;
  /** How a `json` group's body is written (Marker.syntax). */
  syntax?: BodySyntax;
  /** A host event line the lines after it continue (`attach`): the group is that event, its text all the lines. */
  event?: string;
}

const NO_BODY = 'a message marker with no message after it';

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

  constructor(private readonly d: Dialect, private readonly file: string, limits: DialectLimits = {}) {
    this.maxLines = limits.maxLines ?? 10_000;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  line(l: Line, out: Frame[]): void {
    if (l.oversized) {
      this.flush(out);
      this.oversizedLine(l, out);
      return;
    }
    const g = this.g;
    if (g !== null && (g.kind === 'json' || g.until !== null) && this.continueGroup(g, l, out)) return;
    if (isBlank(l.text)) {
      if (this.d.blankLines === 'continue' && g !== null && g.kind === 'log' && !this.full(g)) {
        this.append(g, l, l.text);
        return;
      }
      // A blank line ends a stderr run and a log's continuation; it belongs to no record.
      this.flush(out);
      return;
    }
    const h = matchHostLine(this.d, l.text, this.grammar);
    if (h === null) this.unprefixed(l, out);
    else {
      this.grammar = h.grammar;
      this.hostLine(l, h, out);
    }
  }

  end(out: Frame[]): void {
    this.flush(out);
  }

  /** A host line: a message, an event, a block's first line, or a log line. */
  private hostLine(l: Line, h: HostMatch, out: Frame[]): void {
    const d = this.d;
    let text = stripSuffix(d, h.text);
    const mk = markerOf(d, text);
    const ev = mk === null ? eventOf(d, text) : null;
    const named = d.names === undefined ? null : namesOf(d, text);
    const server = ev?.server ?? h.server ?? named?.server ?? mk?.server ?? this.server;
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
    const ctx: FrameContext = { time: h.ts === undefined ? NO_TIME : isoTime(h.ts), dir: mk?.dir ?? 'unknown', session: this.key(server), server };
    const at: Position = { file: this.file, line: l.line, lines: 1 };
    // A JSON line's data (JsonLines) is the message after a marker with no body, else part of the line's text.
    if (h.data !== undefined && (mk === null || mk.body !== '')) text = `${text} ${JSON.stringify(h.data)}`;
    if (mk !== null) {
      this.launches.message(server);
      if (mk.body === '' && h.data !== undefined) out.push(valueFrame(at, h.data, ctx));
      else this.message(l, at, mk, ctx, out);
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
   * A message's body: a cut body, whole JSON, JSON that goes on over the next lines, a summary, or unreadable text. A
   * body with the host's cut mark is cut even when what survives parses (a cut inside one long string leaves valid
   * JSON whose text is not the message's): a message that quotes the mark literally is read as cut too, the rarer case.
   */
  private message(l: Line, at: Position, mk: MarkerMatch, ctx: FrameContext, out: Frame[]): void {
    const body = mk.body;
    const c = body.charCodeAt(0);
    if (mk.syntax !== 'json' && body !== '') {
      this.literal(l, at, mk.syntax, body, ctx, out);
      return;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const cut = cutOf(this.d, body);
      if (cut !== null) {
        // The real size: what survives plus the characters left out, each at least one byte (the log counts characters).
        const kept = utf8Length(body.slice(0, cut.head)) + utf8Length(body.slice(cut.tail));
        out.push(truncatedFrame(at, body, { head: cut.head, tail: cut.tail }, kept + cut.cut, ctx));
        return;
      }
      const last = body.charCodeAt(body.length - 1);
      if ((last === 0x7d || last === 0x5d) && !nestedDeeper(body)) {
        try {
          const value: unknown = JSON.parse(body);
          const frame = textFrame(at, body, utf8Length(body), ctx);
          frame.value = value;
          out.push(frame);
          return;
        } catch {
          // not whole JSON: one that goes on, or one that decode reports
        }
      }
      const extent = extentOf('json');
      if (extent.scan(body) < 0) {
        this.open('json', l, body, null, ctx, null, true).extent = extent;
        return;
      }
      out.push(textFrame(at, body, utf8Length(body), ctx)); // closes on its line but is not JSON: decode reports it
      return;
    }
    const summary = summaryOf(this.d, body);
    if (summary !== null) out.push(summaryFrame(at, body, summary, ctx));
    else if (body === '') {
      // The body may start on the next line.
      const g = this.open('json', l, '', null, ctx, null, true);
      g.json.length = 0;
      g.syntax = mk.syntax;
    } else out.push(textFrame(at, body, utf8Length(body), ctx)); // neither JSON nor a summary: decode reports it
  }

  /**
   * A body in a literal syntax: an inspect dump that opens a bracket may go on over the next lines (until its brackets
   * close); anything else is read on its line.
   */
  private literal(l: Line, at: Position, syntax: Exclude<BodySyntax, 'json'>, body: string, ctx: FrameContext, out: Frame[]): void {
    const c = body.charCodeAt(0);
    if (syntax === 'inspect' && (c === 0x7b || c === 0x5b)) {
      const extent = extentOf(syntax);
      const end = extent.scan(body);
      if (end < 0) {
        const g = this.open('json', l, body, null, ctx, null, true);
        g.extent = extent;
        g.syntax = syntax;
        return;
      }
      body = body.slice(0, end);
    }
    out.push(literalFrame(at, syntax, body, ctx));
  }

  /**
   * The next line of a block or a message body going on: false when the line is not part of it (a host line cuts it
   * off; a message marker alone on its line is followed by no JSON) and must be read on its own.
   */
  private continueGroup(g: Group, l: Line, out: Frame[]): boolean {
    if (!isBlank(l.text) && matchHostLine(this.d, l.text, this.grammar) !== null) {
      if (g.kind === 'json') this.cutJson(out, g.json.length === 0 ? NO_BODY : `unterminated JSON value: line ${l.line} is a new line of the log`);
      else this.flush(out); // a dump never closed: kept as it is
      return false;
    }
    if (g.kind === 'log') {
      if (this.full(g)) {
        this.flush(out);
        this.open('log', l, l.text, g.level, g.ctx, g.until, g.hosted);
      } else this.append(g, l, l.text);
      if (g.until!.test(l.text)) this.flush(out);
      return true;
    }
    let part = l.text;
    if (g.json.length === 0) {
      if (isBlank(part)) {
        this.append(g, l, null);
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
    this.append(g, l, part);
    const end = g.extent!.scan(part);
    if (end >= 0) {
      // The host's suffix may follow the closing bracket: the body ends there.
      g.json[g.json.length - 1] = part.slice(0, end);
      this.g = null;
      const at: Position = { file: this.file, line: g.start, lines: g.raw.length };
      const syntax = g.syntax ?? 'json';
      out.push(syntax === 'json' ? parsedTextFrame(at, g.json.join('\n'), g.ctx) : literalFrame(at, syntax, g.json.join('\n'), g.ctx));
    } else if (this.full(g)) {
      this.g = null;
      out.push(oversizedFrame({ file: this.file, line: g.start, lines: g.raw.length }, headOf(g.raw), g.bytes, this.maxBytes, `record of ${g.raw.length} lines`, g.ctx));
    }
    return true;
  }

  /** A line with no host prefix: the next line of the log record above (`attach`, or a stderr run), or a new run. */
  private unprefixed(l: Line, out: Frame[]): void {
    const g = this.g;
    if (g !== null && g.kind === 'log' && g.until === null) {
      if (!this.full(g)) {
        this.append(g, l, l.text);
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
    const ctx: FrameContext = { time: h?.ts === undefined ? NO_TIME : isoTime(h.ts), session: this.key(server), server };
    const mk = h === null ? null : markerOf(this.d, h.text);
    if (mk !== null) {
      ctx.dir = mk.dir;
      this.launches.message(server);
      out.push(oversizedFrame(at, l.text, l.bytes, this.maxBytes, 'line', ctx));
    } else out.push(logFrame(at, h?.level ?? null, h === null ? l.text : h.text, ctx));
  }

  private open(kind: Group['kind'], l: Line, first: string, level: string | null, ctx: FrameContext, until: RegExp | null, hosted: boolean): Group {
    this.g = { kind, start: l.line, raw: [l.text], json: [first], bytes: l.bytes, level, ctx, until, hosted, extent: null };
    return this.g;
  }

  private append(g: Group, l: Line, part: string | null): void {
    g.raw.push(l.text);
    if (part !== null && g.kind === 'json') g.json.push(part);
    g.bytes += l.bytes + 1;
  }

  /** A group at its bounds: it is emitted as it is, and what follows starts a new one. */
  private full(g: Group): boolean {
    return g.raw.length >= this.maxLines || g.bytes >= this.maxBytes;
  }

  /** Emits the open group: a log record of all its lines, or (a body that never closed) an error. */
  private flush(out: Frame[]): void {
    const g = this.g;
    if (g === null) return;
    if (g.kind === 'json') {
      this.cutJson(out, g.json.length === 0 ? NO_BODY : `unterminated JSON value at end of input (opened at line ${g.start})`);
      return;
    }
    this.g = null;
    // Blank lines a record kept (`blankLines: 'continue'`) that nothing followed are not its own.
    while (g.raw.length > 1 && isBlank(g.raw[g.raw.length - 1]!)) g.raw.pop();
    // The first line's text is after the host's prefix; the lines that follow it are as logged.
    const text = g.raw.length === 1 ? g.json[0]! : [g.json[0]!, ...g.raw.slice(1)].join('\n');
    if (g.event !== undefined) out.push(eventFrame({ file: this.file, line: g.start, lines: g.raw.length }, { name: g.event, data: { text } }, g.ctx));
    else out.push(logFrame({ file: this.file, line: g.start, lines: g.raw.length }, g.level, text, g.ctx));
  }

  /** Ends a message body that never closed as an error frame holding its lines as logged. */
  private cutJson(out: Frame[], why: string): void {
    const g = this.g!;
    this.g = null;
    out.push(errorFrame({ file: this.file, line: g.start, lines: g.raw.length }, g.raw.join('\n'), why, g.ctx));
  }
}

/** The first bytes of a group's lines joined with `\n` (what an oversized record keeps). */
function headOf(lines: readonly string[]): string {
  let s = '';
  for (let i = 0; i < lines.length && s.length < OVERSIZED_KEEP_BYTES; i++) s += (i === 0 ? '' : '\n') + lines[i];
  return s.length <= OVERSIZED_KEEP_BYTES ? s : s.slice(0, OVERSIZED_KEEP_BYTES);
}
