// DATA: MCP's HTTP transports (basic/transports.mdx; 2024-11-05 HTTP+SSE): header names, and what a response's status means.

/** The header a server assigns a session with (in its answer to `initialize`) and a client sends it back in. */
export const SESSION_HEADER = 'mcp-session-id';
/** The header a client sends the negotiated revision in (2025-06-18 on). */
export const PROTOCOL_VERSION_HEADER = 'mcp-protocol-version';
/** The header a client resumes an SSE stream with (a GET after the last event id it received). */
export const LAST_EVENT_ID_HEADER = 'last-event-id';
/**
 * 2026-07-28 (basic/transports/streamable-http.mdx §Request Metadata): the headers a POST mirrors its body's `method`,
 * `params.name`/`params.uri`, and tool arguments annotated `x-mcp-header` in (`Mcp-Param-{Name}`).
 */
const MCP_METHOD_HEADER = 'mcp-method';
const MCP_NAME_HEADER = 'mcp-name';
const MCP_PARAM_PREFIX = 'mcp-param-';

/** The modern request headers of a request (names in lower case), each only when sent. */
export function modernHeaders(h: ReadonlyMap<string, string>): {
  mcpMethod?: string;
  mcpName?: string;
  mcpParams?: Record<string, string>;
} {
  const out: { mcpMethod?: string; mcpName?: string; mcpParams?: Record<string, string> } = {};
  const method = h.get(MCP_METHOD_HEADER);
  if (method !== undefined) out.mcpMethod = method;
  const name = h.get(MCP_NAME_HEADER);
  if (name !== undefined) out.mcpName = name;
  for (const [k, v] of h) {
    if (!k.startsWith(MCP_PARAM_PREFIX) || k.length === MCP_PARAM_PREFIX.length) continue;
    (out.mcpParams ??= {})[k.slice(MCP_PARAM_PREFIX.length)] = v;
  }
  return out;
}
/**
 * The query parameter of the legacy transport's `endpoint` URL that keys its session: `/messages?sessionId=…` (the
 * TypeScript SDK's SSEServerTransport) or `/messages/?session_id=…` (the Python SDK's SseServerTransport).
 */
const LEGACY_SESSION_PARAMS: readonly string[] = ['sessionId', 'session_id'];
/** The SSE event type that names the legacy transport's POST endpoint. */
export const LEGACY_ENDPOINT_EVENT = 'endpoint';

/**
 * The event a capture reader writes when a 2026-07-28 client closes the response stream of its request before the
 * answer: how it cancels over Streamable HTTP (basic/transports/streamable-http.mdx §Cancellation). Its data names the
 * request's `id`.
 */
export const STREAM_CLOSED_EVENT = 'http-stream-closed';

/** A JSON media type (`application/json`, `application/…+json`): an answer of one message or a batch. */
export const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

/** Whether an answer of this media type carries messages (JSON, or an SSE stream): its body becomes records. */
export function carriesMessages(type: string | null): boolean {
  return type !== null && (type === 'text/event-stream' || JSON_MEDIA_TYPE.test(type));
}

/** The session query parameter of a legacy HTTP+SSE endpoint (`/messages?sessionId=…`, `/messages/?session_id=…`), else null. */
export function legacySession(target: string): string | null {
  const q = target.indexOf('?');
  if (q < 0) return null;
  const query = new URLSearchParams(target.slice(q + 1));
  for (const name of LEGACY_SESSION_PARAMS) {
    const id = query.get(name);
    if (id !== null) return id;
  }
  return null;
}

/** What an answer is, as far as the transport event it makes goes. */
interface Answer {
  method: string;
  status: number;
  /** The request carried a session id. */
  withSession: boolean;
  /** The answer carries messages (JSON or an SSE stream). */
  withMessages: boolean;
}

/**
 * The transport events of answers, first match wins. `dir`: whose act the event records (a DELETE is the client's
 * ending the session; a status is the server's answer). `http-delete` and `http-session-expired` end the session
 * (session/events.ts).
 */
const STATUS_EVENTS: readonly { when: (a: Answer) => boolean; name: string; dir: 'c2s' | 's2c' }[] = [
  // basic/transports.mdx §Session Management: the client MAY DELETE to end the session; 405 if the server does not allow it.
  { when: (a) => a.method === 'DELETE' && a.status >= 200 && a.status < 300, name: 'http-delete', dir: 'c2s' },
  { when: (a) => a.method === 'DELETE', name: 'http-delete-refused', dir: 'c2s' },
  // §Sending Messages to the Server: a notification or response accepted is answered 202 with no body.
  { when: (a) => a.status === 202, name: 'http-accepted', dir: 's2c' },
  // §Session Management: a request with an expired or unknown session id is answered 404.
  { when: (a) => a.status === 404 && a.withSession, name: 'http-session-expired', dir: 's2c' },
  // §Listening for Messages from the Server: a server that offers no stream answers GET with 405.
  { when: (a) => a.status === 405 && a.method === 'GET', name: 'http-get-unsupported', dir: 's2c' },
];

/**
 * The transport event an answer makes, if any: a row of STATUS_EVENTS, else `http-status` for an answer that is
 * neither a 2xx with messages nor any of those (an error status, a 2xx with no JSON and no stream).
 */
export function statusEvent(a: Answer): { name: string; dir: 'c2s' | 's2c' } | null {
  for (const row of STATUS_EVENTS) if (row.when(a)) return { name: row.name, dir: row.dir };
  if (a.status >= 200 && a.status < 300 && a.withMessages) return null;
  return { name: 'http-status', dir: 's2c' };
}
