// One exchange the HTTP proxy forwards, told to McpHttp in order: request head, body, end; response head, body, end.
import type { Buffer } from 'node:buffer';
import { bodyDecoding, type BodyDecoder } from '../input/capture/http/decompress.js';
import {
  headerMap,
  mediaType,
  type At,
  type BodyEnd,
  type CutReason,
  type Exchange,
} from '../input/capture/http/exchange.js';
import {
  LAST_EVENT_ID_HEADER,
  legacySession,
  modernHeaders,
  PROTOCOL_VERSION_HEADER,
  SESSION_HEADER,
} from '../protocol/http-transport.js';
import type { HttpInfo } from '../types.js';
import type { HttpCapture } from './http-capture.js';

/** One body being forwarded: its decoder (Content-Encoding), bytes read, the length announced. */
interface Body {
  decoder: BodyDecoder | null;
  decodeError: string | null;
  read: number;
  expected: number | null;
}

/** How a body with these headers is read: its decoder (within `limit`, the message limit), and the length it announced. */
export function bodyOf(headers: ReadonlyMap<string, string>, limit: number): Body {
  const length = headers.get('content-length');
  const expected = length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
  return { ...bodyDecoding(headers, limit), read: 0, expected };
}

/**
 * One exchange's events, in the order they happen; each is told once, and `finish` ends whatever is still open (the
 * proxy stopped, the connection closed), so McpHttp always sees an exchange through.
 */
export class ExchangeTap {
  private res: Body | null = null;
  private reqOpen = true;
  private state: 'waiting' | 'answering' | 'done' = 'waiting';

  constructor(
    private readonly capture: HttpCapture,
    private readonly x: Exchange,
    private readonly req: Body,
  ) {}

  requestData(chunk: Buffer): void {
    if (this.reqOpen) this.data(this.req, chunk, (bytes, at) => this.capture.sink.requestBody(this.x, bytes, at));
  }

  /** The request body ended: whole, or cut (the client went away, the proxy stopped). */
  requestEnd(cut: CutReason | null = null): void {
    if (!this.reqOpen) return;
    this.reqOpen = false;
    this.end(this.req, cut, (at, end) => this.capture.sink.requestEnd(this.x, at, end));
  }

  /** The response's head, as the client gets it (the target's, or the proxy's own 502). */
  response(status: number, rawHeaders: readonly string[]): void {
    if (this.state !== 'waiting') return;
    this.state = 'answering';
    const headers = headerMap(rawHeaders);
    this.res = bodyOf(headers, this.capture.sink.maxBytes);
    this.capture.run((at) => {
      this.x.status = status;
      this.x.resHeaders = headers;
      this.capture.sink.response(this.x, at);
    });
  }

  responseData(chunk: Buffer): void {
    if (this.state === 'answering')
      this.data(this.res!, chunk, (bytes, at) => this.capture.sink.responseBody(this.x, bytes, at));
  }

  responseEnd(cut: CutReason | null = null): void {
    if (this.state !== 'answering') return;
    this.state = 'done';
    this.end(this.res!, cut, (at, end) => this.capture.sink.responseEnd(this.x, at, end));
  }

  /**
   * An event of the proxy's own about this exchange (the target could not be reached), recorded after the exchange's
   * records so far, in its session (the one the request named) and with its `http`.
   */
  event(name: string, data: Record<string, unknown>): void {
    const x = this.x;
    const session = x.reqHeaders.get(SESSION_HEADER) ?? legacySession(x.path);
    this.capture.run((at) => {
      const http: HttpInfo = {
        method: x.method,
        path: x.path,
        status: x.status,
        contentType: mediaType(x.resHeaders?.get('content-type')),
        stream: x.method === 'POST' ? 'post' : x.method === 'GET' ? 'get' : null,
        eventId: null,
        conn: x.conn,
        // The proxy's own event is numbered by no reader: its request's MCP headers say which exchange it was.
        exchange: null,
        protocolVersion: x.reqHeaders.get(PROTOCOL_VERSION_HEADER) ?? null,
        sessionId: x.reqHeaders.get(SESSION_HEADER) ?? null,
        accept: x.reqHeaders.get('accept') ?? null,
        lastEventId: x.reqHeaders.get(LAST_EVENT_ID_HEADER) ?? null,
        ...modernHeaders(x.reqHeaders),
      };
      const ts = new Date(at.ts).toISOString();
      this.capture.record(
        session === null
          ? { ts, event: name, dir: 's2c', ...data, http }
          : { ts, event: name, dir: 's2c', session, ...data, http },
      );
    });
  }

  /** Whatever is still open ends here, for `reason`: a request not answered, a body cut. */
  finish(reason: CutReason): void {
    this.requestEnd(reason);
    if (this.state === 'answering') this.responseEnd(reason);
    else if (this.state === 'waiting') {
      this.state = 'done';
      this.capture.run((at) => this.capture.sink.unanswered(this.x, at, reason));
    }
  }

  private data(b: Body, chunk: Buffer, tell: (bytes: Uint8Array, at: At) => void): void {
    b.read += chunk.length;
    const decoder = b.decoder;
    // A coding not decoded: the bytes are kept as they are, and the record says it could not read them.
    if (decoder === null) {
      this.capture.run((at) => tell(chunk, at));
      return;
    }
    this.capture.run(async (at) => {
      const out = await decoder.write(chunk);
      if (out.length > 0) tell(out, at);
    });
  }

  private end(b: Body, cut: CutReason | null, tell: (at: At, end: BodyEnd) => void): void {
    const decoder = b.decoder;
    const ending = (): BodyEnd => ({
      cut: cut === null ? null : { reason: cut, read: b.read, expected: b.expected },
      decodeError: b.decodeError ?? decoder?.error ?? null,
      decodeOver: decoder?.over ?? null,
    });
    if (decoder === null) {
      this.capture.run((at) => tell(at, ending()));
      return;
    }
    this.capture.run(async (at) => {
      const rest = await decoder.end();
      if (rest.length > 0) {
        if (b === this.req) this.capture.sink.requestBody(this.x, rest, at);
        else this.capture.sink.responseBody(this.x, rest, at);
      }
      tell(at, ending());
    });
  }
}
