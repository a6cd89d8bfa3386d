// The connections of a curl transcript: named `curl/N` in the order curl makes them, and a traced one's bytes read as HTTP/1.1.
import { TraceBlock } from './curl-trace.js';
import type { At } from '../http/exchange.js';
import { HttpConnection } from '../http/http-connection.js';
import type { McpHttp } from '../http/mcp-http.js';

interface Conn {
  name: string;
  /** `--trace`: the connection's bytes, read as HTTP/1.1 (http-connection.ts) as a packet capture's are. */
  http: HttpConnection | null;
  /** curl said it was done with it (`left intact`, `Closing connection`): a next request is on a new one, unless it is re-used. */
  done: boolean;
  /** Traced HTTP/2 or 3: curl writes its heads as text and its DATA frames bare, which is no HTTP/1.1 stream to read. */
  h2: boolean;
}

/** Lines of a trace block held at most before they are read (a block of a large body is read as it comes). */
const SLICE_LINES = 256;

/** A traced request head of HTTP/2 or 3 (`POST /mcp HTTP/2`). */
const H2_REQUEST = /^[A-Z][A-Z-]* \S+ HTTP\/[23]\r?\n/;

/**
 * The connection in use. curl says when it makes one (`Connected to`), uses one again (`Re-using existing
 * connection`) and is done with one; a request with none in use (a paste that starts at the head) makes one too.
 */
export class CurlConns {
  private n = 0;
  private conn: Conn | null = null;
  private block: { b: TraceBlock; at: At } | null = null;
  /** Traced connections of HTTP/2 or 3, not read: counted, for the end-of-input note. */
  h2 = 0;

  constructor(private readonly mcp: McpHttp) {}

  /** The connection a request is sent on: the one in use, or a new one when there is none or curl was done with it. */
  async current(at: At): Promise<string> {
    if (this.conn === null || this.conn.done) await this.open(at);
    return this.conn!.name;
  }

  async open(at: At): Promise<void> {
    await this.close(at, false);
    this.conn = { name: `curl/${++this.n}`, http: null, done: false, h2: false };
  }

  /** The connection is over (a new one starts, or the transcript ends: `atEnd`); its traced bytes are read to their end. */
  async close(at: At, atEnd: boolean): Promise<void> {
    if (this.conn === null) return;
    await this.conn.http?.close(at, atEnd);
    this.mcp.release(this.conn.name);
    this.conn = null;
  }

  async reuse(at: At): Promise<void> {
    if (this.conn === null) await this.open(at);
    else this.conn.done = false;
  }

  /** curl is done with the connection: a traced one's reader ends its last message. */
  async done(at: At): Promise<void> {
    if (this.conn === null) return;
    this.conn.done = true;
    await this.conn.http?.close(at, false);
    this.conn.http = null;
  }

  /** Whether a trace block is being read (its `OFFSET: ` lines come next). */
  get inBlock(): boolean {
    return this.block !== null;
  }

  /** A trace block starts. TLS records (`SSL data`) are read and passed over: the blocks after them hold what they carried. */
  async startBlock(dir: 'c2s' | 's2c', what: 'header' | 'data' | 'ssl', size: number, at: At): Promise<void> {
    if (what !== 'ssl') {
      await this.current(at);
      if (!this.conn!.h2) this.conn!.http ??= new HttpConnection(this.conn!.name, this.mcp);
    }
    this.block = { b: new TraceBlock(dir, what, size), at };
  }

  /** A data line of the block being read; false when it is not the block's. A long block's lines are read in slices. */
  async add(offset: number, rest: string): Promise<boolean> {
    const block = this.block;
    if (block === null || !block.b.add(offset, rest)) return false;
    if (block.b.held >= SLICE_LINES) await this.feed(block.b.dir, block.b.take(), block.at);
    return true;
  }

  /** The block is over: its bytes to the connection's reader. True when it held data received (the body curl may print again). */
  async endBlock(): Promise<boolean> {
    if (this.block === null) return false;
    const { b, at } = this.block;
    this.block = null;
    const http = this.conn?.http;
    if (b.what === 'ssl' || http == null) return false;
    const parts = b.parts();
    const first = parts[0];
    if (
      b.dir === 'c2s' &&
      b.what === 'header' &&
      first !== undefined &&
      'bytes' in first &&
      H2_REQUEST.test(first.bytes.toString('latin1', 0, 64))
    ) {
      this.conn!.h2 = true;
      this.conn!.http = null;
      this.h2++;
      return false;
    }
    await this.feed(b.dir, parts, at);
    return b.dir === 's2c' && b.what === 'data';
  }

  private async feed(dir: 'c2s' | 's2c', parts: ReturnType<TraceBlock['parts']>, at: At): Promise<void> {
    const http = this.conn?.http;
    if (http == null) return;
    for (const p of parts) {
      const r = 'bytes' in p ? http.data(dir, p.bytes, at) : http.gap(dir, p.missing, at);
      if (r !== undefined) await r;
    }
  }
}
