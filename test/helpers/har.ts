// Small HAR files of Streamable HTTP sessions for the transport rules' tests: one entry per line, headers by name.
import { INITIALIZED, init, initRes, req, res } from './lifecycle.js';

const URL_ = 'http://127.0.0.1:3001/mcp';

/** One HTTP exchange: the request (method, headers, a JSON-RPC body) and its answer (status, headers, JSON or SSE). */
export interface Exchange {
  method?: 'POST' | 'GET' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  resHeaders?: Record<string, string>;
  /** A JSON answer. */
  json?: unknown;
  /** An SSE answer: its events (`data` null for a priming event). */
  sse?: { id?: string; data: unknown }[];
  /** The HAR entry's `connection` (Chrome names each entry's TCP connection). */
  connection?: string;
}

const list = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));

function entry(x: Exchange): unknown {
  const resHeaders = { ...x.resHeaders };
  let text: string | undefined;
  if (x.json !== undefined) {
    resHeaders['Content-Type'] ??= 'application/json';
    text = JSON.stringify(x.json);
  } else if (x.sse !== undefined) {
    resHeaders['Content-Type'] ??= 'text/event-stream';
    text = x.sse
      .map(
        (e) => `${e.id === undefined ? '' : `id: ${e.id}\n`}data: ${e.data === null ? '' : JSON.stringify(e.data)}\n\n`,
      )
      .join('');
  }
  return {
    ...(x.connection === undefined ? {} : { connection: x.connection }),
    request: {
      method: x.method ?? 'POST',
      url: URL_,
      headers: list({ ...(x.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...x.headers }),
      ...(x.body === undefined ? {} : { postData: { mimeType: 'application/json', text: JSON.stringify(x.body) } }),
    },
    response: {
      status: x.status,
      headers: list(resHeaders),
      content: { size: text?.length ?? 0, ...(text === undefined ? {} : { text }) },
    },
  };
}

/** A HAR document: entry `i` (0-based) on line `i + 2`. */
export function harOf(exchanges: Exchange[]): string {
  return `{"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[\n${exchanges.map((x) => JSON.stringify(entry(x))).join(',\n')}\n]}}\n`;
}

export const ACCEPT_POST = 'application/json, text/event-stream';
export const ACCEPT_GET = 'text/event-stream';

/** The headers of a request after initialization, for session `session` under `revision`. */
export const after = (session = 's1', revision = '2025-11-25', accept = ACCEPT_POST): Record<string, string> => ({
  Accept: accept,
  'Mcp-Session-Id': session,
  'MCP-Protocol-Version': revision,
});

/** initialize (answered with session id `session`, or none) and notifications/initialized, as a conformant client sends them. */
export function opening(revision = '2025-11-25', session: string | null = 's1'): Exchange[] {
  return [
    {
      headers: { Accept: ACCEPT_POST },
      body: init(revision),
      status: 200,
      resHeaders: session === null ? {} : { 'Mcp-Session-Id': session },
      json: initRes(revision),
    },
    {
      headers: session === null ? { Accept: ACCEPT_POST, 'MCP-Protocol-Version': revision } : after(session, revision),
      body: INITIALIZED,
      status: 202,
    },
  ];
}

/** A conformant session: opening, the GET stream with a server request, its answer, a tool list on an SSE answer, DELETE. */
export function session(revision = '2025-11-25', id = 's1'): Exchange[] {
  return [
    ...opening(revision, id),
    {
      method: 'GET',
      headers: after(id, revision, ACCEPT_GET),
      status: 200,
      sse: [{ id: 'g1', data: req(0, 'roots/list') }],
    },
    { headers: after(id, revision), body: res(0, { roots: [] }), status: 202 },
    {
      headers: after(id, revision),
      body: req(1, 'tools/list'),
      status: 200,
      sse: [
        { id: 'p1', data: null },
        { id: 'p2', data: res(1, { tools: [] }) },
      ],
    },
    { method: 'DELETE', headers: after(id, revision), status: 200 },
  ];
}
