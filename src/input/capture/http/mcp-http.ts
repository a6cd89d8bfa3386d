// HTTP exchanges read as MCP (Streamable HTTP, and the 2024-11-05 HTTP+SSE transport): messages, sessions, events.
import { StringDecoder } from 'node:string_decoder';
import {
  JSON_MEDIA_TYPE,
  LAST_EVENT_ID_HEADER,
  LEGACY_ENDPOINT_EVENT,
  legacySession,
  modernHeaders,
  PROTOCOL_VERSION_HEADER,
  SESSION_HEADER,
  statusEvent,
  STREAM_CLOSED_EVENT,
} from '../../../protocol/http-transport.js';
import type { Direction, Frame, HttpInfo, HttpWire, TransportEvent } from '../../../types.js';
import {
  errorFrame,
  eventFrame,
  overLimitFrame,
  oversizedFrame,
  textFrame,
  type FrameContext,
} from '../../lines/frames.js';
import { OVERSIZED_KEEP_BYTES } from '../../lines/lines.js';
import { bodyFrame, cutText, decodeOverText, overLimit, time } from './body-frame.js';
import { ConnSessions } from './conn-sessions.js';
import {
  mediaType,
  type At,
  type BodyEnd,
  type CutReason,
  type Exchange,
  type ExchangeSink,
  type StreamNotice,
} from './exchange.js';
import { BoundedBody } from './http-body.js';
import { claimsModern, isInitialize, looksJsonRpc, namesJsonRpc, parse, requestId } from './mcp-body.js';
import { lengthConflict } from './message-length.js';
import { SseReader, type SseEvent } from './sse.js';

/** What every record of an exchange says of its request (HttpInfo's fields from `exchange` on). */
type RequestInfo = Pick<
  HttpInfo,
  | 'exchange'
  | 'protocolVersion'
  | 'sessionId'
  | 'accept'
  | 'lastEventId'
  | 'mcpMethod'
  | 'mcpName'
  | 'mcpParams'
  | 'answerSessionId'
  | 'lengthConflict'
>;

/** What is known of one exchange while it is read. */
interface State {
  /**
   * The session: the request's `Mcp-Session-Id` (or legacy `sessionId` query), else the response's; a request that
   * names none (and is no `initialize`) takes its connection's.
   */
  session: string | null;
  request: RequestInfo;
  wire: HttpWire;
  /** The exchange carries MCP: a JSON-RPC body, an MCP header, an SSE answer. */
  mcp: boolean;
  stream: 'post' | 'get' | null;
  req: BoundedBody | null;
  reqGap: number;
  /** An `initialize` request sent without a session: its session is the one its response assigns. */
  held: Frame | null;
  /**
   * Records of an exchange not known to be MCP yet, held until its answer shows whether it is: its request's body
   * when it passed the limit (nothing of it to judge by), the answer's status event. Out when the answer is MCP.
   */
  unclaimed: Frame[];
  /** The request's body was an `initialize`. */
  initialize: boolean;
  /** The request's body went out as a record (not held): its session is the exchange's. */
  requestOut: boolean;
  resType: string | null;
  res: BoundedBody | null;
  resGap: number;
  sse: SseReader | null;
  decoder: StringDecoder | null;
  /** The SSE event that passed the size bound, to be reported with the next frame's position. */
  overflow: number;
  /** The response's head made an event (`http-accepted`, `http-status` …). */
  headEvent: boolean;
  /** Frames of the answer told so far (its messages and events). */
  answered: number;
  /** The client closed the connection before the answer ended: the answer's frames from now on say so. */
  clientGone: boolean;
  /** The JSON-RPC id of a 2026-07-28 request the body held: closing its stream cancels it. */
  modernRequestId: string | number | null;
}

/** Longest WWW-Authenticate challenge an `http-status` event keeps. */
const MAX_CHALLENGE = 1000;

/** A 401's or 403's WWW-Authenticate challenge (why the server refused, and where to get a token), as the event's `authChallenge`. */
function authChallenge(status: number, headers: ReadonlyMap<string, string>): { authChallenge?: string } {
  const challenge = status === 401 || status === 403 ? headers.get('www-authenticate') : undefined;
  return challenge ? { authChallenge: challenge.slice(0, MAX_CHALLENGE) } : {};
}

/** What a record about a connection, not an exchange, says of a request: nothing. */
const NO_REQUEST: RequestInfo = {
  exchange: null,
  protocolVersion: null,
  sessionId: null,
  accept: null,
  lastEventId: null,
};

interface McpHttpOptions {
  /**
   * The request's Host names the server (default true; false for the proxy's own traffic, where it names the proxy,
   * not the server behind it).
   */
  readHost?: boolean;
  /** Bytes of an oversized body's start its record keeps (default 4 KiB, as an oversized line's; the proxy's capture keeps up to its --max-line). */
  oversizedHead?: number;
}

/** A connection or exchange that carried no MCP, kept to name a few in the end-of-input line. */
interface NonMcp {
  conn: string;
  what: string;
}

/**
 * Turns what the HTTP layer reads (exchange.ts) into frames, in the order it is told. Direction is stated, never
 * inferred: request bodies are c2s, response bodies and SSE events s2c. A record's time is the time of the packet that
 * completed it, its `line` that packet's number. The rules of the transport (basic/transports.mdx):
 * - POST bodies hold a message or a batch; the answer is `application/json` (one message or a batch) or an SSE stream
 *   of messages; `202 Accepted` (a notification or response taken) is an `http-accepted` event.
 * - GET opens the server's SSE stream (`405`: `http-get-unsupported`); DELETE ends the session (`http-delete`, or
 *   `http-delete-refused` when answered other than 2xx); `404` to a request with a session id means the session
 *   expired (`http-session-expired`); any other status not 2xx, or a 2xx to a POST that carried no message, is an
 *   `http-status` event.
 * - The session is keyed by `Mcp-Session-Id`, which the server assigns in its answer to `initialize`: that request is
 *   held until the answer's head, so that it carries the session it opened. A later request that names no session is
 *   its connection's (the last one named on it). Without the header at all (a stateless server) frames carry no
 *   session and the session stage starts one at each `initialize`.
 * - Every record of an exchange carries the request's MCP headers as read (`HttpInfo`), for the transport rules.
 * - Legacy HTTP+SSE (2024-11-05): a GET stream whose `endpoint` event names where to POST (`/messages?sessionId=…`):
 *   the `sessionId` query keys the session, on the stream and on the POSTs alike.
 */
export class McpHttp implements ExchangeSink {
  private readonly states = new WeakMap<Exchange, State>();
  private readonly out: Frame[] = [];
  /**
   * Per open connection (forgotten at `release`, so that memory does not grow with the connections of a capture): the
   * last session seen, for what is reported about the connection rather than an exchange and for a request that names
   * none; whether it carried MCP; its first exchange without MCP.
   */
  private readonly connSession = new ConnSessions();
  private readonly mcpConns = new Set<string>();
  private readonly quietWhat = new Map<string, string>();
  /** Exchanges without MCP: counted, the first few named. */
  readonly nonMcp: NonMcp[] = [];
  nonMcpCount = 0;
  /** Requests read so far: the number of the next one's exchange, less one. */
  private exchanges = 0;

  private readonly readHost: boolean;
  private readonly oversizedHead: number;

  constructor(
    private readonly file: string,
    readonly maxBytes: number,
    opts: McpHttpOptions = {},
  ) {
    this.readHost = opts.readHost ?? true;
    this.oversizedHead = opts.oversizedHead ?? OVERSIZED_KEEP_BYTES;
  }

  /** Frames completed since the last call. */
  take(): Frame[] {
    return this.out.splice(0);
  }

  request(x: Exchange, _at?: At): void {
    const h = x.reqHeaders;
    const named = h.get(SESSION_HEADER) ?? legacySession(x.path);
    const stream = x.method === 'POST' ? 'post' : x.method === 'GET' ? 'get' : null;
    const request: RequestInfo = {
      exchange: ++this.exchanges,
      protocolVersion: h.get(PROTOCOL_VERSION_HEADER) ?? null,
      sessionId: h.get(SESSION_HEADER) ?? null,
      accept: h.get('accept') ?? null,
      lastEventId: h.get(LAST_EVENT_ID_HEADER) ?? null,
      ...modernHeaders(h),
    };
    const conflict = lengthConflict(h);
    if (conflict !== null) request.lengthConflict = conflict;
    // A GET or DELETE is never an `initialize`: one that names no session is its connection's (a POST waits for its body).
    const session = named ?? (x.method === 'POST' ? null : this.connSession.of(x.conn));
    // The exchange is MCP by what the request says (an MCP header, a GET for an SSE stream), or for a DELETE by the
    // session its connection carries (it ends that session). Another request on such a connection (a page, an asset
    // of the same origin) is not MCP by its connection alone.
    // An MCP client's POST accepts both answers, JSON and an SSE stream (basic/transports.mdx §Sending Messages to the
    // Server): that marks the exchange even when its body was not captured.
    const accepts = h.get('accept') ?? '';
    const sse = /text\/event-stream/i.test(accepts);
    const mcp =
      named !== null ||
      h.has(PROTOCOL_VERSION_HEADER) ||
      request.mcpMethod !== undefined ||
      (sse && (x.method === 'GET' || (x.method === 'POST' && /application\/json/i.test(accepts)))) ||
      (x.method === 'DELETE' && session !== null);
    const wire: HttpWire = {
      host: this.readHost ? (h.get('host') ?? h.get(':authority') ?? null) : null,
      version: x.version ?? null,
      ...(x.peers && { peers: x.peers }),
    };
    this.states.set(x, {
      session,
      request,
      wire,
      mcp,
      stream,
      req: null,
      reqGap: 0,
      held: null,
      unclaimed: [],
      initialize: false,
      requestOut: false,
      resType: null,
      res: null,
      resGap: 0,
      sse: null,
      decoder: null,
      overflow: 0,
      headEvent: false,
      answered: 0,
      clientGone: false,
      modernRequestId: null,
    });
    if (named !== null) this.connSession.set(x.conn, named);
  }

  requestBody(x: Exchange, bytes: Uint8Array, _at: At): void {
    const st = this.state(x);
    (st.req ??= new BoundedBody(this.maxBytes)).add(bytes);
  }

  requestEnd(x: Exchange, at: At, end: BodyEnd): void {
    const st = this.state(x);
    const body = st.req ?? new BoundedBody(0);
    st.req = null;
    // An empty body says nothing, unless it is empty because it was cut or could not be decoded.
    const empty = body.size === 0 && end.decodeError === null && end.cut === null && !end.decodeOver;
    const text = empty ? '' : body.text();
    // An oversized body is not parsed: its kept start is no whole message.
    const value = empty || overLimit(body, end) ? undefined : parse(text);
    // A request that names no session is taken for its connection's (keep-alive: the client that sent the requests
    // before it), so that one sent without the session's Mcp-Session-Id is seen in its session (the `session-id-header`
    // rule). An `initialize` names none: it opens the session its answer assigns.
    st.initialize = isInitialize(value);
    // A 2026-07-28 request (its `_meta` claims the revision) has no session: it is not its connection's, even when a
    // legacy session went over that connection before (a dual-era server serves both eras, decided per exchange).
    const modern = claimsModern(value);
    if (st.session === null && !st.initialize && !modern) st.session = this.connSession.of(x.conn);
    if (modern) st.modernRequestId = requestId(value);
    if (empty) return;
    // A body cut short is no JSON, but may still show it was JSON-RPC.
    if (looksJsonRpc(value) || (value === undefined && text.includes('"jsonrpc"'))) st.mcp = true;
    const over = overLimit(body, end);
    if (!st.mcp && !over) return;
    const f = bodyFrame(
      this.at(at),
      { time: time(at), dir: 'c2s', session: st.session },
      { text, value, body, end, gap: st.reqGap, what: 'request', maxBytes: this.maxBytes, keep: this.oversizedHead },
    );
    // A body over the limit shows no message to judge the exchange by: its answer may (nothing the server said is lost
    // because the client's body was too big).
    if (!st.mcp) st.unclaimed.push(f);
    else if (st.session === null && isInitialize(value) && f.error === undefined) st.held = f;
    else {
      this.push(x, f);
      st.requestOut = true;
    }
  }

  response(x: Exchange, at: At): void {
    const st = this.state(x);
    const assigned = x.resHeaders!.get(SESSION_HEADER) ?? null;
    // A session id in answer to a request that named none and was no `initialize`: shown on the answer's records (a
    // 2026-07-28 server must not mint one; the `modern-session-id` rule).
    if (assigned !== null && st.request.sessionId === null && !st.initialize)
      st.request = { ...st.request, answerSessionId: assigned };
    // The answer is in its request's session: an id assigned to a request already told in no session (a 2026-07-28
    // server minting one) does not move the answer, nor the connection, into another.
    if (st.session === null && assigned !== null && !st.requestOut) st.session = assigned;
    st.resType = mediaType(x.resHeaders!.get('content-type'));
    if (st.resType === 'text/event-stream' || assigned !== null) this.claim(x, st);
    if (st.held !== null) {
      st.held.session = st.session;
      this.push(x, st.held);
      st.held = null;
    }
    if (st.session !== null) this.connSession.set(x.conn, st.session);
    // A JSON answer is read in an exchange not known to be MCP too: a JSON-RPC body makes it one (responseEnd).
    const json = st.resType !== null && JSON_MEDIA_TYPE.test(st.resType);
    if (!st.mcp && !json) return;
    const status = x.status!;
    if (st.resType === 'text/event-stream' && status >= 200 && status < 300) {
      st.sse = new SseReader(this.maxBytes, (chars) => (st.overflow = chars));
      st.decoder = new StringDecoder('utf8');
    } else if (json) st.res = new BoundedBody(this.maxBytes);
    const ev = statusEvent({
      method: x.method,
      status,
      withSession: x.reqHeaders.has(SESSION_HEADER),
      withMessages: st.sse !== null || st.res !== null,
    });
    if (ev !== null) {
      st.headEvent = true;
      const f = this.event(st, at, ev.dir, {
        name: ev.name,
        data:
          ev.name === 'http-status'
            ? { status, contentType: st.resType, ...authChallenge(status, x.resHeaders!) }
            : { status },
      });
      if (st.mcp) this.push(x, f);
      else st.unclaimed.push(f);
    }
  }

  responseBody(x: Exchange, bytes: Uint8Array, at: At): void {
    const st = this.state(x);
    if (st.res !== null) st.res.add(bytes);
    else if (st.sse !== null)
      this.sseText(x, st, st.decoder!.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), at);
  }

  responseEnd(x: Exchange, at: At, end: BodyEnd): void {
    const st = this.state(x);
    if (st.sse !== null) {
      this.sseText(x, st, st.decoder!.end(), at);
      const cut = end.cut;
      if (st.sse.pending) {
        const data = st.sse.partialData();
        const why = cut === null ? 'the stream ended inside an event' : cutText(cut.reason, 'stream');
        this.push(
          x,
          errorFrame(this.at(at), data, `SSE event cut: ${why}; the part read is kept`, this.ctx(st, 's2c', at)),
        );
      } else if (cut !== null && cut.reason !== 'close') {
        this.push(
          x,
          this.event(st, at, 's2c', { name: 'http-stream-open', data: { reason: cut.reason, bytes: cut.read } }),
        );
      }
      if (end.decodeError !== null)
        this.push(
          x,
          errorFrame(this.at(at), '', `SSE stream not decoded: ${end.decodeError}`, this.ctx(st, 's2c', at)),
        );
      if (end.decodeOver) {
        const detail = `${decodeOverText('SSE stream', end.decodeOver, this.maxBytes)}; the rest of the stream is not read`;
        this.push(x, overLimitFrame(this.at(at), '', end.decodeOver.bytes, detail, this.ctx(st, 's2c', at)));
      }
      st.sse = null;
    } else {
      const body = st.res;
      st.res = null;
      if (body !== null && (body.size > 0 || end.decodeError !== null || end.cut !== null || end.decodeOver)) {
        const over = overLimit(body, end);
        const text = over ? '' : body.text();
        const value = over ? undefined : parse(text);
        if (namesJsonRpc(value)) this.claim(x, st);
        if (st.mcp)
          this.push(
            x,
            bodyFrame(
              this.at(at),
              { time: time(at), dir: 's2c', session: st.session },
              {
                text,
                value,
                body,
                end,
                gap: st.resGap,
                what: 'response',
                maxBytes: this.maxBytes,
                keep: this.oversizedHead,
              },
            ),
          );
      }
    }
    // A POST answered 2xx whose JSON or SSE body held no message: its status is all the answer says (a notification
    // answered 200 rather than 202 Accepted must show).
    if (st.mcp && x.method === 'POST' && !st.headEvent && st.answered === 0) {
      this.push(
        x,
        this.event(st, at, 's2c', { name: 'http-status', data: { status: x.status, contentType: st.resType } }),
      );
    }
    this.account(x, st);
  }

  gap(x: Exchange, dir: 'c2s' | 's2c', bytes: number, at: At): void {
    const st = this.state(x);
    if (dir === 'c2s') st.reqGap += bytes;
    else if (st.sse !== null) {
      const lost = st.sse.gap();
      const what = lost
        ? 'the event being read is lost, and reading goes on at the next event'
        : 'events in them are lost';
      this.push(
        x,
        errorFrame(
          this.at(at),
          '',
          `capture gap: ${bytes} bytes of this SSE stream were not captured (dropped packets); ${what}`,
          this.ctx(st, 's2c', at),
        ),
      );
    } else st.resGap += bytes;
  }

  unanswered(x: Exchange, at: At, reason: CutReason): void {
    const st = this.state(x);
    if (st.held !== null) {
      this.push(x, st.held);
      st.held = null;
    }
    if (x.method === 'DELETE' && st.mcp)
      this.push(x, this.event(st, at, 'c2s', { name: 'http-delete', data: { status: null, reason } }));
    this.account(x, st);
  }

  /**
   * The client closed its side while the answer was open. For a 2026-07-28 request that is its cancellation
   * (basic/transports/streamable-http.mdx: the server "MUST treat a client disconnect as cancellation"): an
   * `http-stream-closed` event names the request, so that it is not reported unanswered.
   */
  clientClosed(x: Exchange, at: At): void {
    const st = this.state(x);
    if (st.clientGone) return;
    st.clientGone = true;
    if (st.mcp && st.modernRequestId !== null)
      this.push(x, this.event(st, at, 'c2s', { name: STREAM_CLOSED_EVENT, data: { id: st.modernRequestId } }));
  }

  /**
   * A HAR entry without the body (an SSE stream still open when the HAR was saved, `size: -1`, or no `text`): an
   * `http-body-not-captured` event, when the exchange is MCP, so that its messages are known to be missing.
   */
  notCaptured(x: Exchange, at: At, body: 'request' | 'response', size: number | null): void {
    const st = this.state(x);
    if (!st.mcp) return;
    const f = this.event(st, at, body === 'request' ? 'c2s' : 's2c', {
      name: 'http-body-not-captured',
      data: { body, size },
    });
    this.push(x, f);
  }

  notice(conn: string, dir: 'c2s' | 's2c', n: StreamNotice, at: At): void {
    const where = `${conn} ${dir === 'c2s' ? 'client to server' : 'server to client'}`;
    const ctx = { time: time(at), dir: dir as Direction, session: this.connSession.of(conn) };
    const http: HttpInfo = {
      method: '?',
      path: '?',
      status: null,
      contentType: null,
      stream: null,
      eventId: null,
      conn,
      ...NO_REQUEST,
    };
    let f: Frame;
    if (n.kind === 'gap')
      f = errorFrame(
        this.at(at),
        '',
        `capture gap: ${n.bytes} bytes of ${where} were not captured between HTTP messages (dropped packets): whole messages may be missing`,
        ctx,
      );
    else if (n.kind === 'lost')
      f = errorFrame(
        this.at(at),
        '',
        `${where}: HTTP/1.1 framing lost (${n.why}); its bytes are skipped until one starts a message`,
        ctx,
      );
    else if (n.resumed)
      f = eventFrame(this.at(at), { name: 'http-resync', data: { conn, dir, skipped: n.bytes } }, ctx);
    else
      f = errorFrame(
        this.at(at),
        '',
        `${where}: the last ${n.bytes} bytes were skipped (no HTTP message starts in them)`,
        ctx,
      );
    f.http = http;
    this.out.push(f);
  }

  /** The exchange is MCP: what was held until it was known goes out. */
  private claim(x: Exchange, st: State): void {
    st.mcp = true;
    for (const f of st.unclaimed.splice(0)) this.push(x, f);
  }

  /** An exchange is over: counted as MCP or not. */
  private account(x: Exchange, st: State): void {
    if (st.mcp) {
      this.mcpConns.add(x.conn);
      return;
    }
    this.nonMcpCount++;
    const what = `${x.method} ${x.path}${x.status !== null ? ` ${x.status}` : ''}`;
    if (this.nonMcp.length < 8) this.nonMcp.push({ conn: x.conn, what });
    if (!this.quietWhat.has(x.conn)) this.quietWhat.set(x.conn, what);
  }

  /**
   * A connection ended: whether it carried MCP, and its first exchange that did not (to name it); then it is forgotten.
   * `keepSession`: its session is kept for its next exchange (a HAR entry of a connection that later entries may name).
   */
  release(conn: string, keepSession = false): { mcp: boolean; what: string | null } {
    const r = { mcp: this.mcpConns.has(conn), what: this.quietWhat.get(conn) ?? null };
    this.mcpConns.delete(conn);
    this.quietWhat.delete(conn);
    if (!keepSession) this.connSession.forget(conn);
    return r;
  }

  private sseText(x: Exchange, st: State, text: string, at: At): void {
    if (text.length === 0) return;
    for (const e of st.sse!.feed(text)) this.sseEvent(x, st, e, at);
    if (st.overflow > 0) {
      const n = st.overflow;
      st.overflow = 0;
      this.push(x, oversizedFrame(this.at(at), '', n, this.maxBytes, 'SSE event', this.ctx(st, 's2c', at)));
    }
  }

  private sseEvent(x: Exchange, st: State, e: SseEvent, at: At): void {
    if (e.event === LEGACY_ENDPOINT_EVENT) {
      // HTTP+SSE (2024-11-05): the first event names the URL to POST to; its sessionId keys the session.
      const id = legacySession(e.data);
      if (id !== null) st.session = id;
      this.push(x, this.event(st, at, 's2c', { name: 'http-endpoint', data: { endpoint: e.data } }), e.id);
      return;
    }
    if (e.data === '') {
      // A priming event (2025-11-25 transports: an id and empty data, so the client can resume from it).
      this.push(
        x,
        this.event(
          st,
          at,
          's2c',
          e.retry === null ? { name: 'http-sse-prime' } : { name: 'http-sse-prime', data: { retry: e.retry } },
        ),
        e.id,
      );
      return;
    }
    if (e.event !== null && e.event !== 'message') {
      // `type`, not `event`: a proxy capture writes event data beside the envelope's own `event` key (docs/formats.md §2).
      this.push(
        x,
        this.event(st, at, 's2c', {
          name: 'http-sse-event',
          data: { type: e.event, data: e.data.length > 200 ? `${e.data.slice(0, 200)}…` : e.data },
        }),
        e.id,
      );
      return;
    }
    const f = textFrame(this.at(at), e.data, Buffer.byteLength(e.data), this.ctx(st, 's2c', at));
    const value = parse(e.data);
    if (value !== undefined) f.value = value;
    this.push(x, f, e.id);
  }

  private event(st: State, at: At, dir: Direction, event: TransportEvent): Frame {
    return eventFrame(this.at(at), event, this.ctx(st, dir, at));
  }

  private ctx(st: State, dir: Direction, at: At): FrameContext {
    return { time: time(at), dir, session: st.session };
  }

  private info(x: Exchange, st: State, dir: Direction, eventId: string | null): HttpInfo {
    const type = dir === 'c2s' ? mediaType(x.reqHeaders.get('content-type')) : st.resType;
    const info: HttpInfo = {
      method: x.method,
      path: x.path,
      status: dir === 'c2s' ? null : x.status,
      contentType: type,
      stream: st.stream,
      eventId,
      conn: x.conn,
      ...st.request,
    };
    if (st.clientGone && dir === 's2c') info.afterClientClose = true;
    return info;
  }

  private at(at: At): { file: string; line: number; lines: number } {
    return { file: this.file, line: at.packet, lines: 1 };
  }

  /**
   * Out goes a frame of the exchange: with its `http` (`eventId` for an SSE event's; an event's status and content type
   * are the response's, whatever its direction) and, if it has none, its session.
   */
  private push(x: Exchange, f: Frame, eventId: string | null = null): void {
    const st = this.state(x);
    f.http ??= this.info(x, st, f.event !== undefined ? 's2c' : f.dir, eventId);
    f.httpWire ??= st.wire;
    f.session ??= st.session;
    if (f.dir === 's2c') st.answered++;
    this.mcpConns.add(x.conn);
    this.out.push(f);
  }

  private state(x: Exchange): State {
    let st = this.states.get(x);
    if (st === undefined) {
      this.request(x, { ts: 0, packet: 0 });
      st = this.states.get(x)!;
    }
    return st;
  }
}
