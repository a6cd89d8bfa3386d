// One TCP connection read as HTTP/1.1: requests and responses paired in order, bodies decoded, told to a sink.
import { bodyDecoding, type BodyDecoder } from './decompress.js';
import type { At, BodyEnd, CutReason, DecodeOver, Exchange, ExchangeSink } from './exchange.js';
import { HttpStream, type Head, type Piece } from './http-stream.js';
import type { StreamDir } from './stream-event.js';
import type { Peers } from '../../../types.js';

/** A body being read: its exchange, its decoder (when encoded), its size so far. */
interface Body {
  x: Exchange;
  decoder: BodyDecoder | null;
  decodeError: string | null;
  decodeOver: DecodeOver | null;
  read: number;
  expected: number | null;
}

/** Requests waiting for their response on one connection (pipelining); past it the oldest is given up as unanswered. */
const MAX_WAITING = 1024;

/**
 * Responses answer requests in the order they were sent (RFC 9112 §9.3.2: pipelining), so the connection keeps the
 * requests whose response has not started, in order. Interim responses (1xx but 101) answer nothing. A response whose
 * request was not captured (a capture that starts mid-connection) gets an exchange with method and path `?`.
 */
export class HttpConnection {
  private readonly req: HttpStream;
  private readonly res: HttpStream;
  private readonly waiting: Exchange[] = [];
  private reqBody: Body | null = null;
  private resBody: Body | null = null;
  /** Whether the response being read is interim (1xx): its head and end are passed over. */
  private interim = false;

  /** `midstream`: the capture started after the connection did (stream-event.ts). */
  constructor(
    readonly conn: string,
    private readonly sink: ExchangeSink,
    midstream = false,
    private readonly peers?: Peers,
  ) {
    this.req = new HttpStream('REQUEST', undefined, midstream);
    this.res = new HttpStream('RESPONSE', () => this.waiting[0]?.method === 'HEAD', midstream);
  }

  /** Whether either side showed an HTTP message start (a connection joined midway may never). */
  get framed(): boolean {
    return this.req.framed || this.res.framed;
  }

  /** Reads bytes of one side. Synchronous unless a body with a Content-Encoding is read (then a promise to await). */
  data(dir: StreamDir, bytes: Uint8Array, at: At): Promise<void> | void {
    const pieces: Piece[] = [];
    (dir === 'c2s' ? this.req : this.res).push(bytes, pieces);
    return this.apply(dir, pieces, at, 'close');
  }

  gap(dir: StreamDir, bytes: number, at: At): Promise<void> | void {
    const pieces: Piece[] = [];
    (dir === 'c2s' ? this.req : this.res).gap(bytes, pieces);
    return this.apply(dir, pieces, at, 'close');
  }

  /**
   * The client closed its direction: the answer being read and those not started are answers it no longer waits for
   * (the sink is told of each, before anything the server sends after).
   */
  clientClosed(at: At): void {
    const open = this.resBody !== null && !this.interim ? [this.resBody.x] : [];
    for (const x of [...open, ...this.waiting]) this.sink.clientClosed(x, at);
  }

  /** The connection ended; `atCaptureEnd` says whether the capture ended with it open. */
  async close(at: At, atCaptureEnd: boolean): Promise<void> {
    const reason: CutReason = atCaptureEnd ? 'end-of-capture' : 'close';
    for (const dir of ['c2s', 's2c'] as const) {
      const pieces: Piece[] = [];
      (dir === 'c2s' ? this.req : this.res).finish(pieces);
      await this.apply(dir, pieces, at, reason);
    }
    for (const x of this.waiting.splice(0)) this.sink.unanswered(x, at, reason);
  }

  /** The pieces in order: synchronously, until one needs a decoder (zlib is asynchronous), then the rest awaited. */
  private apply(dir: StreamDir, pieces: Piece[], at: At, reason: CutReason): Promise<void> | void {
    for (let i = 0; i < pieces.length; i++) {
      if (this.decodes(dir, pieces[i]!)) return this.applyDecoding(dir, pieces, i, at, reason);
      this.piece(dir, pieces[i]!, at, reason);
    }
  }

  private async applyDecoding(dir: StreamDir, pieces: Piece[], from: number, at: At, reason: CutReason): Promise<void> {
    for (let i = from; i < pieces.length; i++) {
      const p = pieces[i]!;
      if (!this.decodes(dir, p)) {
        this.piece(dir, p, at, reason);
        continue;
      }
      const b = (dir === 'c2s' ? this.reqBody : this.resBody)!;
      const decoder = b.decoder!;
      if (p.kind === 'body') {
        b.read += p.bytes.length;
        const out = await decoder.write(p.bytes);
        if (out.length > 0) this.tell(dir, b.x, out, at);
      } else {
        const rest = await decoder.end();
        if (rest.length > 0) this.tell(dir, b.x, rest, at);
        b.decodeError ??= decoder.error;
        b.decodeOver = decoder.over;
        b.decoder = null;
        this.piece(dir, p, at, reason);
      }
    }
  }

  /** Whether the piece is body bytes, or the end of a body, that a decoder must see first. */
  private decodes(dir: StreamDir, p: Piece): boolean {
    if (p.kind !== 'body' && p.kind !== 'end' && p.kind !== 'cut') return false;
    const b = dir === 'c2s' ? this.reqBody : this.resBody;
    return b !== null && b.decoder !== null && !(dir === 's2c' && this.interim);
  }

  private tell(dir: StreamDir, x: Exchange, bytes: Uint8Array, at: At): void {
    if (dir === 'c2s') this.sink.requestBody(x, bytes, at);
    else this.sink.responseBody(x, bytes, at);
  }

  /** One piece whose body (if any) needs no decoding, or was decoded already. */
  private piece(dir: StreamDir, p: Piece, at: At, reason: CutReason): void {
    if (dir === 'c2s') this.onRequest(p, at, reason);
    else this.onResponse(p, at, reason);
  }

  /** A body with this head: decoded (its codings, within the sink's message limit) as it comes. */
  private body(x: Exchange, head: Head): Body {
    return { x, ...bodyDecoding(head.headers, this.sink.maxBytes), decodeOver: null, read: 0, expected: head.length };
  }

  private onRequest(p: Piece, at: At, closeReason: CutReason): void {
    switch (p.kind) {
      case 'head': {
        const x: Exchange = {
          conn: this.conn,
          method: p.head.method ?? '?',
          path: p.head.url,
          reqHeaders: p.head.headers,
          version: p.head.version,
          status: null,
          resHeaders: null,
          ...(this.peers && { peers: this.peers }),
        };
        if (this.waiting.length >= MAX_WAITING) this.sink.unanswered(this.waiting.shift()!, at, 'lost');
        this.waiting.push(x);
        this.reqBody = this.body(x, p.head);
        this.sink.request(x, at);
        return;
      }
      case 'body':
        if (this.reqBody !== null) {
          this.reqBody.read += p.bytes.length;
          this.sink.requestBody(this.reqBody.x, p.bytes, at);
        }
        return;
      case 'end':
      case 'cut': {
        const b = this.reqBody;
        this.reqBody = null;
        if (b !== null) this.sink.requestEnd(b.x, at, ending(b, p, closeReason));
        return;
      }
      case 'gap':
        if (this.reqBody !== null) this.sink.gap(this.reqBody.x, 'c2s', p.bytes, at);
        else this.sink.notice(this.conn, 'c2s', { kind: 'gap', bytes: p.bytes }, at);
        return;
      case 'lost':
        this.sink.notice(this.conn, 'c2s', { kind: 'lost', why: p.why }, at);
        return;
      case 'skipped':
        this.sink.notice(this.conn, 'c2s', p, at);
    }
  }

  private onResponse(p: Piece, at: At, closeReason: CutReason): void {
    switch (p.kind) {
      case 'head': {
        this.interim = p.head.status >= 100 && p.head.status < 200 && p.head.status !== 101;
        if (this.interim) return;
        const x = this.waiting.shift() ?? {
          conn: this.conn,
          method: '?',
          path: '?',
          reqHeaders: new Map(),
          status: null,
          resHeaders: null,
        };
        x.status = p.head.status;
        x.resHeaders = p.head.headers;
        this.resBody = this.body(x, p.head);
        this.sink.response(x, at);
        return;
      }
      case 'body':
        if (this.resBody !== null && !this.interim) {
          this.resBody.read += p.bytes.length;
          this.sink.responseBody(this.resBody.x, p.bytes, at);
        }
        return;
      case 'end':
      case 'cut': {
        if (this.interim) {
          this.interim = false;
          return;
        }
        const b = this.resBody;
        this.resBody = null;
        if (b !== null) this.sink.responseEnd(b.x, at, ending(b, p, closeReason));
        return;
      }
      case 'gap':
        if (this.resBody !== null) this.sink.gap(this.resBody.x, 's2c', p.bytes, at);
        else this.sink.notice(this.conn, 's2c', { kind: 'gap', bytes: p.bytes }, at);
        return;
      case 'lost':
        this.sink.notice(this.conn, 's2c', { kind: 'lost', why: p.why }, at);
        // Which responses the lost bytes held is unknown: the requests waiting now are given up, not mispaired.
        for (const x of this.waiting.splice(0)) this.sink.unanswered(x, at, 'lost');
        return;
      case 'skipped':
        this.sink.notice(this.conn, 's2c', p, at);
    }
  }
}

/** How a body ended (its decoder, if any, has given its last bytes already). */
function ending(b: Body, p: Piece, closeReason: CutReason): BodyEnd {
  const cut =
    p.kind !== 'cut' ? null : { reason: p.why === 'close' ? closeReason : p.why, read: p.read, expected: b.expected };
  return { cut, decodeError: b.decodeError, decodeOver: b.decodeOver };
}
