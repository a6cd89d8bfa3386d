// A `curl -v` transcript (or `--trace` / `--trace-ascii` output) read as HTTP exchanges and MCP (`--input-format curl`).
import type { Frame } from '../../../types.js';
import type { Status } from '../../../util/status.js';
import { logFrame, oversizedFrame } from '../../lines/frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, LineSplitter, type Chunk, type Line } from '../../lines/lines.js';
import { ClockTimeline, NO_TIME, type TimeValue } from '../../shared/time.js';
import { someOf } from '../http/connection-kind.js';
import { commandStart } from './curl-command.js';
import { CurlConns } from './curl-conns.js';
import { VerboseExchange } from './curl-exchange.js';
import { infoIs, readCurlLine, REQUEST_LINE, STATUS_LINE, type CurlLine } from './curl-lines.js';
import { PastedCommands, type CommandLines } from './curl-pasted.js';
import type { At } from '../http/exchange.js';
import { McpHttp } from '../http/mcp-http.js';

/** A header line (`name: value`) of a response head. */
const HEADER_LINE = /^[!#$%&'*+.^\w|~-]+:/;
/** An SSE field that carries an event (`event: message`, `data: {…}`), the first line of a paste cut in a stream. */
const SSE_FIELD = /^(?:event|data):/;

/** curl's lines held at most before the transcript's first message (a file of prose and no MCP is not held whole). */
const HELD_LOGS = 256;

interface CurlReadOptions {
  file: string;
  maxMessageBytes?: number;
  /** The run's status channel, told about `file` after the last frame: a line naming the exchanges that carried no MCP. */
  status?: Status;
  /** Told, after the last frame, how many lines the transcript held. */
  onEnd?: (info: { lines: number }) => void;
}

/**
 * Reads the transcript line by line. `-v` output makes exchanges (curl-exchange.ts): the heads from `>` and `<` lines,
 * the response body from what curl copied from stdout, the request body from the command line pasted before the output
 * (`curl -v` never prints it). A trace's blocks are the connection's bytes as sent and received, read as HTTP/1.1.
 * Either way McpHttp makes the messages, sessions (Mcp-Session-Id) and transport events, as for a capture. curl's own
 * lines (`* …`, `Note: …`, `curl: (N) …`) and text around the transcript are log records; heads, bodies, data markers
 * and the progress meter make none of their own.
 */
class CurlTranscript {
  readonly mcp: McpHttp;
  private readonly out: Frame[] = [];
  private readonly clock = new ClockTimeline();
  private time: TimeValue = NO_TIME;
  readonly conns: CurlConns;
  private readonly commands = new PastedCommands();
  private ex: VerboseExchange | null = null;
  /** A received data block was just read: the text lines after it are the body curl also printed to stdout. */
  private echo = false;
  private lastAt: At = { ts: 0, packet: 0, time: NO_TIME };
  /**
   * The session of the last message or event: curl's lines after it are told as its session's. Before the first one
   * (no session known yet), they are held (up to HELD_LOGS) and told as the session of the first message that has one.
   */
  private session: string | null = null;
  private held: Frame[] = [];
  /** An exchange or a command was read: a response's lines can no longer be the rest of one the paste cut. */
  private started = false;

  constructor(
    private readonly file: string,
    private readonly maxBytes: number,
  ) {
    this.mcp = new McpHttp(file, maxBytes);
    this.conns = new CurlConns(this.mcp);
  }

  take(): Frame[] {
    this.flush();
    return this.out.splice(0);
  }

  async line(l: Line): Promise<void> {
    if (this.commands.reading) {
      const kind = readCurlLine(l.text, false).line.kind;
      // A command's next line, unless curl's output starts (a quote left open never closed: its body is not known).
      if (kind === 'text' || kind === 'blank') {
        const done = this.commands.next(l.text);
        if (done !== null) this.logCommand(done);
        return;
      }
      this.logCommand(this.commands.stop());
    }
    const { clock, line } = readCurlLine(l.text, this.conns.inBlock);
    if (clock !== null) this.time = this.clock.read(clock) ?? this.time;
    const at: At = (this.lastAt = { ts: this.time.tsMs ?? 0, packet: l.line, time: this.time });
    if (l.oversized) {
      this.pushLog(
        oversizedFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes, this.maxBytes, 'line', {
          time: this.time,
        }),
      );
      return;
    }
    if (this.conns.inBlock) {
      if (line.kind === 'offset' && (await this.conns.add(line.offset, line.rest))) return;
      this.echo = await this.conns.endBlock();
    }
    await this.read(line, at);
  }

  private async read(line: CurlLine, at: At): Promise<void> {
    const ex = this.ex;
    if (line.kind !== 'text' && line.kind !== 'blank') this.echo = false;
    switch (line.kind) {
      case 'blank':
        if (ex !== null && ex.phase !== 'over') {
          this.endHeads(at);
          if (ex.phase === 'body') ex.bodyLine('', at);
        }
        return;
      case 'request':
        if (ex?.phase === 'request') {
          if (line.text.trim() === '') ex.endRequest(this.commands.last, at);
          else ex.requestHeader(line.text);
        } else if (REQUEST_LINE.test(line.text)) await this.startExchange(line.text, at);
        else this.log(null, `> ${line.text}`, at);
        return;
      case 'response':
        if (ex?.phase === 'request') ex.endRequest(this.commands.last, at);
        if (
          ex !== null &&
          (ex.phase === 'response' || ex.phase === 'interim' || (ex.phase === 'sent' && STATUS_LINE.test(line.text)))
        )
          ex.responseLine(line.text, at);
        else if (STATUS_LINE.test(line.text)) {
          await this.startExchange(null, at);
          this.ex!.responseLine(line.text, at);
        } else if (!this.started && HEADER_LINE.test(line.text)) {
          // The paste starts inside a response's head: its status line was cut.
          await this.startExchange(null, at);
          this.ex!.midResponse(line.text, at);
        } else this.log(null, `< ${line.text}`, at);
        return;
      case 'marker':
        this.endHeads(at);
        return;
      case 'info':
        this.endHeads(at);
        await this.info(line.text, at);
        this.log('info', line.text, at);
        return;
      case 'block':
        this.finishExchange(at, false);
        await this.conns.startBlock(line.dir, line.what, line.size, at);
        return;
      case 'error':
        this.endHeads(at);
        if (ex !== null) ex.cut ??= 'close';
        this.log('error', `curl: (${line.code}) ${line.text}`, at);
        return;
      case 'warning':
        this.log('warn', line.text, at);
        return;
      case 'offset':
      case 'text':
        return this.text(
          line.kind === 'text' ? line.text : `${line.offset.toString(16).padStart(4, '0')}: ${line.rest}`,
          at,
        );
    }
  }

  private async text(text: string, at: At): Promise<void> {
    const start = commandStart(text);
    if (start >= 0) {
      // A new run: what the last one left open is over.
      this.finishExchange(at, false);
      this.started = true;
      const done = this.commands.start(at.packet, text, start);
      if (done !== null) this.logCommand(done);
      return;
    }
    if (this.echo) return;
    if (!this.started && SSE_FIELD.test(text)) {
      // The paste starts inside a response's event stream: its head was cut.
      await this.startExchange(null, at);
      this.ex!.midResponse(null, at);
    }
    const ex = this.ex;
    if (ex !== null && ex.phase !== 'over') {
      this.endHeads(at);
      if (ex.phase === 'body') {
        const r = ex.bodyLine(text, at);
        if (r.taken) {
          if ('rest' in r) await this.read(readCurlLine(r.rest, false).line, at);
          return;
        }
        this.finishExchange(at, false);
      }
    }
    this.log(null, text, at);
  }

  /** A command's lines are one log record (its body, when used, is the request's message). */
  private logCommand(c: CommandLines): void {
    this.pushLog(
      logFrame({ file: this.file, line: c.first, lines: c.lines.length }, null, c.lines.join('\n'), {
        time: this.time,
      }),
    );
  }

  /** What an information line says of the connection: a new one, one used again, done with, or a transfer cut. */
  private async info(text: string, at: At): Promise<void> {
    const is = infoIs(text);
    if (is === 'open') {
      this.finishExchange(at, false);
      await this.conns.open(at);
    } else if (is === 'reuse') await this.conns.reuse(at);
    else if (is === 'done') {
      if (this.ex !== null) this.ex.complete = true;
      await this.conns.done(at);
    } else if (is === 'cut' && this.ex !== null) this.ex.cut ??= 'close';
  }

  private async startExchange(requestLine: string | null, at: At): Promise<void> {
    this.started = true;
    this.finishExchange(at, false);
    const conn = await this.conns.current(at);
    // A response with no request head before it: the request of the command line, when no head of the run used it yet.
    const command = requestLine === null && !this.commands.used ? this.commands.last : null;
    this.commands.used = true;
    this.ex = new VerboseExchange(this.mcp, conn, requestLine, at, command);
  }

  /** A head whose closing line was not pasted ends where its lines do. */
  private endHeads(at: At): void {
    const ex = this.ex;
    if (ex?.phase === 'request') ex.endRequest(this.commands.last, at);
    if (ex?.phase === 'response' || ex?.phase === 'interim') ex.endResponse(at);
  }

  private finishExchange(at: At, atEnd: boolean): void {
    if (this.ex === null) return;
    if (this.ex.phase === 'request') this.ex.endRequest(this.commands.last, at);
    this.ex.finish(at, atEnd);
    this.ex = null;
  }

  private log(level: string | null, text: string, at: At): void {
    this.pushLog(logFrame({ file: this.file, line: at.packet, lines: 1 }, level, text, { time: this.time }));
  }

  /** A frame of the transcript's own (a log record, an oversized line), in order with the messages around it. */
  private pushLog(f: Frame): void {
    this.flush();
    f.session ??= this.session;
    if (this.session !== null) this.out.push(f);
    else if (this.held.push(f) >= HELD_LOGS) this.release(null);
  }

  private flush(): void {
    for (const f of this.mcp.take()) {
      if (this.held.length > 0) this.release(f.session);
      if (f.session !== null) this.session = f.session;
      this.out.push(f);
    }
  }

  /** The lines held before the first message, told as `session`'s (null: as they are). */
  private release(session: string | null): void {
    for (const h of this.held) h.session ??= session;
    this.out.push(...this.held.splice(0));
  }

  async end(): Promise<void> {
    if (this.commands.reading) this.logCommand(this.commands.stop());
    await this.conns.endBlock();
    this.finishExchange(this.lastAt, true);
    await this.conns.close(this.lastAt, true);
    this.flush();
    this.release(null);
  }
}

/** The frames of a curl transcript, a batch per chunk read. */
export async function* readCurlBatches(chunks: AsyncIterable<Chunk>, opts: CurlReadOptions): AsyncGenerator<Frame[]> {
  const maxBytes = opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const t = new CurlTranscript(opts.file, maxBytes);
  const splitter = new LineSplitter({ maxLineBytes: maxBytes });
  const lines: Line[] = [];
  for await (const chunk of chunks) {
    splitter.push(chunk, lines);
    for (const l of lines) await t.line(l);
    lines.length = 0;
    const out = t.take();
    if (out.length > 0) yield out;
  }
  splitter.end(lines);
  for (const l of lines) await t.line(l);
  await t.end();
  const out = t.take();
  if (out.length > 0) yield out;
  const n = t.mcp.nonMcpCount;
  if (opts.status && n > 0)
    opts.status.note(
      opts.file,
      `${n} HTTP ${n === 1 ? 'exchange' : 'exchanges'} carried no MCP message (${someOf(
        t.mcp.nonMcp.map((x) => x.what),
        n,
      )}).`,
    );
  const h2 = t.conns.h2;
  if (opts.status && h2 > 0)
    opts.status.note(
      opts.file,
      `${h2} traced ${h2 === 1 ? 'connection speaks' : 'connections speak'} HTTP/2 or 3, whose --trace is not read: trace with --http1.1, or use curl -v.`,
    );
  opts.onEnd?.({ lines: splitter.lines });
}
