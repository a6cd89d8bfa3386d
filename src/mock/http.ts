// `mcptrace mock --http`: the recording served over Streamable HTTP. A POST of requests is answered with JSON, or with
// an SSE stream when the recorded answer came as one or the server sent anything else with it (progress, logs, its own
// requests); a POST of notifications or answers gets 202 and what the server sent after them goes to the session's GET
// stream, when the client opened one. A legacy recording gets an `Mcp-Session-Id` on `initialize`; a 2026-07-28 one is
// served statelessly, as recorded (no session, no GET stream).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Outgoing, Responder } from './responder.js';
import { Schedule } from './schedule.js';
import { PARSE_ERROR } from './volatile.js';

/** Longest request body read (a larger one gets 413). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Messages kept for a session's GET stream before it opens. */
const MAX_HELD = 1000;
const SESSION_HEADER = 'mcp-session-id';

interface HttpMockOptions {
  host: string;
  port: number;
  /** The endpoint's path (`/mcp`). */
  path: string;
  /** Serve statelessly (a 2026-07-28 recording). */
  stateless: boolean;
}

interface HttpMock {
  server: Server;
  /** The URL the endpoint listens on. */
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(responder: Responder, opts: HttpMockOptions): Promise<HttpMock> {
  const schedule = new Schedule();
  /** Open GET streams by session id ('' for a client that named none). */
  const streams = new Map<string, ServerResponse>();
  /** What the server sent outside a POST's answer before the session's GET stream opened (at most MAX_HELD each). */
  const held = new Map<string, unknown[]>();
  const later = (session: string, message: unknown): void => {
    const stream = streams.get(session);
    if (stream) return void stream.write(event(message));
    if (opts.stateless) return;
    let list = held.get(session);
    if (!list) held.set(session, (list = []));
    if (list.length < MAX_HELD) list.push(message);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (url.pathname !== opts.path) return void plain(res, 404, 'not found');
    const session = header(req, SESSION_HEADER) ?? '';
    if (req.method === 'POST') return void post(req, res, session);
    if (req.method === 'GET' && !opts.stateless && (req.headers.accept ?? '').includes('text/event-stream')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      streams.set(session, res);
      for (const m of held.get(session) ?? []) res.write(event(m));
      held.delete(session);
      res.on('close', () => streams.get(session) === res && streams.delete(session));
      return;
    }
    if (req.method === 'DELETE' && !opts.stateless) {
      streams.get(session)?.end();
      held.delete(session);
      return void plain(res, 200, '');
    }
    res.setHeader('allow', opts.stateless ? 'POST' : 'GET, POST, DELETE');
    plain(res, 405, 'method not allowed');
  });

  async function post(req: IncomingMessage, res: ServerResponse, session: string): Promise<void> {
    const body = await readBody(req);
    if (body === null) return plain(res, 413, 'request body too large');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return json(
        res,
        400,
        { jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'mcptrace mock: the body is not JSON' } },
        {},
      );
    }
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    const replies = messages.map((m) => ({ m, reply: responder.receive(m) }));
    const after = (o: Outgoing) => later(session, o.message);
    const asked = replies.filter(({ m }) => isRequest(m));
    if (asked.length === 0) {
      for (const { reply } of replies) {
        if (reply.cancel !== undefined) schedule.cancel(reply.cancel);
        if (reply.replied !== undefined) schedule.resume(reply.replied);
        schedule.send(reply.out, after);
      }
      res.writeHead(202).end();
      return;
    }
    const headers: Record<string, string> = {};
    if (!opts.stateless && asked.some(({ m }) => (m as { method?: unknown }).method === 'initialize'))
      headers[SESSION_HEADER] = randomUUID();
    const streamed = replies.some(({ reply }) => reply.sse || reply.out.some((o) => !o.answer));
    let waiting = asked.length;
    const answers: unknown[] = [];
    if (streamed) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
      res.flushHeaders();
    }
    for (const { reply } of replies) {
      if (reply.cancel !== undefined) schedule.cancel(reply.cancel);
      if (reply.replied !== undefined) schedule.resume(reply.replied);
      let answered = false;
      schedule.send(reply.out, (o) => {
        if (answered || res.writableEnded) return void after(o); // after the answer: the stream of the session
        if (o.answer) answered = true;
        if (streamed) res.write(event(o.message));
        else if (o.answer) answers.push(o.message);
        else after(o);
        if (o.answer && --waiting === 0) {
          if (streamed) res.end();
          else json(res, 200, Array.isArray(parsed) ? answers : answers[0], headers);
        }
      });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : opts.port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    server,
    url: `http://${host}:${port}${opts.path}`,
    close: () =>
      new Promise<void>((resolve) => {
        schedule.stop();
        for (const s of streams.values()) s.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function isRequest(m: unknown): boolean {
  if (m === null || typeof m !== 'object') return false;
  const o = m as Record<string, unknown>;
  return typeof o.method === 'string' && (typeof o.id === 'string' || typeof o.id === 'number');
}

function event(message: unknown): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** The request's body, or null past MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}
