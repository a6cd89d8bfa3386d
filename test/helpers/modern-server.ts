// A small 2026-07-28 ("modern") MCP server over Streamable HTTP for the tests, written from the spec (no SDK has the
// revision): server/discover, tools/list, tools/call; `good` validates the mirrored headers as §Server Validation asks,
// `bad` mints session ids, serves whatever headers come, numbers its SSE events and answers GET.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocal, type Listening } from './listen.js';
import { DISCOVER_RESULT, merr, MODERN, mres, TOOLS_RESULT } from './modern-http.js';

export type ModernServer = Listening;

type Message = { jsonrpc: '2.0'; id?: string | number; method?: string; params?: Record<string, any> };

/** A header value decoded from `=?base64?…?=` (streamable-http.mdx §Value Encoding), else as sent. */
function decoded(v: string | undefined): string | undefined {
  const m = v === undefined ? null : /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(v);
  return m === null ? v : Buffer.from(m[1]!, 'base64').toString('utf8');
}

/** A plain header value with a character a header value may not carry (§Server Behavior for Custom Headers: rejected). */
const unsafe = (v: unknown) => typeof v === 'string' && !v.startsWith('=?base64?') && /[^\x20-\x7e]/.test(v);

/** What §Server Validation rejects, as a -32020 message, or null when the headers mirror the body. */
function headerMismatch(req: IncomingMessage, body: Message, version: string): string | null {
  const h = req.headers;
  if (h['mcp-protocol-version'] !== version)
    return `MCP-Protocol-Version ${JSON.stringify(h['mcp-protocol-version'] ?? null)} is not the body's ${version}`;
  if (h['mcp-method'] !== body.method)
    return `Mcp-Method ${JSON.stringify(h['mcp-method'] ?? null)} is not the body's ${body.method}`;
  const name =
    body.method === 'resources/read'
      ? body.params?.uri
      : body.method === 'tools/call' || body.method === 'prompts/get'
        ? body.params?.name
        : undefined;
  if (name !== undefined && decoded(h['mcp-name'] as string | undefined) !== name)
    return `Mcp-Name does not match body value '${name}'`;
  if (body.method === 'tools/call' && body.params?.name === 'execute_sql') {
    const region = body.params.arguments?.region;
    if (unsafe(h['mcp-param-region'])) return 'Mcp-Param-Region has characters a header value may not carry';
    if (
      region !== undefined &&
      region !== null &&
      decoded(h['mcp-param-region'] as string | undefined) !== String(region)
    )
      return 'Mcp-Param-Region does not match the region argument';
  }
  return null;
}

function result(body: Message): { json: unknown } | { progress: true; json: unknown } | null {
  const id = body.id!;
  switch (body.method) {
    case 'server/discover':
      return { json: mres(id, DISCOVER_RESULT) };
    case 'tools/list':
      return { json: mres(id, TOOLS_RESULT) };
    case 'tools/call': {
      const args = body.params?.arguments ?? {};
      const text =
        body.params?.name === 'echo' ? String(args.message) : `ran ${String(args.query)} in ${String(args.region)}`;
      const json = mres(id, { content: [{ type: 'text', text }] });
      return body.params?._meta?.progressToken === undefined ? { json } : { progress: true, json };
    }
    default:
      return null;
  }
}

export async function startModernServer(variant: 'good' | 'bad'): Promise<ModernServer> {
  const bad = variant === 'bad';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  /** Headers of every answer: the bad server mints a session id on each (§Earlier Streamable HTTP Revisions: it must not). */
  const head = (extra: Record<string, string> = {}) => ({
    ...extra,
    ...(bad ? { 'Mcp-Session-Id': randomUUID() } : {}),
  });
  const json = (res: ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, head({ 'Content-Type': 'application/json' }));
    res.end(JSON.stringify(value));
  };
  /** An SSE answer (§Receiving Messages): the events, then the end of the stream; the bad server gives them ids. */
  const sse = (res: ServerResponse, events: unknown[]) => {
    res.writeHead(
      200,
      head({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' }),
    );
    events.forEach((e, i) => res.write(`${bad ? `id: ev-${i + 1}\n` : ''}data: ${JSON.stringify(e)}\n\n`));
    res.end();
  };

  function answer(req: IncomingMessage, res: ServerResponse, text: string): void {
    if (req.method !== 'POST') {
      // §Earlier Streamable HTTP Revisions: GET and DELETE SHOULD be 405; the bad server opens a stream on GET.
      if (bad && req.method === 'GET') sse(res, [{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
      else {
        res.writeHead(405, head({ Allow: 'POST' }));
        res.end();
      }
      return;
    }
    const body = JSON.parse(text) as Message;
    if (body.id === undefined) {
      res.writeHead(202, head());
      res.end();
      return;
    }
    const version = body.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
    if (typeof version !== 'string') return json(res, 400, merr(body.id, -32602, 'Missing required _meta'));
    const mismatch = bad ? null : headerMismatch(req, body, version);
    if (mismatch !== null) return json(res, 400, merr(body.id, -32020, `Header mismatch: ${mismatch}`));
    // §Protocol Version Header: 400 with UnsupportedProtocolVersionError (the bad server sends it on 200).
    if (version !== MODERN)
      return json(
        res,
        bad ? 200 : 400,
        merr(body.id, -32022, 'Unsupported protocol version', { supported: [MODERN], requested: version }),
      );
    const r = result(body);
    // §Protocol Version Header: a method the server does not implement is 404 with -32601 (the bad server: 200).
    if (r === null) return json(res, bad ? 200 : 404, merr(body.id, -32601, 'Method not found'));
    if ('progress' in r) {
      const token = body.params!._meta.progressToken;
      sse(res, [
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2 } },
        r.json,
      ]);
    } else json(res, 200, r.json);
  }

  return listenLocal(server);
}
