// 2026-07-28 ("modern") Streamable HTTP exchanges for the tests, built by hand from the official schema: request bodies
// with the per-request `_meta`, results with `resultType`, and the headers a conformant client mirrors from the body.
import { ACCEPT_POST, type Exchange } from './har.js';

export const MODERN = '2026-07-28';

/** The per-request `_meta` (schema.json `RequestMetaObject`: protocolVersion and clientCapabilities required). */
export const envelope = (version = MODERN, capabilities: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1.0.0' },
});

/** A modern request: its params with the envelope in `_meta`. */
export const mreq = (id: number | string, method: string, params: Record<string, unknown> = {}, version = MODERN) => ({
  jsonrpc: '2.0' as const,
  id,
  method,
  params: { ...params, _meta: envelope(version) },
});

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'test-server', version: '1.0.0' } };

/** A modern result: `resultType` and the server's identity in `_meta`. */
export const mres = (id: number | string, result: Record<string, unknown>, resultType = 'complete') => ({
  jsonrpc: '2.0' as const,
  id,
  result: { resultType, ...result, _meta: SERVER_INFO },
});

export const merr = (id: number | string | null, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0' as const,
  ...(id === null ? {} : { id }),
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

/** A tool whose `region` argument is mirrored into `Mcp-Param-Region` (streamable-http.mdx §Schema Extension). */
export const SQL_TOOL = {
  name: 'execute_sql',
  description: 'Execute SQL in a region',
  inputSchema: {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      query: { type: 'string' },
      limit: { type: 'integer', 'x-mcp-header': 'Limit' },
    },
    required: ['region', 'query'],
  },
};
export const ECHO_TOOL = {
  name: 'echo',
  description: 'Echoes its message',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};

export const DISCOVER_RESULT = {
  supportedVersions: [MODERN],
  capabilities: { tools: {} },
  ttlMs: 60_000,
  cacheScope: 'public',
};
export const TOOLS_RESULT = { tools: [ECHO_TOOL, SQL_TOOL], ttlMs: 60_000, cacheScope: 'public' };

/** Base64 sentinel form of a header value (streamable-http.mdx §Value Encoding). */
export const b64 = (v: string) => `=?base64?${Buffer.from(v, 'utf8').toString('base64')}?=`;

/** A header-safe value as is, else its Base64 sentinel form. */
export function headerValue(v: string): string {
  const safe = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v) && !(v.startsWith('=?base64?') && v.endsWith('?='));
  return safe ? v : b64(v);
}

/** The headers a conformant modern client sends with `body` (a request), `x-mcp-header` arguments of SQL_TOOL included. */
export function modernHeaders(body: { method: string; params?: Record<string, any> }): Record<string, string> {
  const p = body.params ?? {};
  const h: Record<string, string> = {
    Accept: ACCEPT_POST,
    'MCP-Protocol-Version': p._meta?.['io.modelcontextprotocol/protocolVersion'] ?? MODERN,
    'Mcp-Method': body.method,
  };
  if (body.method === 'tools/call' || body.method === 'prompts/get') h['Mcp-Name'] = headerValue(p.name);
  if (body.method === 'resources/read') h['Mcp-Name'] = headerValue(p.uri);
  // The tasks extension (seps/2663-tasks-extension.md §Streamable HTTP: Routing Headers).
  if (['tasks/get', 'tasks/update', 'tasks/cancel'].includes(body.method)) h['Mcp-Name'] = headerValue(p.taskId);
  if (body.method === 'tools/call' && p.name === SQL_TOOL.name) {
    const a = p.arguments ?? {};
    if (a.region !== undefined && a.region !== null) h['Mcp-Param-Region'] = headerValue(String(a.region));
    if (a.limit !== undefined && a.limit !== null) h['Mcp-Param-Limit'] = String(a.limit);
  }
  return h;
}

/** One conformant exchange: the request POSTed with its headers, answered 200 with JSON. */
export const post = (body: ReturnType<typeof mreq>, answer: unknown, more: Partial<Exchange> = {}): Exchange => ({
  headers: modernHeaders(body),
  body,
  status: 200,
  json: answer,
  ...more,
});

/** A conformant modern session: discover, tools/list, a tool call on an SSE answer, a call with mirrored arguments, a read. */
export function modernSession(): Exchange[] {
  return [
    post(mreq(1, 'server/discover'), mres(1, DISCOVER_RESULT)),
    post(mreq(2, 'tools/list'), mres(2, TOOLS_RESULT)),
    {
      ...post(mreq(3, 'tools/call', { name: 'echo', arguments: { message: 'hi' } }), undefined),
      json: undefined,
      sse: [{ data: mres(3, { content: [{ type: 'text', text: 'hi' }] }) }],
    },
    post(
      mreq(4, 'tools/call', { name: 'execute_sql', arguments: { region: 'us-west1', query: 'SELECT 1', limit: 10 } }),
      mres(4, { content: [{ type: 'text', text: '1' }] }),
    ),
    post(
      mreq(5, 'tools/call', { name: 'execute_sql', arguments: { region: 'Zürich ', query: 'SELECT 2' } }),
      mres(5, { content: [{ type: 'text', text: '2' }] }),
    ),
    post(
      mreq(6, 'resources/read', { uri: 'file:///projects/a b.txt' }),
      mres(6, { contents: [{ uri: 'file:///projects/a b.txt', text: 'x' }], ttlMs: 0, cacheScope: 'private' }),
    ),
  ];
}
