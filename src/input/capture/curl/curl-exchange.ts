// One request and its response as `curl -v` shows them: heads from the `>` and `<` lines, the response body from the
// lines curl copied from stdout; told to the MCP layer as an HTTP exchange (exchange.ts), as a HAR entry is.
import { Buffer } from 'node:buffer';
import { JsonExtent } from '../../json/json-extent.js';
import type { CurlCommand } from './curl-command.js';
import { REQUEST_LINE, STATUS_LINE } from './curl-lines.js';
import { headerMap, mediaType, type At, type BodyEnd, type CutReason, type Exchange } from '../http/exchange.js';
import type { McpHttp } from '../http/mcp-http.js';
import { JSON_MEDIA_TYPE } from '../../../protocol/http-transport.js';

/** Where the exchange is: its request head being read, sent, its response head (or an interim one), its body, over. */
type Phase = 'request' | 'sent' | 'response' | 'interim' | 'body' | 'over';

/** A body line curl printed, by what the response's type allows: an SSE stream's lines, a JSON value's, anything. */
type BodyKind = 'sse' | 'json' | 'other';

/** What a body line was: taken, not the body's (the body is over: read the line as what it is), or the body's end with more on the line. */
type BodyLine = { taken: true } | { taken: false } | { taken: true; rest: string };

const SSE_LINE = /^(?:(?:data|event|id|retry)(?::|$)|:)/;

/**
 * The exchange's phases follow the transcript: `>` lines until a line that is not one (curl ends the head with `> `),
 * then `<` lines likewise (a `1xx` head is passed over), then body lines. A JSON body ends with its value (what follows
 * on the line, such as the `* Connection #0 … left intact` curl writes after a body without a final newline, is read on);
 * an SSE body with the first line that is no SSE field; another body with the next exchange.
 */
export class VerboseExchange {
  readonly x: Exchange;
  phase: Phase = 'request';
  /** How the transfer ended, when curl said: cut (`transfer closed`, `Operation timed out`, a `curl: (N)` error) or whole. */
  cut: CutReason | null = null;
  complete = false;
  private readonly reqFlat: string[] = [];
  private resFlat: string[] = [];
  private kind: BodyKind | null = null;
  private extent: JsonExtent | null = null;
  private bodyAt: At | null = null;
  private eventAt: At | null = null;
  /** The last SSE line read was a field: an event is open (its blank line not read yet). */
  private inEvent = false;
  private lastAt: At;
  private read = 0;
  /** The request sent a body the transcript does not hold (its Content-Length): told once the response says whether it is MCP. */
  private reqMissing: number | null = null;
  /** The paste started after the response's status line (midResponse). */
  private cutHead = false;

  /**
   * `requestLine` null: only the response is in the transcript; the request is the one `command` makes, when its
   * command line is there, else one of unknown method and target (as a capture joined midway has).
   */
  constructor(
    private readonly sink: McpHttp,
    conn: string,
    requestLine: string | null,
    at: At,
    command: CurlCommand | null = null,
  ) {
    const m = requestLine === null ? null : REQUEST_LINE.exec(requestLine);
    const method = m?.[1] ?? command?.method ?? '?';
    this.x = {
      conn,
      method,
      path: m?.[2] ?? command?.target ?? '?',
      reqHeaders: new Map(),
      ...(m?.[3] ? { version: m[3] } : {}),
      status: null,
      resHeaders: null,
    };
    this.lastAt = at;
    if (requestLine === null) {
      this.phase = 'sent';
      sink.request(this.x, at);
    }
  }

  /**
   * The paste starts inside this response: after its status line (`header`, the first of its header lines pasted), or
   * in its body (null: SSE lines, so an event stream). What was cut is not known: the status stays null on the records,
   * and the body is read as the answer with a body it shows it was (a 2xx; the stream's type when only its lines show).
   */
  midResponse(header: string | null, at: At): void {
    this.phase = 'response';
    this.cutHead = true;
    if (header !== null) return this.responseLine(header, at);
    this.resFlat = ['content-type', 'text/event-stream'];
    this.endResponse(at);
  }

  /** A `>` header line of the request head. */
  requestHeader(text: string): void {
    const colon = text.indexOf(':');
    if (colon > 0) this.reqFlat.push(text.slice(0, colon).trim(), text.slice(colon + 1).trim());
  }

  /** The request head is over: the request is told, with its body when the run's command line holds it. */
  endRequest(command: CurlCommand | null, at: At): void {
    this.x.reqHeaders = headerMap(this.reqFlat);
    this.phase = 'sent';
    this.sink.request(this.x, at);
    const h = this.x.reqHeaders;
    const length = h.has('content-length') ? Number(h.get('content-length')) : null;
    const sent = (length !== null && length > 0) || /chunked/i.test(h.get('transfer-encoding') ?? '');
    if (sent && command?.body != null && (length === null || Buffer.byteLength(command.body) === length)) {
      const bodyAt = { ...at, packet: command.line };
      this.sink.requestBody(this.x, Buffer.from(command.body), bodyAt);
      this.sink.requestEnd(this.x, bodyAt, { cut: null, decodeError: null });
      return;
    }
    if (sent) this.reqMissing = length;
    this.sink.requestEnd(this.x, at, { cut: null, decodeError: null });
  }

  /** A `<` line: the status line of a head, a header, or `''` (the head's end). */
  responseLine(text: string, at: At): void {
    if (this.phase === 'sent') {
      const s = STATUS_LINE.exec(text);
      const status = s === null ? 0 : Number(s[1]);
      this.phase = status >= 100 && status < 200 && status !== 101 ? 'interim' : 'response';
      this.x.status = status;
      this.resFlat = [];
      return;
    }
    if (text.trim() === '') {
      if (this.phase === 'interim') this.phase = 'sent';
      else this.endResponse(at);
      return;
    }
    const colon = text.indexOf(':');
    if (colon > 0) this.resFlat.push(text.slice(0, colon).trim(), text.slice(colon + 1).trim());
  }

  /** The response head is over: told, and what its body may be is known. */
  endResponse(at: At): void {
    if (this.phase === 'interim') {
      this.phase = 'sent';
      return;
    }
    const x = this.x;
    x.resHeaders = headerMap(this.resFlat);
    if (this.cutHead) x.status = 200;
    this.sink.response(x, at);
    if (this.cutHead) x.status = null;
    if (this.reqMissing !== null) this.sink.notCaptured(x, at, 'request', this.reqMissing);
    const status = x.status ?? 200;
    const length = x.resHeaders.get('content-length');
    const type = mediaType(x.resHeaders.get('content-type'));
    const none =
      x.method === 'HEAD' || status < 200 || status === 202 || status === 204 || status === 304 || length === '0';
    this.kind = none
      ? null
      : type === 'text/event-stream'
        ? 'sse'
        : type !== null && JSON_MEDIA_TYPE.test(type)
          ? 'json'
          : 'other';
    this.phase = 'body';
    this.lastAt = at;
    if (this.kind === null) this.finish(at, false);
  }

  /** A line curl copied from stdout (or a blank one), while the body is read. */
  bodyLine(text: string, at: At): BodyLine {
    this.lastAt = at;
    if (this.kind === 'sse') {
      if (text !== '' && !SSE_LINE.test(text)) return { taken: false };
      this.inEvent = text !== '';
      this.eventAt = this.inEvent ? (this.eventAt ?? at) : null;
      this.body(`${text}\n`, this.eventAt ?? at);
      return { taken: true };
    }
    if (this.kind === 'json') {
      if (this.extent === null) {
        if (text.trim() === '') return { taken: true };
        const from = text.search(/\S/);
        if (text[from] !== '{' && text[from] !== '[') return { taken: false };
        this.extent = new JsonExtent();
        this.bodyAt = at;
        return this.jsonLine(text, at, from);
      }
      return this.jsonLine(text, at, 0);
    }
    // Another body (not MCP, read past): as far as its Content-Length, when the head gave one, else to curl's next line.
    const length = this.x.resHeaders!.get('content-length');
    if (length !== undefined && this.read >= Number(length)) return { taken: false };
    this.read += Buffer.byteLength(text) + 1;
    return { taken: true };
  }

  private jsonLine(text: string, at: At, from: number): BodyLine {
    const end = this.extent!.scan(text, from);
    if (end < 0) {
      this.body(`${text}\n`, at);
      return { taken: true };
    }
    this.body(text.slice(0, end), at);
    this.extent = null;
    this.finish(at, false);
    const rest = text.slice(end);
    // zsh marks output that did not end with a newline with a `%` of its own.
    return rest.trim() === '' || rest.trim() === '%' ? { taken: true } : { taken: true, rest };
  }

  private body(text: string, at: At): void {
    const bytes = Buffer.from(text);
    this.read += bytes.length;
    this.sink.responseBody(this.x, bytes, at);
  }

  /** The exchange is over (the next one starts, or the transcript ends: `atEnd`), however far it got. */
  finish(at: At, atEnd: boolean): void {
    if (this.phase === 'over') return;
    if (this.phase === 'request') this.endRequest(null, at);
    if (this.phase === 'sent') {
      this.phase = 'over';
      this.sink.unanswered(this.x, at, this.cut ?? (atEnd ? 'end-of-capture' : 'not-captured'));
      return;
    }
    if (this.phase === 'response' || this.phase === 'interim') this.endResponse(at);
    if (this.phase !== 'body') return;
    this.phase = 'over';
    // A paste loses the blank line after the last event more often than a stream stops inside one: it is read as whole.
    if (this.inEvent) this.body('\n', this.eventAt ?? at);
    const length = this.x.resHeaders!.get('content-length');
    // A JSON answer that never showed (stdout went elsewhere): said, as a HAR entry without its body is.
    if (this.kind === 'json' && this.read === 0 && this.cut === null)
      this.sink.notCaptured(this.x, at, 'response', length === undefined ? null : Number(length));
    let end: BodyEnd = { cut: null, decodeError: null };
    const open = this.kind === 'json' ? this.extent !== null : this.kind === 'sse' && !this.complete;
    if (this.cut !== null || (open && (atEnd || this.kind === 'json'))) {
      end = {
        cut: {
          reason: this.cut ?? 'end-of-capture',
          read: this.read,
          expected: length === undefined ? null : Number(length),
        },
        decodeError: null,
      };
    }
    this.sink.responseEnd(this.x, this.kind === 'json' && this.bodyAt !== null ? this.bodyAt : this.lastAt, end);
  }
}
