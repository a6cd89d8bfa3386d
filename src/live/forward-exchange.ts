// One request forwarded to the target and its answer back to the client, unchanged, with the capture told of both.
import { Buffer } from 'node:buffer';
import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeBody } from './body-pipe.js';
import type { ExchangeTap } from './exchange-tap.js';
import { requestHeaders, responseHeaders } from './forwarded-headers.js';

/** A failure of the target, as told to the caller (one stderr line per change of cause). */
export interface UpstreamFailure {
  method: string;
  path: string;
  /** The error's code (`ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET` …), else null. */
  code: string | null;
  message: string;
  /** 502: the proxy answered for the target, which it could not reach; null: the target's answer was cut. */
  status: 502 | null;
}

/** The target and how to reach it, shared by every exchange. */
export interface Upstream {
  target: URL;
  request: typeof http.request;
  /** Keep-alive connections to the target. */
  agent: http.Agent;
  onFailure: (f: UpstreamFailure) => void;
  /** The proxy is stopping: what breaks from then on is its doing, not the target's. */
  stopping(): boolean;
}

/**
 * The request line, every header but the hop-by-hop ones (forwarded-headers.ts; `Host` becomes the target's), the
 * status and the bodies pass unchanged, chunk by chunk with backpressure both ways (body-pipe.ts). A body cut on one
 * side is cut on the other (the connection is destroyed, not ended cleanly), and a client that goes away closes the
 * request to the target, so the server sees its stream closed as it would without us. A target that cannot be reached
 * is answered `502 Bad Gateway` with one line of text, as reverse proxies do (not a JSON-RPC error: the proxy is no
 * MCP peer, and the client's HTTP transport reports the status and the text).
 */
export function forwardExchange(
  req: IncomingMessage,
  res: ServerResponse,
  tap: ExchangeTap | null,
  up: Upstream,
): void {
  const path = req.url ?? '/';
  const method = req.method ?? 'GET';
  const t = up.target;
  // The target's Date, or none: the proxy adds no field of its own to the answer.
  res.sendDate = false;
  const upstream = up.request({
    protocol: t.protocol,
    hostname: t.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: t.port === '' ? undefined : Number(t.port),
    method,
    path,
    headers: requestHeaders(req.rawHeaders, t.host),
    setHost: false,
    agent: up.agent,
  });
  upstream.setNoDelay(true);
  let clientGone = false;
  let answered = false;
  let failed = false;
  res.once('close', () => {
    // The client went away before the answer ended (it closed a GET stream, or gave up): so does our request.
    if (!res.writableFinished) {
      clientGone = true;
      upstream.destroy();
      tap?.finish('close');
    }
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

  // The target could not be reached, or answered what cannot be passed on: the client gets a 502 of ours.
  const gateway = (err: NodeJS.ErrnoException) => {
    failed = true;
    const code = err.code ?? null;
    up.onFailure({ method, path, code, message: err.message, status: 502 });
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
  };

  upstream.on('response', (ures: IncomingMessage) => {
    if (clientGone) {
      ures.destroy();
      return;
    }
    const status = ures.statusCode ?? 502;
    try {
      res.writeHead(status, ures.statusMessage, responseHeaders(ures.rawHeaders));
    } catch (err) {
      // A field node will not write (a character an HTTP field may not hold).
      ures.destroy();
      gateway(err as Error);
      return;
    }
    answered = true;
    tap?.response(status, ures.rawHeaders);
    let started = false;
    // A body without a length is streamed (SSE): its head goes out at the end of this turn of the event loop even when
    // no byte of the body came with it (a GET stream may wait long for its first event); when bytes did, the head goes
    // with them, in one write instead of two.
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
        if (!clientGone && !up.stopping()) {
          const message = `the target closed the connection before its answer (${status}) ended`;
          up.onFailure({ method, path, code: 'ECONNRESET', message, status: null });
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
    if (clientGone || answered || failed || up.stopping()) return;
    gateway(err);
  });
}

/** Raw trailers (`[name, value …]`) as the `[name, value]` pairs `addTrailers` takes, repeats kept. */
function pairs(raw: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}
