// One TCP connection read as HTTP/1.1: requests and responses paired in order, bodies decoded, told to a sink.
import { canDecode, codings, BodyDecoder } from './decompress.js';
import type { At, BodyEnd, CutReason, Exchange, ExchangeSink } from './exchange.js';
import { HttpStream, type Head, type Piece } from './http-stream.js';
import type { StreamDir } from './stream-event.js';

/** A body being read: its exchange, its decoder (when encoded), its size so far. */
interface Body {
  x: Exchange;
  decoder: BodyDecoder | null;
  decodeError: string | null;
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
  constructor(readonly conn: string, private readonly sink: ExchangeSink, midstream = false) {
    this.req = new HttpStream('REQUEST', undefined, midstream);
    this.res = new HttpStream('RESPONSE', () => this.waiting[0]?.method === 'HEAD', midstream);
  }

  async data(dir: StreamDir, bytes: Uint8Array, at: At): Promise<void> {
    const pieces: Piece[] = [];
    (dir === 'c2s' ? this.req : this.res).push(bytes, pieces);
    await this.apply(dir, pieces, at, 'close');
  }

  async gap(dir: StreamDir, bytes: number, at: At): Promise<void> {
    const pieces: Piece[] = [];
    (dir === 'c2s' ? this.req : this.res).gap(bytes, pieces);
    await this.apply(dir, pieces, at, 'close');
  }

  /** The connection ended; `how` says whether the capture ended with it open. */
  async close(at: At, atCaptureEnd: boolean): Promise<void> {
    const reason: CutReason = atCaptureEnd ? 'end-of-capture' : 'close';
    for (const dir of ['c2s', 's2c'] as const) {
      const pieces: Piece[] = [];
      (dir === 'c2s' ? this.req : this.res).finish(pieces);
      await this.apply(dir, pieces, at, reason);
    }
    for (const x of this.waiting.splice(0)) this.sink.unanswered(x, at, reason);
  }

  private async apply(dir: StreamDir, pieces: Piece[], at: At, closeReason: CutReason): Promise<void> {
    for (const p of pieces) {
      if (dir === 'c2s') await this.onRequest(p, at, closeReason);
      else await this.onResponse(p, at, closeReason);
    }
  }

  private async onRequest(p: Piece, at: At, closeReason: CutReason): Promise<void> {
    switch (p.kind) {
      case 'head': {
        const x: Exchange = { conn: this.conn, method: p.head.method ?? '?', path: p.head.url, reqHeaders: p.head.headers, status: null, resHeaders: null };
        if (this.waiting.length >= MAX_WAITING) this.sink.unanswered(this.waiting.shift()!, at, 'lost');
        this.waiting.push(x);
        this.reqBody = body(x, p.head);
        this.sink.request(x, at);
        return;
      }
      case 'body':
        return this.bodyBytes(this.reqBody, p.bytes, (x, b) => this.sink.requestBody(x, b, at));
      case 'end':
      case 'cut': {
        const b = this.reqBody;
        this.reqBody = null;
        if (b !== null) this.sink.requestEnd(b.x, at, await finish(b, p, closeReason, (bytes) => this.sink.requestBody(b.x, bytes, at)));
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

  private async onResponse(p: Piece, at: At, closeReason: CutReason): Promise<void> {
    switch (p.kind) {
      case 'head': {
        this.interim = p.head.status >= 100 && p.head.status < 200 && p.head.status !== 101;
        if (this.interim) return;
        const x = this.waiting.shift() ?? { conn: this.conn, method: '?', path: '?', reqHeaders: new Map(), status: null, resHeaders: null };
        x.status = p.head.status;
        x.resHeaders = p.head.headers;
        this.resBody = body(x, p.head);
        this.sink.response(x, at);
        return;
      }
      case 'body':
        return this.bodyBytes(this.resBody, p.bytes, (x, b) => this.sink.responseBody(x, b, at));
      case 'end':
      case 'cut': {
        if (this.interim) {
          this.interim = false;
          return;
        }
        const b = this.resBody;
        this.resBody = null;
        if (b !== null) this.sink.responseEnd(b.x, at, await finish(b, p, closeReason, (bytes) => this.sink.responseBody(b.x, bytes, at)));
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

  private async bodyBytes(b: Body | null, bytes: Uint8Array, tell: (x: Exchange, bytes: Uint8Array) => void): Promise<void> {
    if (b === null) return;
    b.read += bytes.length;
    const out = b.decoder === null ? bytes : await b.decoder.write(bytes);
    if (out.length > 0) tell(b.x, out);
  }
}

function body(x: Exchange, head: Head): Body {
  const list = codings(head.headers.get('content-encoding'));
  const ok = canDecode(list);
  return {
    x,
    decoder: list.length > 0 && ok ? new BodyDecoder(list) : null,
    decodeError: ok ? null : `Content-Encoding ${list.join(', ')} is not one mcptrace decodes (gzip, deflate, br)`,
    read: 0,
    expected: head.length,
  };
}

/** Ends a body: the decoder's last bytes are told, then how it ended. */
async function finish(b: Body, p: Piece, closeReason: CutReason, tell: (bytes: Uint8Array) => void): Promise<BodyEnd> {
  if (b.decoder !== null) {
    const rest = await b.decoder.end();
    if (rest.length > 0) tell(rest);
  }
  const decodeError = b.decodeError ?? b.decoder?.error ?? null;
  if (p.kind !== 'cut') return { cut: null, decodeError };
  return { cut: { reason: p.why === 'lost' ? 'lost' : closeReason, read: p.read, expected: b.expected }, decodeError };
}
