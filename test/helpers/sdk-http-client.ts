// The official SDK client over HTTP, with every message it sends and receives written down (what a capture must show).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, ListRootsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** A message as the client's transport saw it: sent (c2s) or received (s2c), with the session id it had then. */
export interface Seen {
  dir: 'c2s' | 's2c';
  message: JSONRPCMessage;
  session: string | null;
}

export interface SdkSession {
  client: Client;
  transport: StreamableHTTPClientTransport | SSEClientTransport;
  seen: Seen[];
  /** The session id the server assigned (null for a stateless server), kept after the session ends. */
  session(): string | null;
  /** Called with each message as it is written down. */
  watchers: Set<(m: Seen) => void>;
}

/**
 * Connects an SDK client (roots capability, so the server asks for them) over Streamable HTTP (`/mcp`) or the legacy
 * HTTP+SSE transport (`/sse`). The transport's `send` and `onmessage` are wrapped before `connect`, so every message
 * of the session is in `seen`, in the order the client sent or received it. `options`: the Streamable HTTP transport's
 * (its reconnection delays, for a test that breaks a stream).
 */
export async function connectSdk(
  url: string,
  kind: 'streamable' | 'sse' = 'streamable',
  options?: StreamableHTTPClientTransportOptions,
): Promise<SdkSession> {
  // `options.requestInit.headers` go on every request of either transport (an Authorization the proxy tests follow through).
  const transport =
    kind === 'streamable'
      ? new StreamableHTTPClientTransport(new URL(url), options)
      : new SSEClientTransport(
          new URL(url),
          options?.requestInit === undefined ? undefined : { requestInit: options.requestInit },
        );
  const seen: Seen[] = [];
  const watchers = new Set<(m: Seen) => void>();
  const note = (m: Seen) => {
    seen.push(m);
    for (const w of watchers) w(m);
  };
  // The legacy transport keeps its session in the endpoint the server named (`/message?sessionId=…`).
  const sessionOf = (): string | null =>
    transport instanceof StreamableHTTPClientTransport
      ? (transport.sessionId ?? null)
      : ((transport as unknown as { _endpoint?: URL })._endpoint?.searchParams.get('sessionId') ?? null);
  const t = transport as Transport;
  const send = t.send.bind(t);
  t.send = async (message, opts) => {
    note({ dir: 'c2s', message, session: sessionOf() });
    return send(message, opts);
  };
  let handler: Transport['onmessage'];
  Object.defineProperty(t, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (fn: Transport['onmessage']) => {
      handler =
        fn &&
        ((message, extra) => {
          note({ dir: 's2c', message, session: sessionOf() });
          fn(message, extra);
        });
    },
  });
  const client = new Client(
    { name: 'mcptrace-http-test', version: '0.1.0' },
    { capabilities: { roots: { listChanged: true } } },
  );
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: 'file:///workspace/mcptrace', name: 'mcptrace' }],
  }));
  await client.connect(transport, { timeout: 15_000 });
  const assigned = sessionOf();
  // DELETE forgets the id in the transport: keep the one the server assigned.
  const id = assigned;
  return { client, transport, seen, session: () => id, watchers };
}

/** Resolves when `seen` holds a message that `test` accepts (at once, or as messages arrive); rejects after `ms`. */
export function waitForSeen(s: SdkSession, test: (m: Seen) => boolean, ms = 5000): Promise<Seen> {
  const found = s.seen.find(test);
  if (found !== undefined) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const watch = (m: Seen) => {
      if (!test(m)) return;
      clearTimeout(timer);
      s.watchers.delete(watch);
      resolve(m);
    };
    const timer = setTimeout(() => {
      s.watchers.delete(watch);
      reject(new Error(`no such message within ${ms} ms; seen: ${s.seen.map(describe).join(', ')}`));
    }, ms);
    s.watchers.add(watch);
  });
}

function describe(m: Seen): string {
  const msg = m.message as { method?: string; id?: unknown };
  return `${m.dir} ${msg.method ?? `#${String(msg.id)}`}`;
}

/**
 * Two HTTP+SSE (2024-11-05) sessions at once against server-everything's `sse` mode at `url` (its `/sse`, direct or
 * through a relay or proxy): each answers the server's roots request, calls `echo` and a long-running tool with progress
 * (`duration` seconds), pings when asked, and closes. Their GET streams and POSTs interleave on the wire.
 */
export async function runLegacySessions(url: string, { duration = 1, ping = false } = {}): Promise<SdkSession[]> {
  const T = { timeout: 15_000 };
  const sessions = await Promise.all([connectSdk(url, 'sse'), connectSdk(url, 'sse')]);
  await Promise.all(
    sessions.map(async (s, n) => {
      await waitForSeen(s, (m) => m.dir === 'c2s' && 'result' in m.message && 'roots' in (m.message.result as object));
      await s.client.callTool({ name: 'echo', arguments: { message: `legacy ${n}` } }, CallToolResultSchema, T);
      await s.client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration, steps: 2 } },
        CallToolResultSchema,
        { ...T, onprogress: () => {} },
      );
      if (ping) await s.client.ping(T);
    }),
  );
  for (const s of sessions) await s.client.close();
  return sessions;
}
