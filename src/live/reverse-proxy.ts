// `mcptrace proxy`'s server: connections accepted and numbered, each request forwarded, and the way it stops.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { ExchangeTap } from './exchange-tap.js';
import { forwardExchange, type Upstream, type UpstreamFailure } from './forward-exchange.js';
import type { HttpCapture } from './http-capture.js';

interface ReverseProxyOptions {
  target: URL;
  /** Where the exchanges are told; null when nothing is captured (the bytes are only forwarded). */
  capture: HttpCapture | null;
  onFailure: (f: UpstreamFailure) => void;
}

/** An exchange in flight: what a stop needs to end it. */
interface Flight {
  tap: ExchangeTap | null;
}

/**
 * A reverse proxy on node:http: each request is forwarded as forward-exchange.ts says. Client connections are numbered
 * (`tcp/N`, the records' `http.conn`) in the order they are accepted; exchanges in flight are kept so that a stop can
 * wait for them, then cut them.
 */
export class ReverseProxy {
  private readonly server: http.Server;
  private readonly agent: http.Agent;
  private readonly upstream: Upstream;
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
    this.upstream = {
      target: opts.target,
      request: secure ? https.request : http.request,
      agent: this.agent,
      onFailure: opts.onFailure,
      stopping: () => this.stopping,
    };
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
    const tap =
      this.opts.capture?.exchange(
        this.conns.get(req.socket) ?? 'tcp/?',
        req.method ?? 'GET',
        req.url ?? '/',
        req.rawHeaders,
      ) ?? null;
    const flight: Flight = { tap };
    this.flights.add(flight);
    res.once('close', () => {
      if (this.flights.delete(flight) && this.flights.size === 0) for (const w of this.waiters.splice(0)) w();
    });
    forwardExchange(req, res, tap, this.upstream);
  }
}
