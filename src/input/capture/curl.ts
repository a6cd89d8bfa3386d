// A `curl -v` transcript (or `--trace` / `--trace-ascii` output) read as HTTP exchanges and MCP (`--input-format curl`).
import type { Frame } from '../../types.js';
import { logFrame, oversizedFrame } from '../frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, LineSplitter, type Chunk, type Line } from '../lines.js';
import { ClockTimeline, NO_TIME, type TimeValue } from '../time.js';
import { someOf } from './connection-kind.js';
import { CommandReader, commandStart, type CurlCommand } from './curl-command.js';
import { VerboseExchange } from './curl-exchange.js';
import { infoIs, readCurlLine, REQUEST_LINE, STATUS_LINE, type CurlLine } from './curl-lines.js';
import { TraceBlock } from './curl-trace.js';
import type { At } from './exchange.js';
import { HttpConnection } from './http-connection.js';
import { McpHttp } from './mcp-http.js';

interface CurlReadOptions {
  file: string;
  maxMessageBytes?: number;
  /** Told, after the last frame, a line naming the exchanges that carried no MCP. */
  onNote?: (text: string) => void;
  /** Told, after the last frame, how many lines the transcript held. */
  onEnd?: (info: { lines: number }) => void;
}

/** A connection curl made: named `curl/N` in the order the transcript shows them. A traced one is read as bytes. */
interface Conn {
  name: string;
  /** `--trace`: the connection's bytes are read as HTTP/1.1 (http-connection.ts), as a packet capture's are. */
  http: HttpConnection | null;
  /** curl said it was done with it (`left intact`, `Closing connection`): a next request is on a new one, unless it is re-used. */
  done: boolean;
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
  private conns = 0;
  private conn: Conn | null = null;
  private ex: VerboseExchange | null = null;
  private cmd: CommandReader | null = null;
  /** The lines of the command being read, as written (its prompt included). */
  private cmdLines: string[] = [];
  /** A request of the current command's run was read. */
  private commandUsed = false;
  private command: CurlCommand | null = null;
  private block: { b: TraceBlock; at: At } | null = null;
  /** A received data block was just read: the text lines after it are the body curl also printed to stdout. */
  private echo = false;
  private lastAt: At = { ts: 0, packet: 0, time: NO_TIME };
  /** The session of the last message or event: curl's lines after it are told as its session's. */
  private session: string | null = null;

  constructor(private readonly file: string, private readonly maxBytes: number) {
    this.mcp = new McpHttp(file, maxBytes);
  }

  take(): Frame[] {
    this.flush();
    return this.out.splice(0);
  }

  async line(l: Line): Promise<void> {
    if (this.cmd !== null) {
      const kind = readCurlLine(l.text, false).line.kind;
      // A command's next line, unless curl's output starts (a quote left open never closed: its body is not known).
      if (kind === 'text' || kind === 'blank') {
        this.cmdLines.push(l.text);
        this.command = this.cmd.line(l.text);
        if (this.command !== null || this.cmd.overlong) this.endCommand();
        return;
      }
      this.endCommand();
    }
    const { clock, line } = readCurlLine(l.text, this.block !== null);
    if (clock !== null) this.time = this.clock.read(clock) ?? this.time;
    const at: At = (this.lastAt = { ts: this.time.tsMs ?? 0, packet: l.line, time: this.time });
    if (l.oversized) {
      this.flush();
      this.out.push(oversizedFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes, this.maxBytes, 'line', { time: this.time }));
      return;
    }
    if (this.block !== null) {
      if (line.kind === 'offset' && this.block.b.add(line.offset, line.rest)) return;
      await this.endBlock();
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
          if (line.text.trim() === '') ex.endRequest(this.command, at);
          else ex.requestHeader(line.text);
        } else if (REQUEST_LINE.test(line.text)) await this.startExchange(line.text, at);
        else this.log(null, `> ${line.text}`, at);
        return;
      case 'response':
        if (ex?.phase === 'request') ex.endRequest(this.command, at);
        if (ex !== null && (ex.phase === 'response' || ex.phase === 'interim' || (ex.phase === 'sent' && STATUS_LINE.test(line.text)))) ex.responseLine(line.text, at);
        else if (STATUS_LINE.test(line.text)) {
          await this.startExchange(null, at);
          this.ex!.responseLine(line.text, at);
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
        // TLS records (`SSL data`) are passed over: the blocks after them hold what they carried.
        if (line.what !== 'ssl') {
          if (this.conn === null || this.conn.done) await this.openConn(at);
          this.conn!.http ??= new HttpConnection(this.conn!.name, this.mcp);
        }
        this.block = { b: new TraceBlock(line.dir, line.what, line.size), at };
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
        return this.text(line.kind === 'text' ? line.text : `${line.offset.toString(16).padStart(4, '0')}: ${line.rest}`, at);
    }
  }

  private async text(text: string, at: At): Promise<void> {
    const start = commandStart(text);
    if (start >= 0) {
      // A new run: what the last one left open is over.
      this.finishExchange(at, false);
      this.cmd = new CommandReader(at.packet, text.slice(start));
      this.cmdLines = [text];
      this.commandUsed = false;
      this.command = this.cmd.result();
      if (this.command !== null) this.endCommand();
      return;
    }
    if (this.echo) return;
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

  /** What an information line says of the connection: a new one, one used again, done with, or a transfer cut. */
  /** The command's lines are over: one log record holds them (its body, when used, is the request's message). */
  private endCommand(): void {
    const first = this.cmd!.first;
    this.cmd = null;
    this.flush();
    this.out.push(logFrame({ file: this.file, line: first, lines: this.cmdLines.length }, null, this.cmdLines.join('\n'), { time: this.time, session: this.session }));
    this.cmdLines = [];
  }

  private async info(text: string, at: At): Promise<void> {
    const is = infoIs(text);
    if (is === 'open') await this.openConn(at);
    else if (is === 'reuse') {
      if (this.conn === null) await this.openConn(at);
      else this.conn.done = false;
    } else if (is === 'done' && this.conn !== null) {
      if (this.ex !== null) this.ex.complete = true;
      this.conn.done = true;
      if (this.conn.http !== null) {
        await this.conn.http.close(at, false);
        this.conn.http = null;
      }
    } else if (is === 'cut' && this.ex !== null) this.ex.cut ??= 'close';
  }

  private async startExchange(requestLine: string | null, at: At): Promise<void> {
    this.finishExchange(at, false);
    if (this.conn === null || this.conn.done) await this.openConn(at);
    // A response with no request head before it: the request of the command line, when no head of the run used it yet.
    const command = requestLine === null && !this.commandUsed ? this.command : null;
    this.commandUsed = true;
    this.ex = new VerboseExchange(this.mcp, this.conn!.name, requestLine, at, command);
  }

  /** A head whose closing line was not pasted ends where its lines do. */
  private endHeads(at: At): void {
    const ex = this.ex;
    if (ex?.phase === 'request') ex.endRequest(this.command, at);
    if (ex?.phase === 'response' || ex?.phase === 'interim') ex.endResponse(at);
  }

  private finishExchange(at: At, atEnd: boolean): void {
    if (this.ex === null) return;
    if (this.ex.phase === 'request') this.ex.endRequest(this.command, at);
    this.ex.finish(at, atEnd);
    this.ex = null;
  }

  private async openConn(at: At): Promise<void> {
    await this.closeConn(at, false);
    this.conn = { name: `curl/${++this.conns}`, http: null, done: false };
  }

  private async closeConn(at: At, atEnd: boolean): Promise<void> {
    this.finishExchange(at, atEnd);
    if (this.conn === null) return;
    await this.conn.http?.close(at, atEnd);
    this.mcp.release(this.conn.name);
    this.conn = null;
  }

  private async endBlock(): Promise<void> {
    const { b, at } = this.block!;
    this.block = null;
    const http = this.conn?.http;
    if (b.what === 'ssl' || http == null) return;
    for (const p of b.parts()) {
      const r = 'bytes' in p ? http.data(b.dir, p.bytes, at) : http.gap(b.dir, p.missing, at);
      if (r !== undefined) await r;
    }
    this.echo = b.dir === 's2c' && b.what === 'data';
  }

  private log(level: string | null, text: string, at: At): void {
    this.flush();
    this.out.push(logFrame({ file: this.file, line: at.packet, lines: 1 }, level, text, { time: this.time, session: this.session }));
  }

  private flush(): void {
    for (const f of this.mcp.take()) {
      if (f.session !== null) this.session = f.session;
      this.out.push(f);
    }
  }

  async end(): Promise<void> {
    if (this.cmd !== null) this.endCommand();
    if (this.block !== null) await this.endBlock();
    await this.closeConn(this.lastAt, true);
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
  if (opts.onNote && n > 0) opts.onNote(`${n} HTTP ${n === 1 ? 'exchange' : 'exchanges'} carried no MCP message (${someOf(t.mcp.nonMcp.map((x) => x.what), n)}).`);
  opts.onEnd?.({ lines: splitter.lines });
}
