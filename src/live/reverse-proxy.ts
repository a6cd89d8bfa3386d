// `mcptrace proxy`'s server: each request forwarded to the target and its answer back, unchanged, each exchange tapped.
import { Buffer } from 'node:buffer';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { pipeBody } from './body-pipe.js';
import { requestHeaders, responseHeaders } from './forwarded-headers.js';
import type { ExchangeTap, HttpCapture } from './http-capture.js';

/** A failure to reach the target, as told to the caller (one stderr line per change of cause). */
export interface UpstreamFailure {
  method: string;
  path: string;
  /** The error's code (`ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET` …), else null. */
  code: string | null;
  message: string;
  /** 502: the proxy answered for the target, which it could not reach; null: the target's answer was cut. */
  status: 502 | null;
}

interface ReverseProxyOptions {
  target: URL;
  /** Where the exchanges are told; null when nothing is captured (the bytes are only forwarded). */
  capture: HttpCapture | null;
  onFailure: (f: UpstreamFailure) => void;
}

/** An exchange in flight: what shutdown needs to end it. */
interface Flight {
  tap: ExchangeTap | null;
  res: ServerResponse;
}

/**
 * A reverse proxy on node:http. The request line, every header but the hop-by-hop ones (forwarded-headers.ts; `Host`
 * becomes the target's), the status and the bodies pass unchanged, chunk by chunk with backpressure both ways
 * (body-pipe.ts). A body cut on one side is cut on the other (the connection is destroyed, not ended cleanly), and a
 * client that goes away closes the request to the target, so the server sees its stream closed as it would without us.
 * A target that cannot be reached is answered `502 Bad Gateway` with one line of text, as reverse proxies do (not a
 * JSON-RPC error: the proxy is no MCP peer, and the client's HTTP transport reports the status and the text).
 */
export class ReverseProxy {
  private readonly server: http.Server;
  private readonly agent: http.Agent;
  private readonly request: typeof http.request;
  private readonly targetHost: string;
  private readonly conns = new WeakMap<Socket, string>();
  private readonly flights = new Set<Flight>();
  private readonly waiters: (() => void)[] = [];
  private connections = 0;
  /** Set by `abort`: what breaks from then on is our doing, not the target's. */
  private stopping = false;
  /** Requests forwarded so far. */
  requests = 0;

  constructor(private readonly opts: ReverseProxyOptions) {
    const secure = opts.target.protocol === 'https:';
    // Keep-alive to the target: a request on a connection already open costs no handshake (the added latency).
    this.agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    this.request = secure ? https.request : http.request;
    this.targetHost = opts.target.host;
    // No request timeout: an upload or a GET stream lasts as long as its client wants.
    this.server = http.createServer({ requestTimeout: 0, noDelay: true });
    this.server.on('connection', (socket: Socket) => {
      const conn = `tcp/${++this.connections}`;
      this.conns.set(socket, conn);
      if (opts.capture !== null) socket.once('close', () => opts.capture!.connectionClosed(conn));
    });
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) => this.forward(req, res));
  }

  /** Starts listening; resolves with the address, rejects with the listen error (EADDRINUSE, EACCES …). */
  listen(host: string, port: number): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  /** Exchanges in flight. */
  get inFlight(): number {
    return this.flights.size;
  }

  /** Stops accepting connections; idle keep-alive connections close, exchanges in flight go on. */
  close(): void {
    this.server.close();
    this.server.closeIdleConnections();
  }

  /** Resolves when no exchange is in flight. */
  async drained(): Promise<void> {
    while (this.flights.size > 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Ends every exchange still in flight (`end-of-capture` in the capture), then every connection. */
  abort(): void {
    this.stopping = true;
    for (const f of this.flights) f.tap?.finish('end-of-capture');
    this.flights.clear();
    this.server.closeAllConnections();
    this.agent.destroy();
    for (const w of this.waiters.splice(0)) w();
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    this.requests++;
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const tap = this.opts.capture?.exchange(this.conns.get(req.socket) ?? 'tcp/?', method, path, req.rawHeaders) ?? null;
    const flight: Flight = { tap, res };
    this.flights.add(flight);
    // The target's Date, or none: the proxy adds no field of its own to the answer.
    res.sendDate = false;
    const t = this.opts.target;
    const upstream = this.request({
      protocol: t.protocol, hostname: t.hostname.replace(/^\[(.*)\]$/, '$1'), port: t.port === '' ? undefined : Number(t.port),
      method, path, headers: requestHeaders(req.rawHeaders, this.targetHost), setHost: false, agent: this.agent,
    });
    upstream.setNoDelay(true);
    let clientGone = false;
    let answered = false;
    let failed = false;
    const done = () => {
      if (this.flights.delete(flight) && this.flights.size === 0) for (const w of this.waiters.splice(0)) w();
    };
    res.once('close', () => {
      // The client went away before the answer ended (it closed a GET stream, or gave up): so does our request.
      if (!res.writableFinished) {
        clientGone = true;
        upstream.destroy();
        tap?.finish('close');
      }
      done();
    });

    pipeBody(req, upstream, tap && ((c) => tap.requestData(c)), (whole) => {
      if (whole) {
        tap?.requestEnd();
        if (!upstream.destroyed) upstream.end();
      } else {
        tap?.requestEnd('close');
        upstream.destroy();
      }
    });

    upstream.on('response', (ures: IncomingMessage) => {
      answered = true;
      if (clientGone) {
        ures.destroy();
        return;
      }
      const status = ures.statusCode ?? 502;
      res.writeHead(status, ures.statusMessage, responseHeaders(ures.rawHeaders));
      tap?.response(status, ures.rawHeaders);
      let started = false;
      // A body without a length is streamed (SSE): its head goes out at the end of this turn of the event loop even
      // when no byte of the body came with it (a GET stream may wait long for its first event); when bytes did, the
      // head goes with them, in one write instead of two.
      if (ures.headers['content-length'] === undefined) {
        setImmediate(() => {
          if (!started && !res.destroyed) res.flushHeaders();
        });
      }
      const seen = (c: Buffer) => {
        started = true;
        tap?.responseData(c);
      };
      pipeBody(ures, res, seen, (whole) => {
        if (!whole) {
          tap?.responseEnd('close');
          if (!clientGone && !this.stopping) {
            const message = `the target closed the connection before its answer (${status}) ended`;
            this.opts.onFailure({ method, path, code: 'ECONNRESET', message, status: null });
            tap?.event('proxy-error', { status, error: 'ECONNRESET', message });
          }
          // The client sees the answer cut, as the target cut it (a clean end would pass it for whole).
          res.destroy();
          return;
        }
        tap?.responseEnd();
        if (ures.rawTrailers.length > 0) res.addTrailers(pairs(ures.rawTrailers));
        res.end();
      });
    });

    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // Our own destroy (the client went, the proxy stops), a cut answer (handled above), or an error after the first.
      if (clientGone || answered || failed || this.stopping) return;
      failed = true;
      const code = err.code ?? null;
      this.opts.onFailure({ method, path, code, message: err.message, status: 502 });
      // The rest of the request body is read and dropped: the target will not get it.
      req.resume();
      tap?.requestEnd('close');
      const text = `mcptrace proxy: cannot reach ${t.origin}: ${err.message}\n`;
      const headers = ['Content-Type', 'text/plain; charset=utf-8', 'Content-Length', String(Buffer.byteLength(text))];
      res.writeHead(502, 'Bad Gateway', headers);
      res.end(text);
      tap?.response(502, headers);
      tap?.responseData(Buffer.from(text));
      tap?.responseEnd();
      tap?.event('proxy-error', { status: 502, error: code, message: err.message, target: t.href });
    });
  }
}

/** Raw trailers (`[name, value …]`) as the `[name, value]` pairs `addTrailers` takes, repeats kept. */
function pairs(raw: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}
