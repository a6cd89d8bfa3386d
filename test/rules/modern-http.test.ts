// The HTTP-level rules of 2026-07-28 on small HARs built from the schema: a conformant modern session gives no finding
// of any transport rule, each crafted violation exactly its own, and legacy sessions none of the new ones.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { TRANSPORT_RULES } from '../../src/rules/sets/transport.js';
import { harOf, session, type Exchange } from '../helpers/har.js';
import { hits } from '../helpers/lifecycle.js';
import { b64, merr, modernHeaders, modernSession, mreq, mres, post, TOOLS_RESULT } from '../helpers/modern-http.js';

const TRANSPORT = new Set(TRANSPORT_RULES.map((r) => r.meta.id));
const NEW = [
  'request-metadata-headers',
  'header-mismatch-served',
  'modern-error-status',
  'modern-http-method',
  'modern-session-id',
  'modern-event-id',
  'modern-method-not-found',
];

/** Every transport-rule finding of a HAR: `rule severity line`. */
async function transport(text: string): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't' },
  );
  const line = (s: string) => s.slice(s.lastIndexOf(':') + 1);
  return [
    ...out.records.flatMap((r) =>
      r.findings.filter((f) => TRANSPORT.has(f.rule)).map((f) => `${f.rule} ${f.severity} ${line(r.source)}`),
    ),
    ...out.findings.filter((f) => TRANSPORT.has(f.rule)).map((f) => `${f.rule} ${f.severity} ${line(f.source)}`),
  ];
}

const without = (h: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !names.includes(k)));
const tools = post(mreq(1, 'tools/list'), mres(1, TOOLS_RESULT));
/** tools/list, then `x` (line 3 of the HAR), on one keep-alive connection. */
const afterList = (...xs: Exchange[]) => harOf([tools, ...xs].map((x) => ({ ...x, connection: '1' })));
const sql = (args: Record<string, unknown>, id = 2) =>
  mreq(id, 'tools/call', { name: 'execute_sql', arguments: { query: 'SELECT 1', ...args } });
const ok = (id: number) => mres(id, { content: [{ type: 'text', text: 'ok' }] });
const mismatch = (id: number) => merr(id, -32020, 'Header mismatch');

describe('a conformant 2026-07-28 session', () => {
  it('gives no finding of any transport rule (JSON and SSE answers, Base64 and integer Mcp-Param values)', async () => {
    expect(await transport(harOf(modernSession()))).toEqual([]);
    expect(await transport(harOf(modernSession().map((x) => ({ ...x, connection: '1' }))))).toEqual([]);
  });

  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])(
    'and a legacy %s session gives none of the new rules',
    async (rev) => {
      const text = harOf(session(rev).map((x) => ({ ...x, connection: '1' })));
      for (const id of NEW) expect(await hits(id, text)).toEqual([]);
    },
  );
});

describe('a dual-era connection', () => {
  it('puts a 2026-07-28 request sent on a connection that carried a legacy session in no session, and checks it', async () => {
    const call = mreq(5, 'tools/list');
    const text = harOf(
      [
        ...session('2025-11-25').slice(0, 2),
        { headers: without(modernHeaders(call), 'Mcp-Method'), body: call, status: 400, json: mismatch(5) },
      ].map((x) => ({ ...x, connection: '1' })),
    );
    const out = await analyze(
      (async function* () {
        yield Buffer.from(text);
      })(),
      { file: 't' },
    );
    expect(out.records.map((r) => r.session)).toEqual(['s1', 's1', 's1', 's1', '1', '1', '1']);
    expect(await transport(text)).toEqual(['request-metadata-headers error 4']);
  });
});

describe('request-metadata-headers', () => {
  const ID = 'request-metadata-headers';
  const call = mreq(2, 'tools/call', { name: 'echo', arguments: { message: 'hi' } });

  it('reports Mcp-Method missing or not the body method', async () => {
    const a = afterList({
      headers: without(modernHeaders(call), 'Mcp-Method'),
      body: call,
      status: 400,
      json: mismatch(2),
    });
    expect(await hits(ID, a)).toEqual([
      {
        line: 3,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 2) has no Mcp-Method header: a 2026-07-28 client MUST mirror the body\'s value ("tools/call") into it',
      },
    ]);
    const b = afterList({
      headers: { ...modernHeaders(call), 'Mcp-Method': 'tools/list' },
      body: call,
      status: 400,
      json: mismatch(2),
    });
    expect((await hits(ID, b)).map((h) => h.message)).toEqual([
      'POST /mcp (tools/call, id 2) has Mcp-Method "tools/list", not the body\'s value ("tools/call"): the header MUST mirror the body',
    ]);
  });

  it('reports Mcp-Name missing, different, or undecodable, for tools/call, prompts/get and resources/read', async () => {
    const read = mreq(2, 'resources/read', { uri: 'file:///a.txt' });
    const prompt = mreq(3, 'prompts/get', { name: 'greet' });
    const text = afterList(
      { headers: without(modernHeaders(call), 'Mcp-Name'), body: call, status: 400, json: mismatch(2) },
      { headers: { ...modernHeaders(read), 'Mcp-Name': 'file:///b.txt' }, body: read, status: 400, json: mismatch(2) },
      {
        headers: { ...modernHeaders(prompt), 'Mcp-Name': '=?base64?!!?=' },
        body: prompt,
        status: 400,
        json: mismatch(3),
      },
      {
        headers: { ...modernHeaders(prompt), 'Mcp-Name': b64('greet') },
        body: prompt,
        status: 200,
        json: mres(3, { messages: [] }),
      },
    );
    expect(await hits(ID, text)).toEqual([
      {
        line: 3,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 2) has no Mcp-Name header: a 2026-07-28 client MUST mirror the body\'s value ("echo") into it',
      },
      {
        line: 4,
        severity: 'error',
        message:
          'POST /mcp (resources/read, id 2) has Mcp-Name "file:///b.txt", not the body\'s value ("file:///a.txt"): the header MUST mirror the body',
      },
      {
        line: 5,
        severity: 'error',
        message:
          'POST /mcp (prompts/get, id 3) has Mcp-Name "=?base64?!!?=", a malformed Base64 sentinel: what is between the markers is not Base64',
      },
    ]);
  });

  it('reports a value that is not header-safe sent plain, and a malformed sentinel, for Mcp-Name and Mcp-Param alike', async () => {
    const prompt = (name: string, id: number) => mreq(id, 'prompts/get', { name });
    const region = (v: string, id: number) => sql({ region: v }, id);
    const text = afterList(
      // §Value Encoding: non-ASCII, surrounding whitespace, a control character, the sentinel pattern itself.
      {
        headers: { ...modernHeaders(prompt('grüße', 2)), 'Mcp-Name': 'grüße' },
        body: prompt('grüße', 2),
        status: 400,
        json: mismatch(2),
      },
      {
        headers: { ...modernHeaders(region(' eu ', 3)), 'Mcp-Param-Region': 'eu' },
        body: region(' eu ', 3),
        status: 400,
        json: mismatch(3),
      },
      {
        headers: { ...modernHeaders(region('eu\twest', 4)), 'Mcp-Param-Region': 'eu\twest' },
        body: region('eu\twest', 4),
        status: 400,
        json: mismatch(4),
      },
      {
        headers: { ...modernHeaders(region('=?base64?aGk=?=', 5)), 'Mcp-Param-Region': '=?base64?aGk=?=' },
        body: region('=?base64?aGk=?=', 5),
        status: 400,
        json: mismatch(5),
      },
      // Malformed sentinels: markers in upper case, no suffix, not UTF-8.
      {
        headers: { ...modernHeaders(prompt('grüße', 6)), 'Mcp-Name': b64('grüße').replace('base64', 'BASE64') },
        body: prompt('grüße', 6),
        status: 400,
        json: mismatch(6),
      },
      {
        headers: { ...modernHeaders(region('eu', 7)), 'Mcp-Param-Region': '=?base64?ZXU=' },
        body: region('eu', 7),
        status: 400,
        json: mismatch(7),
      },
      {
        headers: { ...modernHeaders(region('eu', 8)), 'Mcp-Param-Region': '=?base64?/w==?=' },
        body: region('eu', 8),
        status: 400,
        json: mismatch(8),
      },
      // Encoded right: no finding, the sentinel decoded first (a safe value may be encoded too).
      {
        headers: modernHeaders(prompt('grüße', 9)),
        body: prompt('grüße', 9),
        status: 200,
        json: mres(9, { messages: [] }),
      },
      {
        headers: { ...modernHeaders(region('eu', 10)), 'Mcp-Param-Region': b64('eu') },
        body: region('eu', 10),
        status: 200,
        json: ok(10),
      },
      {
        headers: modernHeaders(region('=?base64?aGk=?=', 11)),
        body: region('=?base64?aGk=?=', 11),
        status: 200,
        json: ok(11),
      },
    );
    expect(modernHeaders(region('=?base64?aGk=?=', 11))['Mcp-Param-Region']).toBe(b64('=?base64?aGk=?='));
    expect(await hits(ID, text)).toEqual([
      {
        line: 3,
        severity: 'error',
        message:
          'POST /mcp (prompts/get, id 2) has Mcp-Name "grüße", but the body\'s value ("grüße") is not header-safe (non-ASCII characters): the client MUST send it Base64-encoded (=?base64?…?=)',
      },
      {
        line: 4,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 3) has Mcp-Param-Region "eu", but the body\'s value (" eu ") is not header-safe (leading or trailing whitespace): the client MUST send it Base64-encoded (=?base64?…?=)',
      },
      {
        line: 5,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 4) has Mcp-Param-Region "eu\\twest", but the body\'s value ("eu\\twest") is not header-safe (a control character): the client MUST send it Base64-encoded (=?base64?…?=)',
      },
      {
        line: 6,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 5) has Mcp-Param-Region "=?base64?aGk=?=", but the body\'s value ("=?base64?aGk=?=") is not header-safe (the form of a sentinel): the client MUST send it Base64-encoded (=?base64?…?=)',
      },
      {
        line: 7,
        severity: 'error',
        message: `POST /mcp (prompts/get, id 6) has Mcp-Name ${JSON.stringify(b64('grüße').replace('base64', 'BASE64'))}, a malformed Base64 sentinel: the markers MUST be lower case (=?base64?…?=)`,
      },
      {
        line: 8,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 7) has Mcp-Param-Region "=?base64?ZXU=", a malformed Base64 sentinel: it does not end with ?=',
      },
      {
        line: 9,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 8) has Mcp-Param-Region "=?base64?/w==?=", a malformed Base64 sentinel: it does not decode to UTF-8',
      },
    ]);
  });

  it("asks Mcp-Name = params.taskId of the tasks extension's tasks/get, tasks/update and tasks/cancel", async () => {
    const task = (method: string, id: number, taskId = 'task-1') =>
      mreq(id, method, { taskId, ...(method === 'tasks/update' ? { inputResponses: {} } : {}) });
    const ack = (id: number) => mres(id, {});
    const text = harOf([
      post(
        task('tasks/get', 1),
        mres(1, {
          taskId: 'task-1',
          status: 'working',
          createdAt: '2026-08-01T10:00:00Z',
          lastUpdatedAt: '2026-08-01T10:00:00Z',
          ttlSeconds: 60,
        }),
      ),
      post(task('tasks/update', 2), ack(2)),
      post(task('tasks/cancel', 3, 'täsk 2'), ack(3)),
      {
        headers: without(modernHeaders(task('tasks/get', 4)), 'Mcp-Name'),
        body: task('tasks/get', 4),
        status: 400,
        json: mismatch(4),
      },
      {
        headers: { ...modernHeaders(task('tasks/cancel', 5)), 'Mcp-Name': 'task-2' },
        body: task('tasks/cancel', 5),
        status: 400,
        json: mismatch(5),
      },
    ]);
    expect(modernHeaders(task('tasks/cancel', 3, 'täsk 2'))['Mcp-Name']).toBe(b64('täsk 2'));
    expect(await hits(ID, text)).toEqual([
      {
        line: 5,
        severity: 'error',
        message:
          'POST /mcp (tasks/get, id 4) has no Mcp-Name header: a 2026-07-28 client MUST mirror the body\'s value ("task-1") into it',
      },
      {
        line: 6,
        severity: 'error',
        message:
          'POST /mcp (tasks/cancel, id 5) has Mcp-Name "task-2", not the body\'s value ("task-1"): the header MUST mirror the body',
      },
    ]);
    expect(await transport(text)).toEqual(['request-metadata-headers error 5', 'request-metadata-headers error 6']);
  });

  it('reports an x-mcp-header argument not mirrored, or mirrored wrong, once tools/list annotated it', async () => {
    const text = afterList(
      {
        headers: without(modernHeaders(sql({ region: 'eu' })), 'Mcp-Param-Region'),
        body: sql({ region: 'eu' }),
        status: 400,
        json: mismatch(2),
      },
      {
        headers: { ...modernHeaders(sql({ region: 'eu', limit: 5 }, 3)), 'Mcp-Param-Limit': '6' },
        body: sql({ region: 'eu', limit: 5 }, 3),
        status: 400,
        json: mismatch(3),
      },
      // Integers compare as numbers (§Server Validation), a null argument has no header, and header names are case-insensitive.
      {
        headers: {
          ...without(modernHeaders(sql({ region: 'eu', limit: 5 }, 4)), 'Mcp-Param-Region', 'Mcp-Param-Limit'),
          'mcp-param-region': 'eu',
          'MCP-PARAM-LIMIT': '5.0',
        },
        body: sql({ region: 'eu', limit: 5 }, 4),
        status: 200,
        json: ok(4),
      },
      {
        headers: without(modernHeaders(sql({ region: null }, 5)), 'Mcp-Param-Region'),
        body: sql({ region: null }, 5),
        status: 200,
        json: ok(5),
      },
    );
    expect(await hits(ID, text)).toEqual([
      {
        line: 3,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 2) has no Mcp-Param-Region header: a 2026-07-28 client MUST mirror the body\'s value ("eu") into it',
      },
      {
        line: 4,
        severity: 'error',
        message:
          'POST /mcp (tools/call, id 3) has Mcp-Param-Limit "6", not the body\'s value ("5"): the header MUST mirror the body',
      },
    ]);
  });

  it('does not ask Mcp-Param of a tool its annotations make invalid (the client must leave such a tool out)', async () => {
    const tool = (name: string, properties: Record<string, unknown>) => ({
      name,
      inputSchema: { type: 'object', properties },
    });
    const list = mres(1, {
      tools: [
        tool('spaced', { a: { type: 'string', 'x-mcp-header': 'Bad Name' } }),
        tool('floaty', { a: { type: 'number', 'x-mcp-header': 'Amount' } }),
        tool('twice', {
          a: { type: 'string', 'x-mcp-header': 'Region' },
          b: { type: 'string', 'x-mcp-header': 'region' },
        }),
        tool('fine', { a: { type: 'string', 'x-mcp-header': 'A' } }),
      ],
      ttlMs: 0,
      cacheScope: 'public',
    });
    const call = (id: number, name: string) => mreq(id, 'tools/call', { name, arguments: { a: 'x', b: 'y' } });
    const text = harOf(
      [
        post(mreq(1, 'tools/list'), list),
        ...['spaced', 'floaty', 'twice', 'fine'].map((n, i) => post(call(i + 2, n), ok(i + 2))),
      ].map((x) => ({ ...x, connection: '1' })),
    );
    expect((await hits(ID, text)).map((h) => h.message)).toEqual([
      'POST /mcp (tools/call, id 5) has no Mcp-Param-A header: a 2026-07-28 client MUST mirror the body\'s value ("x") into it',
    ]);
  });

  it('does not ask Mcp-Param of a tool whose tools/list is not in the log, nor headers of a notification POST', async () => {
    const text = harOf([
      {
        headers: without(modernHeaders(sql({ region: 'eu' })), 'Mcp-Param-Region'),
        body: sql({ region: 'eu' }),
        status: 200,
        json: ok(2),
      },
      {
        headers: { Accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } },
        status: 202,
      },
    ]);
    expect(await hits(ID, text)).toEqual([]);
  });
});

describe('protocol-version-header in a 2026-07-28 exchange', () => {
  const ID = 'protocol-version-header';
  const call = mreq(2, 'tools/list');

  it('reports a request POST without it, or naming another version than its _meta (both errors)', async () => {
    const text = harOf([
      { headers: without(modernHeaders(call), 'MCP-Protocol-Version'), body: call, status: 400, json: mismatch(2) },
      {
        headers: { ...modernHeaders(call), 'MCP-Protocol-Version': '2026-12-01' },
        body: call,
        status: 400,
        json: mismatch(2),
      },
      post(call, mres(2, TOOLS_RESULT)),
    ]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 2,
        severity: 'error',
        message:
          'POST /mcp (tools/list, id 2) has no MCP-Protocol-Version header: every 2026-07-28 request POST MUST carry it, equal to its _meta protocolVersion "2026-07-28"',
      },
      {
        line: 3,
        severity: 'error',
        message:
          'POST /mcp (tools/list, id 2) says MCP-Protocol-Version "2026-12-01", but its _meta protocolVersion is "2026-07-28": the header MUST match the body',
      },
    ]);
  });
});

describe('header-mismatch-served', () => {
  const ID = 'header-mismatch-served';
  const call = mreq(2, 'tools/call', { name: 'echo', arguments: { message: 'hi' } });

  it('reports a request whose headers fail validation answered other than 400, on the answer', async () => {
    const text = afterList(
      { headers: { ...modernHeaders(call), 'Mcp-Name': 'other' }, body: call, status: 200, json: ok(2) },
      {
        headers: without(modernHeaders(sql({ region: 'eu' }, 3)), 'Mcp-Param-Region', 'Mcp-Method'),
        body: sql({ region: 'eu' }, 3),
        status: 200,
        sse: [{ data: ok(3) }],
      },
      { headers: { ...modernHeaders(call), 'Mcp-Name': 'other' }, body: call, status: 400, json: mismatch(2) },
    );
    expect(await hits(ID, text)).toEqual([
      {
        line: 3,
        severity: 'error',
        message:
          'the server answered POST /mcp (tools/call, id 2) 200, though its headers fail validation (Mcp-Name different): it MUST reject it with 400 Bad Request and HeaderMismatch (-32020)',
      },
      {
        line: 4,
        severity: 'error',
        message:
          'the server answered POST /mcp (tools/call, id 3) 200, though its headers fail validation (Mcp-Method missing, Mcp-Param-Region missing): it MUST reject it with 400 Bad Request and HeaderMismatch (-32020)',
      },
    ]);
  });
});

describe('header-mismatch-served on 400', () => {
  const ID = 'header-mismatch-served';
  const call = mreq(2, 'tools/call', { name: 'echo', arguments: { message: 'hi' } });
  const bad = (answer: Partial<Exchange>): Exchange => ({
    headers: { ...modernHeaders(call), 'Mcp-Name': 'other' },
    body: call,
    status: 400,
    ...answer,
  });

  it('reports a 400 whose JSON-RPC error is not -32020, and passes -32022, -32602 and a 400 with no JSON-RPC error', async () => {
    const text = afterList(
      bad({ json: merr(2, -32600, 'Invalid Request') }),
      bad({ json: merr(2, -32022, 'Unsupported', { supported: ['2026-07-28'], requested: '2026-07-28' }) }),
      bad({ json: merr(2, -32602, 'Missing _meta') }),
      bad({}),
      bad({ json: mismatch(2) }),
    );
    expect(await hits(ID, text)).toEqual([
      {
        line: 3,
        severity: 'error',
        message:
          'the server rejected POST /mcp (tools/call, id 2) with 400 and error -32600, though what fails is its headers (Mcp-Name different): the error MUST be HeaderMismatch (-32020)',
      },
    ]);
  });
});

describe('modern-error-status', () => {
  const ID = 'modern-error-status';
  const call = mreq(2, 'tools/list');

  it('reports -32020, -32021 and -32022 not on 400 and -32601 not on 404, in modern exchanges only', async () => {
    const ping = mreq(3, 'ping');
    const text = harOf([
      post(call, merr(2, -32020, 'Header mismatch')),
      {
        ...post(call, undefined),
        json: undefined,
        sse: [{ data: merr(2, -32021, 'Missing capability', { requiredCapabilities: { sampling: {} } }) }],
      },
      post(call, merr(2, -32022, 'Unsupported', { supported: ['2026-07-28'], requested: '2027-01-01' }), {
        status: 400,
      }),
      post(ping, merr(3, -32601, 'Method not found'), { status: 400 }),
      post(ping, merr(3, -32601, 'Method not found'), { status: 404 }),
    ]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 2,
        severity: 'error',
        message:
          'the server answered tools/list with HeaderMismatch (-32020) on HTTP 200: this error MUST come with 400 Bad Request',
      },
      {
        line: 3,
        severity: 'error',
        message:
          'the server answered tools/list with MissingRequiredClientCapability (-32021) on HTTP 200: this error MUST come with 400 Bad Request',
      },
      {
        line: 5,
        severity: 'error',
        message:
          'the server answered ping with Method not found (-32601) on HTTP 400: this error MUST come with 404 Not Found',
      },
    ]);
    // In a legacy session the range was the implementation's own.
    const legacy = harOf([
      ...session('2025-11-25').slice(0, 2),
      {
        headers: {
          Accept: 'application/json, text/event-stream',
          'Mcp-Session-Id': 's1',
          'MCP-Protocol-Version': '2025-11-25',
        },
        body: { jsonrpc: '2.0', id: 5, method: 'tools/list' },
        status: 200,
        json: merr(5, -32020, 'mine'),
      },
    ]);
    expect(await hits(ID, legacy)).toEqual([]);
  });
});

describe('modern-method-not-found', () => {
  const ID = 'modern-method-not-found';
  const notFound = (id: number) => merr(id, -32601, 'Method not found');

  it('reports a method 2026-07-28 removed answered with a result, another error or a bare status, and a bare 404 to any method it lacks', async () => {
    const text = harOf([
      // Conformant: 404 with -32601, a request rejected before its method (-32022, -32602 on 400), a vendor method served.
      post(mreq(1, 'ping'), notFound(1), { status: 404 }),
      post(
        mreq(2, 'initialize', {
          protocolVersion: '2026-07-28',
          capabilities: {},
          clientInfo: { name: 'c', version: '1' },
        }),
        notFound(2),
        { status: 404 },
      ),
      post(
        mreq(3, 'ping', {}, '2099-01-01'),
        merr(3, -32022, 'Unsupported', { supported: ['2026-07-28'], requested: '2099-01-01' }),
        { status: 400 },
      ),
      post(mreq(4, 'acme/frob'), mres(4, {})),
      post(mreq(5, 'acme/frob'), merr(5, -32602, 'bad frob')),
      // Violations.
      post(mreq(6, 'ping'), mres(6, {})),
      post(mreq(7, 'logging/setLevel', { level: 'info' }), merr(7, -32600, 'Invalid Request'), { status: 400 }),
      { ...post(mreq(8, 'resources/subscribe', { uri: 'file:///a' }), undefined), json: undefined, status: 404 },
      {
        ...post(mreq(9, 'acme/frob'), undefined),
        json: undefined,
        status: 404,
        resHeaders: { 'Content-Type': 'text/html' },
      },
      post(mreq(10, 'acme/frob'), merr(10, -32600, 'no such thing'), { status: 404 }),
      // -32601 on 200 is modern-error-status's.
      post(mreq(11, 'tasks/list'), notFound(11)),
    ]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 7,
        severity: 'error',
        message:
          'the server answered POST /mcp (ping, id 6) with a result (HTTP 200), but 2026-07-28 has no ping: a server MUST answer a method it does not implement 404 Not Found with Method not found (-32601)',
      },
      {
        line: 8,
        severity: 'error',
        message:
          'the server answered POST /mcp (logging/setLevel, id 7) with error -32600 (HTTP 400), but 2026-07-28 has no logging/setLevel: a server MUST answer a method it does not implement 404 Not Found with Method not found (-32601)',
      },
      {
        line: 9,
        severity: 'error',
        message:
          "the server answered POST /mcp (resources/subscribe, id 8) with no JSON-RPC error (HTTP 404), but 2026-07-28 has no resources/subscribe: a server MUST answer a method it does not implement 404 Not Found with Method not found (-32601): the -32601 body is what tells a 2026-07-28 server's 404 from a legacy one's",
      },
      {
        line: 10,
        severity: 'error',
        message:
          "the server answered POST /mcp (acme/frob, id 9) with no JSON-RPC error (HTTP 404), but 2026-07-28 has no acme/frob: a server MUST answer a method it does not implement 404 Not Found with Method not found (-32601): the -32601 body is what tells a 2026-07-28 server's 404 from a legacy one's",
      },
      {
        line: 11,
        severity: 'error',
        message:
          'the server answered POST /mcp (acme/frob, id 10) with error -32600 (HTTP 404), but 2026-07-28 has no acme/frob: a server MUST answer a method it does not implement 404 Not Found with Method not found (-32601)',
      },
    ]);
    expect((await hits('modern-error-status', text)).map((h) => h.line)).toEqual([12]);
  });

  it("leaves the tasks extension's methods and a legacy session alone", async () => {
    const text = harOf([
      post(mreq(1, 'tasks/get', { taskId: 't' }), merr(1, -32602, 'unknown task')),
      ...session('2025-11-25').slice(0, 2),
    ]);
    expect(await hits(ID, text)).toEqual([]);
  });
});

describe('modern-http-method', () => {
  const ID = 'modern-http-method';
  const h = { Accept: 'text/event-stream', 'MCP-Protocol-Version': '2026-07-28' };

  it('reports a GET or DELETE that says 2026-07-28 (the client), and an answer other than 405 (the server, warning)', async () => {
    const text = harOf([
      { method: 'GET', headers: h, status: 405 },
      {
        method: 'GET',
        headers: h,
        status: 200,
        sse: [{ data: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } }],
      },
      { method: 'DELETE', headers: h, status: 200 },
      // Without the header, a GET or DELETE is legacy traffic.
      { method: 'GET', headers: { Accept: 'text/event-stream' }, status: 405 },
    ]);
    const got = await hits(ID, text);
    expect(got.map((x) => [x.line, x.severity])).toEqual([
      [2, 'error'],
      [3, 'error'],
      [3, 'warning'],
      [4, 'error'],
      [4, 'warning'],
    ]);
    expect(got[0]!.message).toBe(
      'GET /mcp says MCP-Protocol-Version "2026-07-28": 2026-07-28 has no GET stream and no DELETE (no sessions); the client MUST use POST',
    );
    expect(got[2]!.message).toBe(
      'the server answered GET /mcp 200: a 2026-07-28 server SHOULD answer GET and DELETE with 405 Method Not Allowed',
    );
  });
});

describe('modern-session-id', () => {
  const ID = 'modern-session-id';
  const call = mreq(2, 'tools/list');

  it('reports a request that sends one and an answer that mints one (once per answer), and session-id-header stays quiet', async () => {
    const text = afterList(
      {
        ...post(call, undefined),
        json: undefined,
        resHeaders: { 'Mcp-Session-Id': 'minted' },
        sse: [
          { data: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } } },
          { data: mres(2, TOOLS_RESULT) },
        ],
      },
      {
        headers: { ...modernHeaders(mreq(3, 'tools/list')), 'Mcp-Session-Id': 'minted' },
        body: mreq(3, 'tools/list'),
        status: 200,
        json: mres(3, TOOLS_RESULT),
      },
      post(mreq(4, 'tools/list'), mres(4, TOOLS_RESULT)),
    );
    expect(await hits(ID, text)).toEqual([
      {
        line: 3,
        severity: 'error',
        message:
          'the server\'s answer to POST /mcp (tools/list, id 2) assigns Mcp-Session-Id "minted": a 2026-07-28 server MUST NOT mint or echo session ids',
      },
      {
        line: 4,
        severity: 'error',
        message: 'POST /mcp (tools/list, id 3) sends Mcp-Session-Id "minted": 2026-07-28 has no sessions',
      },
    ]);
    expect(await hits('session-id-header', text)).toEqual([]);
  });
});

describe('modern-event-id', () => {
  const ID = 'modern-event-id';
  const call = mreq(2, 'tools/list');

  it('reports Last-Event-ID on a request and SSE events with ids (once per stream)', async () => {
    const text = harOf([
      {
        ...post(call, undefined),
        json: undefined,
        sse: [
          {
            id: 'e1',
            data: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
          },
          { id: 'e2', data: mres(2, TOOLS_RESULT) },
        ],
      },
      {
        ...post(mreq(3, 'tools/list'), mres(3, TOOLS_RESULT)),
        headers: { ...modernHeaders(call), 'Last-Event-ID': 'e1' },
      },
    ]);
    expect(await hits(ID, text)).toEqual([
      {
        line: 2,
        severity: 'error',
        message:
          'the server\'s SSE stream for POST /mcp (tools/list, id 2) gives its events ids (first: "e1"): 2026-07-28 streams are not resumable and have no event ids',
      },
      {
        line: 3,
        severity: 'error',
        message:
          'POST /mcp (tools/list, id 3) sends Last-Event-ID "e1": 2026-07-28 streams are not resumable (re-issue the request with a new id)',
      },
    ]);
  });
});

describe('a proxy capture (envelope NDJSON) of 2026-07-28 traffic', () => {
  it('reads the new http fields back as written, drops ones of the wrong type, and is checked the same', async () => {
    const body = mreq(2, 'tools/call', { name: 'execute_sql', arguments: { region: 'eu', query: 'SELECT 1' } });
    const http = {
      method: 'POST',
      path: '/mcp',
      status: null,
      contentType: 'application/json',
      stream: 'post',
      eventId: null,
      conn: 'proxy/1',
      exchange: 1,
      protocolVersion: '2026-07-28',
      sessionId: null,
      accept: 'application/json, text/event-stream',
      lastEventId: null,
    };
    const lines = [
      {
        ts: '2026-08-01T10:00:00.000Z',
        dir: 'c2s',
        line: JSON.stringify(body),
        http: { ...http, mcpMethod: 'tools/call', mcpName: 'execute_sql', mcpParams: { region: 'eu' } },
      },
      {
        ts: '2026-08-01T10:00:00.001Z',
        dir: 'c2s',
        line: JSON.stringify({ ...body, id: 3 }),
        http: { ...http, exchange: 2, mcpMethod: 7, mcpName: 'execute_sql', mcpParams: { region: 1 } },
      },
    ];
    const out = await analyze(
      (async function* () {
        yield Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      })(),
      { file: 'capture.ndjson' },
    );
    expect(out.records.map((r) => [r.http?.mcpMethod, r.http?.mcpName, r.http?.mcpParams])).toEqual([
      ['tools/call', 'execute_sql', { region: 'eu' }],
      [undefined, 'execute_sql', undefined],
    ]);
    expect(
      out.records.map((r) => r.findings.filter((f) => f.rule === 'request-metadata-headers').map((f) => f.message)),
    ).toEqual([
      [],
      [
        'POST /mcp (tools/call, id 3) has no Mcp-Method header: a 2026-07-28 client MUST mirror the body\'s value ("tools/call") into it',
      ],
    ]);
  });
});
