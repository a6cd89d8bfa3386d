// A replay's channel to a Streamable HTTP server: the server behind `mcptrace proxy --out CAPTURE` (so the new session
// is captured as `proxy` captures), reached as a client does — each message POSTed (JSON or an SSE stream back), the
// session id the server assigns sent on every later request with the negotiated revision, a GET stream opened after
// the handshake for what the server sends on its own (a 405 is an answer too), DELETE at the end.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createParser } from 'eventsource-parser';
import type { Channel } from './driver.js';

type Msg = Record<string, unknown>;

interface HttpChannel extends Channel {
  close(graceMs: number): Promise<void>;
}

/** `cli`: the mcptrace executable (proxy runs from it); resolves once the proxy listens. */
export async function httpChannel(
  cli: string,
  capture: string,
  target: string,
  stderr: (line: string) => void,
): Promise<HttpChannel> {
  const child = spawn(
    process.execPath,
    [cli, 'proxy', '--target', target, '--out', capture, '--listen', '127.0.0.1:0'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => {
      const m = /^MCP server URL: (\S+)/.exec(line);
      if (m) resolve(m[1]!);
      else stderr(line);
    });
    void exited.then(() => reject(new Error(`proxy --target ${target} ended before it listened`)));
  });
  const handlers: ((m: Msg) => void)[] = [];
  const deliver = (m: unknown) => {
    for (const x of Array.isArray(m) ? m : [m])
      if (x !== null && typeof x === 'object') for (const h of handlers) h(x as Msg);
  };
  const listen = new AbortController();
  let session: string | null = null;
  let revision: string | null = null;
  let opened = false;
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));

  const headers = (message?: Msg): Record<string, string> => {
    const h: Record<string, string> = {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    };
    if (session !== null) h['mcp-session-id'] = session;
    const meta = (message?.params as Msg | undefined)?._meta as Msg | undefined;
    const version = meta?.['io.modelcontextprotocol/protocolVersion'];
    if (typeof version === 'string') {
      // 2026-07-28: the body's method and name mirrored in headers, on every request.
      h['mcp-protocol-version'] = version;
      if (typeof message?.method === 'string') h['mcp-method'] = message.method;
      const name = (message?.params as Msg | undefined)?.name ?? (message?.params as Msg | undefined)?.uri;
      if (typeof name === 'string') h['mcp-name'] = name;
    } else if (revision !== null) h['mcp-protocol-version'] = revision;
    return h;
  };

  async function read(res: Response): Promise<void> {
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream') && res.body) {
      const parser = createParser({
        onEvent: (e) => {
          try {
            deliver(JSON.parse(e.data));
          } catch {
            // an event that is no message (a keep-alive): the capture keeps it
          }
        },
      });
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } else if (type.includes('json')) {
      const text = await res.text();
      if (text.trim() !== '') deliver(JSON.parse(text));
    } else await res.arrayBuffer();
  }

  async function post(message: Msg): Promise<void> {
    const res = await fetch(url, { method: 'POST', headers: headers(message), body: JSON.stringify(message) });
    const assigned = res.headers.get('mcp-session-id');
    if (assigned !== null && session === null) session = assigned;
    if (message.method === 'initialize') {
      const wrapped: (m: Msg) => void = (m) => {
        const v = (m.result as Msg | undefined)?.protocolVersion;
        if (m.id === message.id && typeof v === 'string') revision = v;
      };
      handlers.unshift(wrapped);
      await read(res);
      handlers.splice(handlers.indexOf(wrapped), 1);
      return;
    }
    // Not awaited: the stream may carry a request of the server's that waits for an answer POSTed after this one.
    void read(res).catch((err: Error) => stderr(`replay: reading the answer to POST ${url}: ${err.message}`));
    if (message.method === 'notifications/initialized' && !opened) {
      opened = true;
      void fetch(url, { method: 'GET', headers: { ...headers(), accept: 'text/event-stream' }, signal: listen.signal })
        .then(async (r) => {
          if (r.ok) await read(r);
          else await r.arrayBuffer();
        })
        .catch(() => {});
    }
  }

  let queue = Promise.resolve();
  return {
    ended: Promise.race([exited, stopped]),
    onMessage: (h) => void handlers.push(h),
    // In order: a message is POSTed once the one before it was answered with headers (its body may still be streaming).
    send: (message) => {
      queue = queue.then(() => post(message).catch((err: Error) => stderr(`replay: POST ${url}: ${err.message}`)));
    },
    close: async (graceMs) => {
      await queue;
      listen.abort();
      if (session !== null) await fetch(url, { method: 'DELETE', headers: headers() }).catch(() => {});
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      stop();
    },
  };
}
