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
  errorFrame, eventFrame, logFrame, oversizedFrame, parsedTextFrame, summaryFrame, textFrame, truncatedFrame, utf8Length,
  type FrameContext, type LineReader, type Position,
} from '../frames.js';
import { JsonExtent } from '../json-extent.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, OVERSIZED_KEEP_BYTES, type Line } from '../lines.js';
import { isoTime, NO_TIME } from '../time.js';
import {
  blockOf, cleanLine, cutOf, dropZeroId, eventOf, markerOf, matchHostLine, stripSuffix, summaryOf, type HostMatch,
} from './grammar.js';
import { HeldSummary } from './held.js';
import { Launches } from './launches.js';
import type { Dialect, Marker } from './types.js';

export interface DialectLimits {
  /** Physical lines one group (a dump, a stderr run, a pretty-printed body) may span (default 10,000). */
  maxLines?: number;
  /** UTF-8 bytes one group may span (`--max-message-bytes`, default 16 MiB). */
  maxBytes?: number;
}

/**
 * Lines read together. `log`: a run of lines without the host's prefix (`until` null, `hosted` false), a host log line
 * that the lines after it may continue (`hosted`), or a block running to the line `until` matches. `json`: a message
 * whose body goes on over the next lines (`json` holds the body's lines, `raw` the lines as logged). `summary`: a
 * summary-only body running to the line `until` matches (Marker.summary).
 */
interface Group {
  kind: 'log' | 'json' | 'summary';
  start: number;
  raw: string[];
  json: string[];
  bytes: number;
  level: string | null;
  ctx: FrameContext;
  until: RegExp | null;
  hosted: boolean;
  extent: JsonExtent | null;
  /** A host event line the lines after it continue (`attach`): the group is that event, its text all the lines. */
  event?: string;
  /** A host line with empty text (Dialect.leadingNewline): the grammar that read it; its next line continues it. */
  lead?: number;
  /** An echo (Dialect.echoes): a log whatever its lines say. */
  echo?: true;
  /** The body of the summary message held (Dialect.bodyAfterSummary). */
  into?: true;
  /** A summary group's marker restates the message held (Marker.restates); `text` its first line after the prefix. */
  restates?: boolean;
  text?: string;
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
  private readonly launches = new Launches();
  /** The process the last host line that named one named (grammar group `launch`). */
  private launch: string | undefined;
  /** The last host line's text (suffixes stripped) and whether it had a time: what an echo repeats. */
  private last: { text: string; timed: boolean } | null = null;
  /** Dialects whose summaries may be restated or followed by their body hold them here; null for the others. */
  private readonly held: HeldSummary | null;

  constructor(private readonly d: Dialect, private readonly file: string, limits: DialectLimits = {}) {
    this.maxLines = limits.maxLines ?? 10_000;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.held = d.bodyAfterSummary !== undefined || d.markers.some((m) => m.restates) ? new HeldSummary() : null;
  }

  line(raw: Line, out: Frame[]): void {
    const l = this.d.ansi === true && raw.text.includes('\x1b') ? { ...raw, text: cleanLine(this.d, raw.text) } : raw;
    const held = this.held;
    if (held === null) this.read(l, out);
    else {
      if (held.holding) this.settle(l, held);
      this.read(l, held.pending);
      held.drain(out);
    }
  }

  end(out: Frame[]): void {
    const held = this.held;
    if (held === null) this.flush(out);
    else {
      this.flush(held.pending);
      held.release();
      held.drain(out);
    }
  }

  private read(l: Line, out: Frame[]): void {
    if (l.oversized) {
      this.flush(out);
      this.oversizedLine(l, out);
      return;
    }
    const g = this.g;
    if (g !== null && (g.kind !== 'log' || g.until !== null) && this.continueGroup(g, l, out)) return;
    if (g !== null && g.lead !== undefined && this.leadLine(g, l)) return;
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

  /**
   * Whether the summary message held waits through this line: an echo, a record restating it, its body, or the lines
   * such a record or an echo spans; any other line hands it on as it is.
   */
  private settle(l: Line, held: HeldSummary): void {
    const g = this.g;
    if (g !== null && g.kind !== 'log') return; // a restating record or the body being read decides when it ends
    if (l.oversized || isBlank(l.text)) return held.release();
    const h = matchHostLine(this.d, l.text, this.grammar);
    if (h === null) {
      if (g === null) held.release(); // else it continues the echo read
      return;
    }
    const text = stripSuffix(this.d, h.text);
    if (this.isEcho(text, h) || markerOf(this.d, text)?.marker.restates === true || this.opensBody(text)) return;
    held.release();
  }

  /** A host line's text that repeats the host line before it (Dialect.echoes). */
  private isEcho(text: string, h: HostMatch): boolean {
    const e = this.d.echoes;
    const last = this.last;
    if (e === undefined || last === null || last.text !== text) return false;
    if (e.timed === true && (last.timed || h.ts === undefined)) return false;
    return e.re === undefined || e.re.test(text);
  }

  /** The line opens the body of the summary message held (Dialect.bodyAfterSummary). */
  private opensBody(text: string): boolean {
    return this.d.bodyAfterSummary !== undefined && this.g === null && this.held!.canTakeBody() && this.d.bodyAfterSummary.test(text);
  }

  /** A line after a host line with empty text (Dialect.leadingNewline): its continuation, unless a host line of that grammar. */
  private leadLine(g: Group, l: Line): boolean {
    if (isBlank(l.text) || g.raw.length > 1 || matchHostLine(this.d, l.text, g.lead)?.grammar === g.lead) return false;
    if (this.full(g)) return false;
    this.append(g, l, l.text);
    if (g.echo === undefined && g.event === undefined) {
      const ev = eventOf(this.d, l.text);
      if (ev !== null) g.event = ev.event.name;
    }
    return true;
  }

  /** A host line: a message, an event, a block's first line, or a log line. */
  private hostLine(l: Line, h: HostMatch, out: Frame[]): void {
    const d = this.d;
    const text = stripSuffix(d, h.text);
    if (h.launch !== undefined && h.launch !== this.launch) {
      // Another process: the server named so far was the other one's.
      this.launch = h.launch;
      this.server = undefined;
    }
    const echo = d.echoes !== undefined && this.isEcho(text, h);
    if (d.echoes !== undefined) this.last = { text, timed: h.ts !== undefined };
    if (!echo && this.opensBody(text)) {
      this.body(l, text, out);
      return;
    }
    const mk = echo ? null : markerOf(d, text);
    const ev = mk === null && !echo ? eventOf(d, text) : null;
    const server = ev?.server ?? h.server ?? this.server;
    if (server !== undefined) this.server = server;
    // Stderr read before any host line named a server (a file copied from its middle) is that server's.
    const g = this.g;
    if (g !== null && !g.hosted && g.ctx.server === undefined && server !== undefined) {
      g.ctx.server = server;
      g.ctx.session = this.launches.key(server);
    }
    this.flush(out);
    if (ev?.event.startsSession && server !== undefined) this.launches.start(server, h.launch);
    const ctx: FrameContext = { time: h.ts === undefined ? NO_TIME : isoTime(h.ts), dir: mk?.dir ?? 'unknown', session: this.launches.key(server), server };
    const at: Position = { file: this.file, line: l.line, lines: 1 };
    if (mk !== null) {
      this.launches.message(server);
      this.message(l, at, mk.body, ctx, out, mk.marker, text);
    } else if (ev !== null) {
      // In `attach` dialects an event's error text may go on over the next lines (a stack, a pretty-printed error).
      if (d.unprefixed === 'attach') this.open('log', l, text, h.level, ctx, null, true).event = ev.event.name;
      else out.push(eventFrame(at, { name: ev.event.name, data: { text } }, ctx));
    } else {
      const block = echo ? null : blockOf(d, text);
      if (block !== null || d.unprefixed === 'attach') {
        const g = this.open('log', l, text, h.level, ctx, block?.close ?? null, true);
        if (echo) g.echo = true;
        if (text === '' && d.leadingNewline === true && block === null) g.lead = h.grammar;
      } else out.push(logFrame(at, h.level, text, ctx));
    }
  }

  /** The first line of the held summary message's body: its JSON runs from here (Dialect.bodyAfterSummary). */
  private body(l: Line, text: string, out: Frame[]): void {
    const g = this.open('json', l, text, null, {}, null, true);
    g.into = true;
    g.extent = new JsonExtent();
    const end = g.extent.scan(text);
    if (end >= 0) this.jsonDone(g, end, out);
  }

  /** A message frame read from a marker line: handed to the held summary's keeper when the dialect holds summaries. */
  private emit(frame: Frame, out: Frame[], marker: Marker, text: string): void {
    out.push(frame);
    this.held?.message(frame, marker.restates === true, text);
  }

  /**
   * A message's body: a cut body, whole JSON, JSON that goes on over the next lines, a summary, or unreadable text. A
   * body with the host's cut mark is cut even when what survives parses (a cut inside one long string leaves valid
   * JSON whose text is not the message's): a message that quotes the mark literally is read as cut too, the rarer case.
   */
  private message(l: Line, at: Position, body: string, ctx: FrameContext, out: Frame[], mk: Marker, text: string): void {
    if (mk.summary !== undefined) {
      if (body.trimEnd().endsWith('{')) {
        const g = this.open('summary', l, body, null, ctx, mk.summary.close, true);
        g.restates = mk.restates === true;
        g.text = text;
        return;
      }
      this.emit(this.summaryText(at, body, ctx), out, mk, text);
      return;
    }
    const c = body.charCodeAt(0);
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
          if (dropZeroId(this.d, value)) frame.bytes = utf8Length(JSON.stringify(value));
          this.emit(frame, out, mk, text);
          return;
        } catch {
          // not whole JSON: one that goes on, or one that decode reports
        }
      }
      const extent = new JsonExtent();
      if (extent.scan(body) < 0) {
        this.open('json', l, body, null, ctx, null, true).extent = extent;
        return;
      }
      out.push(textFrame(at, body, utf8Length(body), ctx)); // closes on its line but is not JSON: decode reports it
      return;
    }
    const summary = summaryOf(this.d, body);
    if (summary !== null) this.emit(summaryFrame(at, body, summary, ctx), out, mk, text);
    else if (body === '') this.open('json', l, '', null, ctx, null, true).json.length = 0; // the body may start on the next line
    else out.push(textFrame(at, body, utf8Length(body), ctx)); // neither JSON nor a summary: decode reports it
  }

  /**
   * The next line of a block or a message body going on: false when the line is not part of it (a host line cuts it
   * off; a message marker alone on its line is followed by no JSON) and must be read on its own.
   */
  private continueGroup(g: Group, l: Line, out: Frame[]): boolean {
    if (!isBlank(l.text) && matchHostLine(this.d, l.text, this.grammar) !== null) {
      if (g.kind === 'json') this.cutJson(out, g.json.length === 0 ? NO_BODY : `unterminated JSON value: line ${l.line} is a new line of the log`);
      else this.flush(out); // a dump never closed: kept as it is; a summary: read as far as it goes
      return false;
    }
    if (g.kind === 'summary') {
      this.append(g, l, l.text);
      if (g.until!.test(l.text) || this.full(g)) this.summaryDone(g, out);
      return true;
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
      g.extent = new JsonExtent();
    }
    this.append(g, l, part);
    const end = g.extent!.scan(part);
    if (end >= 0) this.jsonDone(g, end, out);
    else if (this.full(g)) {
      this.g = null;
      if (g.into) this.held!.release();
      out.push(oversizedFrame({ file: this.file, line: g.start, lines: g.raw.length }, headOf(g.raw), g.bytes, this.maxBytes, `record of ${g.raw.length} lines`, g.ctx));
    }
    return true;
  }

  /** A body over several lines closed at `end` of its last line (the host's suffix may follow the closing bracket). */
  private jsonDone(g: Group, end: number, out: Frame[]): void {
    const last = g.json.length - 1;
    g.json[last] = g.json[last]!.slice(0, end);
    this.g = null;
    const json = g.json.join('\n');
    if (g.into) {
      this.held!.body(json, g.start + g.raw.length - 1);
      return;
    }
    const frame = parsedTextFrame({ file: this.file, line: g.start, lines: g.raw.length }, json, g.ctx);
    if (dropZeroId(this.d, frame.value)) frame.bytes = utf8Length(JSON.stringify(frame.value));
    out.push(frame);
  }

  /** A summary-only body over several lines, read once its closing line is (Marker.summary). */
  private summaryDone(g: Group, out: Frame[]): void {
    this.g = null;
    const at: Position = { file: this.file, line: g.start, lines: g.raw.length };
    const body = g.json.join('\n');
    const frame = this.summaryText(at, body, g.ctx);
    out.push(frame);
    this.held?.message(frame, g.restates === true, [g.text!, ...g.raw.slice(1)].join('\n'));
  }

  /** A summary-only body: the summary its forms read, else text that decode reports. */
  private summaryText(at: Position, body: string, ctx: FrameContext): Frame {
    const s = summaryOf(this.d, body);
    return s !== null ? summaryFrame(at, body, s, ctx) : textFrame(at, body, utf8Length(body), ctx);
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
    this.open('log', l, l.text, null, { time: NO_TIME, session: this.launches.key(server), server }, null, false);
  }

  /** A line longer than `--max-message-bytes` (only its start was kept): an oversized message, or a log line. */
  private oversizedLine(l: Line, out: Frame[]): void {
    const at: Position = { file: this.file, line: l.line, lines: 1 };
    const h = matchHostLine(this.d, l.text, this.grammar);
    const server = h?.server ?? this.server;
    this.server = server;
    const ctx: FrameContext = { time: h?.ts === undefined ? NO_TIME : isoTime(h.ts), session: this.launches.key(server), server };
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
    if (part !== null && g.kind !== 'log') g.json.push(part);
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
    if (g.kind === 'summary') return this.summaryDone(g, out);
    this.g = null;
    // Blank lines a record kept (`blankLines: 'continue'`) that nothing followed are not its own.
    while (g.raw.length > 1 && isBlank(g.raw[g.raw.length - 1]!)) g.raw.pop();
    // The first line's text is after the host's prefix; the lines that follow it are as logged. A message that began
    // with a newline (Dialect.leadingNewline) reads from its second line.
    const text = g.raw.length === 1 ? g.json[0]! : g.lead !== undefined ? g.raw.slice(1).join('\n') : [g.json[0]!, ...g.raw.slice(1)].join('\n');
    if (g.event !== undefined) out.push(eventFrame({ file: this.file, line: g.start, lines: g.raw.length }, { name: g.event, data: { text } }, g.ctx));
    else out.push(logFrame({ file: this.file, line: g.start, lines: g.raw.length }, g.level, text, g.ctx));
  }

  /** Ends a message body that never closed as an error frame holding its lines as logged. */
  private cutJson(out: Frame[], why: string): void {
    const g = this.g!;
    this.g = null;
    if (g.into) this.held!.release();
    out.push(errorFrame({ file: this.file, line: g.start, lines: g.raw.length }, g.raw.join('\n'), why, g.ctx));
  }
}

/** The first bytes of a group's lines joined with `\n` (what an oversized record keeps). */
function headOf(lines: readonly string[]): string {
  let s = '';
  for (let i = 0; i < lines.length && s.length < OVERSIZED_KEEP_BYTES; i++) s += (i === 0 ? '' : '\n') + lines[i];
  return s.length <= OVERSIZED_KEEP_BYTES ? s : s.slice(0, OVERSIZED_KEEP_BYTES);
}
