// 2026-07-28 ("modern") Streamable HTTP, for real: a client written from the spec (fetch) talks to two modern servers
// written from the spec (node:http; one conformant, one that mints session ids, serves mismatched headers, numbers its
// SSE events and answers GET), captured by tcpdump on lo and saved as a HAR. Every body either side sent is valid
// against the official schema; mcptrace reads the messages tshark reads; the conformant exchanges give no finding of
// any transport rule, and each violation the test made gives exactly its finding, in the capture and in the HAR alike.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { TRANSPORT_RULES } from '../../src/rules/sets/transport.js';
import type { PipelineRecord } from '../../src/types.js';
import { canonical } from '../helpers/canonical-json.js';
import { ACCEPT_POST } from '../helpers/har.js';
import { b64, modernHeaders, mreq } from '../helpers/modern-http.js';
import { messageErrors, schemaErrors } from '../helpers/modern-schema.js';
import { startModernServer, type ModernServer } from '../helpers/modern-server.js';
import { markEnd, startTcpdump } from '../helpers/tcpdump.js';
import { tempDir } from '../helpers/temp.js';
import { sseData, tsharkMessages, type TsharkMessage } from '../helpers/tshark-http.js';

const TRANSPORT = new Set(TRANSPORT_RULES.map((r) => r.meta.id));
const GOOD = '/mcp';
const BAD = '/bad/mcp';

/** One exchange as the client made it and saw it answered: what the HAR is made of. */
interface Made {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
  resHeaders: [string, string][];
  text: string;
}

let dir = '';
let good: ModernServer;
let bad: ModernServer;
const made: Made[] = [];
/** Every message the client sent or received, with the method of the request it answers. */
const messages: { dir: 'c2s' | 's2c'; message: Record<string, unknown>; answered: string | null }[] = [];
const files: Record<string, string> = {};

async function send(
  port: number,
  path: string,
  how: { method?: string; headers: Record<string, string>; body?: ReturnType<typeof mreq> },
): Promise<Made> {
  const method = how.method ?? 'POST';
  const body = how.body === undefined ? undefined : JSON.stringify(how.body);
  const headers = { ...how.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  const url = `http://127.0.0.1:${port}${path}`;
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  const m: Made = {
    method,
    url,
    headers,
    ...(body === undefined ? {} : { body }),
    status: res.status,
    resHeaders: [...res.headers],
    text,
  };
  made.push(m);
  if (how.body !== undefined) messages.push({ dir: 'c2s', message: how.body, answered: null });
  const type = res.headers.get('content-type') ?? '';
  const answered = how.body?.method ?? null;
  for (const t of type.startsWith('text/event-stream')
    ? sseData(text)
    : type.startsWith('application/json')
      ? [text]
      : [])
    messages.push({ dir: 's2c', message: JSON.parse(t), answered });
  return m;
}

/** A request with the headers a conformant client sends, changed by `edit`. */
const edited = (
  body: ReturnType<typeof mreq>,
  edit: (h: Record<string, string>) => Record<string, string> = (h) => h,
) => ({ headers: edit(modernHeaders(body)), body });
const drop = (name: string) => (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => k !== name));
const set = (name: string, value: string) => (h: Record<string, string>) => ({ ...h, [name]: value });
const echo = (id: number) => mreq(id, 'tools/call', { name: 'echo', arguments: { message: `hello ${id}` } });
const sql = (id: number, progress = false) => {
  const r = mreq(id, 'tools/call', {
    name: 'execute_sql',
    arguments: { region: 'Zürich', query: 'SELECT 1', limit: 3 },
  });
  if (progress) (r.params._meta as Record<string, unknown>).progressToken = `p${id}`;
  return r;
};
const streamHeaders = { Accept: 'text/event-stream', 'MCP-Protocol-Version': '2026-07-28' };

/** The run: conformant exchanges, then one violation each, to the good server; then the bad server's. */
async function drive(): Promise<void> {
  const g = (how: Parameters<typeof send>[2]) => send(good.port, GOOD, how);
  const b = (how: Parameters<typeof send>[2]) => send(bad.port, BAD, how);
  // Conformant (ids 1–5, 18): discover, list, a call, a call with mirrored arguments answered on SSE, a version
  // refused (400), a method the server does not have (404).
  await g(edited(mreq(1, 'server/discover')));
  await g(edited(mreq(2, 'tools/list')));
  await g(edited(echo(3)));
  await g(edited(sql(4, true)));
  await g(edited(mreq(5, 'tools/list', {}, '2099-01-01')));
  await g(edited(mreq(18, 'prompts/list')));
  // The client's violations (ids 6–13), which the good server rejects or ignores as the spec says.
  await g(edited(echo(6), drop('Mcp-Method')));
  await g(edited(echo(7), set('Mcp-Name', 'other')));
  await g(edited(sql(8), drop('Mcp-Param-Region')));
  await g(edited(mreq(9, 'tools/list'), set('MCP-Protocol-Version', '2025-11-25')));
  await g({ method: 'GET', headers: streamHeaders });
  await g({ method: 'DELETE', headers: { ...streamHeaders, Accept: ACCEPT_POST } });
  await g(edited(mreq(12, 'tools/list'), set('Mcp-Session-Id', 'left-over')));
  await g(edited(mreq(13, 'tools/list'), set('Last-Event-ID', 'ev-1')));
  // A value that is not header-safe sent raw (fetch sends 'ü' as the latin1 byte 0xFC), not Base64-encoded.
  await g(edited(sql(20), set('Mcp-Param-Region', 'Zürich')));
  // The bad server's (ids 14–17, 19 and a GET): every answer mints a session id.
  await b(edited(mreq(14, 'tools/list')));
  await b(edited(sql(15, true)));
  await b(edited(echo(16), set('Mcp-Name', 'other')));
  await b(edited(mreq(17, 'tools/list', {}, '2099-01-01')));
  await b(edited(mreq(19, 'prompts/list')));
  await b({ method: 'GET', headers: streamHeaders });
}

/** A HAR of what the client made (no `connection`: fetch does not say which it used). */
function har(): string {
  const list = (o: Iterable<[string, string]>) => [...o].map(([name, value]) => ({ name, value }));
  const entries = made.map((m) => ({
    request: {
      method: m.method,
      url: m.url,
      headers: list(Object.entries(m.headers)),
      ...(m.body === undefined ? {} : { postData: { mimeType: 'application/json', text: m.body } }),
    },
    response: {
      status: m.status,
      headers: list(m.resHeaders),
      content: { size: Buffer.byteLength(m.text), text: m.text },
    },
  }));
  return `{"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]}}\n`;
}

beforeAll(async () => {
  dir = tempDir('modern-http');
  [good, bad] = await Promise.all([startModernServer('good'), startModernServer('bad')]);
  files.pcap = join(dir, 'lo.pcap');
  const capture = await startTcpdump('lo', files.pcap, `tcp port ${good.port} or tcp port ${bad.port}`);
  try {
    await drive();
    await markEnd(good.port, [files.pcap]);
  } finally {
    await capture.stop();
  }
  files.har = join(dir, 'modern.har');
  writeFileSync(files.har, har());
}, 60_000);

afterAll(async () => {
  await good?.stop();
  await bad?.stop();
});

async function records(path: string): Promise<PipelineRecord[]> {
  const { createReadStream } = await import('node:fs');
  return (await analyze(createReadStream(path), { file: path })).records;
}

/**
 * Each transport-rule finding as `rule severity what`: `what` the JSON-RPC id of the exchange's request, or its HTTP
 * method and path when it carried no message.
 */
function transport(rs: PipelineRecord[]): string[] {
  const ids = new Map<number, unknown>();
  for (const r of rs)
    if (r.dir === 'c2s' && r.kind === 'request' && r.http?.exchange != null) ids.set(r.http.exchange, r.id);
  return rs.flatMap((r) =>
    r.findings
      .filter((f) => TRANSPORT.has(f.rule))
      .map((f) => {
        const id = r.http?.exchange == null ? undefined : ids.get(r.http.exchange);
        return `${f.rule} ${f.severity} ${id === undefined ? `${r.http?.method} ${r.http?.path}` : `id ${String(id)}`}`;
      }),
  );
}

const EXPECTED = [
  // The client's violations, each caught under its id; what the good server answered (400 -32020, 405) is conformant.
  'request-metadata-headers error id 6',
  'request-metadata-headers error id 7',
  'request-metadata-headers error id 8',
  'protocol-version-header error id 9',
  `modern-http-method error GET ${GOOD}`,
  `modern-http-method error DELETE ${GOOD}`,
  'modern-session-id error id 12',
  'modern-event-id error id 13',
  'request-metadata-headers error id 20',
  // The bad server's: a session id on every answer, event ids, a mismatch served, -32022 on 200, a GET stream.
  'modern-session-id error id 14',
  'modern-event-id error id 15',
  'modern-session-id error id 15',
  'request-metadata-headers error id 16',
  'header-mismatch-served error id 16',
  'modern-session-id error id 16',
  'modern-error-status error id 17',
  'modern-session-id error id 17',
  'modern-error-status error id 19',
  'modern-session-id error id 19',
  `modern-event-id error GET ${BAD}`,
  `modern-http-method error GET ${BAD}`,
  `modern-http-method warning GET ${BAD}`,
  `modern-session-id error GET ${BAD}`,
];

describe('modern Streamable HTTP, captured', () => {
  it('sends and answers only bodies the official 2026-07-28 schema accepts, and the servers answer as they should', () => {
    expect(messages.length).toBeGreaterThan(30);
    for (const m of messages)
      expect(messageErrors(m.message, m.answered), `${m.dir} ${JSON.stringify(m.message)}`).toEqual([]);
    // The schema check is not vacuous: a request without its _meta, a result without resultType are refused.
    expect(
      schemaErrors('CallToolRequest', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }),
    ).not.toEqual([]);
    expect(
      schemaErrors('ListToolsResultResponse', {
        jsonrpc: '2.0',
        id: 1,
        result: { tools: [], ttlMs: 0, cacheScope: 'public' },
      }),
    ).not.toEqual([]);
    expect(made.map((m) => m.status)).toEqual([
      200, 200, 200, 200, 400, 404, 400, 400, 400, 400, 405, 405, 200, 200, 400, 200, 200, 200, 200, 200, 200,
    ]);
    expect(made[3]!.headers['Mcp-Param-Region']).toBe(b64('Zürich'));
    expect(made.slice(15).every((m) => m.resHeaders.some(([k]) => k === 'mcp-session-id'))).toBe(true);
  });

  it('reads the messages tshark reads, with the new http fields', async () => {
    const rs = await records(files.pcap!);
    const key = (dir: string, conn: string, method: string, status: number | null, message: unknown) =>
      `${dir} ${conn} ${method} ${status} ${canonical(message)}`;
    const mine = rs
      .filter((r) => ['request', 'response', 'error', 'notification'].includes(r.kind))
      .map((r) => key(r.dir, r.http!.conn, r.http!.method, r.http!.status, r.message));
    // tshark reads either port as HTTP once told of one (its heuristics): a message is one per frame.
    const read = new Map<string, TsharkMessage>();
    for (const m of [
      ...(await tsharkMessages(files.pcap!, good.port)),
      ...(await tsharkMessages(files.pcap!, bad.port)),
    ])
      read.set(`${m.frame} ${m.dir} ${canonical(m.message)}`, m);
    const theirs = [...read.values()].map((m) => key(m.dir, `tcp/${m.stream + 1}`, m.method, m.status, m.message));
    expect(mine.sort()).toEqual(theirs.sort());
    expect(mine.length).toBe(messages.length);
    const call = rs.find((r) => r.kind === 'request' && r.id === 4)!;
    expect(call.http).toMatchObject({
      protocolVersion: '2026-07-28',
      mcpMethod: 'tools/call',
      mcpName: 'execute_sql',
      mcpParams: { region: b64('Zürich'), limit: '3' },
    });
    expect(call.http!.answerSessionId).toBeUndefined();
    // The raw header's byte 0xFC is read as the character it is in latin1, as Node's http module reads it.
    expect(rs.find((r) => r.kind === 'request' && r.id === 20)!.http!.mcpParams).toMatchObject({ region: 'Zürich' });
    const minted = rs.find((r) => r.dir === 's2c' && r.id === 14)!;
    expect(minted.http!.answerSessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(['pcap', 'har'])(
    '%s: conformant exchanges give no transport finding, and each violation exactly its own',
    async (which) => {
      const rs = await records(files[which]!);
      expect(transport(rs)).toEqual(EXPECTED);
    },
  );
});
