// What the HTTP proxy forwards, told to the HTTP reader's MCP layer (McpHttp) as it happens, and recorded.
import { headerMap, type At, type Exchange } from '../input/capture/http/exchange.js';
import { McpHttp } from '../input/capture/http/mcp-http.js';
import { bodyOf, ExchangeTap } from './exchange-tap.js';
import { frameRecord } from './http-record.js';
import type { Recorder } from './recorder.js';

/**
 * The proxy's exchanges read as a packet capture's are (docs/formats.md §28): the same McpHttp makes the records, so
 * sessions, SSE events, `202`, `DELETE` and status events are what `annotate` gives for a capture of the same traffic.
 * node:http has parsed the framing already (chunks, lengths); what is left is Content-Encoding, undone as in a
 * capture (exchange-tap.ts). McpHttp is told everything in the order the proxy saw it, through one queue: a decoder
 * is asynchronous, so while it works what comes next waits its turn (and is timed when it happened, not when its turn
 * came).
 */
export class HttpCapture {
  private readonly mcp: McpHttp;
  private tail: Promise<void> | null = null;
  private failed = false;
  private closed = false;

  constructor(
    private readonly recorder: Recorder,
    maxBytes: number,
    private readonly warn: (message: string) => void,
  ) {
    this.mcp = new McpHttp('proxy', maxBytes, { readHost: false, oversizedHead: maxBytes });
  }

  /** The reader the exchanges are told to. */
  get sink(): McpHttp {
    return this.mcp;
  }

  /** A request's head arrived on connection `conn`: its exchange, to tell the rest to. */
  exchange(conn: string, method: string, path: string, rawHeaders: readonly string[]): ExchangeTap {
    const reqHeaders = headerMap(rawHeaders);
    const x: Exchange = { conn, method, path, reqHeaders, status: null, resHeaders: null };
    const tap = new ExchangeTap(this, x, bodyOf(reqHeaders, this.mcp.maxBytes));
    this.run((at) => this.mcp.request(x, at));
    return tap;
  }

  /** A client's connection closed: what McpHttp kept about it goes (a long run sees many connections). */
  connectionClosed(conn: string): void {
    this.run(() => void this.mcp.release(conn));
  }

  /** A record of the proxy's own, written in its turn (call it from a task given to `run`). */
  record(envelope: Record<string, unknown>): void {
    this.recorder.record(envelope);
  }

  /** Resolves when everything told so far is recorded; what is told after `close` is not. */
  async close(): Promise<void> {
    while (this.tail !== null) await this.tail;
    this.closed = true;
  }

  /** Runs `task` after those before it (synchronously when none waits), then records the frames it completed. */
  run(task: (at: At) => void | Promise<void>): void {
    const at: At = { ts: Date.now(), packet: 0 };
    const step = (): void | Promise<void> => {
      if (this.failed || this.closed) return;
      const p = task(at);
      if (p === undefined) return this.flush();
      return p.then(() => this.flush());
    };
    if (this.tail === null) {
      const p = this.guard(step);
      if (p !== undefined) this.chain(p);
      return;
    }
    this.chain(this.tail.then(() => this.guard(step)));
  }

  private chain(p: Promise<void>): void {
    const tail = p
      .catch((err: unknown) => this.fail(err))
      .finally(() => {
        if (this.tail === tail) this.tail = null;
      });
    this.tail = tail;
  }

  private guard(step: () => void | Promise<void>): void | Promise<void> {
    try {
      return step();
    } catch (err) {
      this.fail(err);
    }
  }

  /** A fault of ours stops the capture, never the forwarding (ARCHITECTURE.md principle 4). */
  private fail(err: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.warn(`capture stopped: ${(err as Error).message}; the proxy goes on forwarding`);
  }

  private flush(): void {
    for (const f of this.mcp.take()) this.recorder.record(frameRecord(f));
  }
}
