// schema-violation: params and results against the SDK's zod schemas, per revision, with paths and bounded output.
import { describe, expect, it } from 'vitest';
import * as sdk from '@modelcontextprotocol/sdk/types.js';
import { analyze } from '../../src/analyze-stream.js';
import { METHODS } from '../../src/protocol/methods.js';
import { SCHEMA_LENIENCY } from '../../src/protocol/schema-leniency.js';
import { paramsSchema, schemaTables } from '../../src/protocol/schemas.js';
import { describeIssue, formatPath, matchesPrefix } from '../../src/rules/schema-check.js';
import { pathKeys } from '../../src/util/key-path.js';
import { BUCKET_MAX, VerdictCache, fingerprint, keyText as keyOffsets } from '../../src/rules/schema-cache.js';

/** The key as text: what the offsets of `keyText` select. */
function keyText(text: string, id: string | number | null): { cut: number; body: string } {
  const k = keyOffsets(text, id);
  return { cut: k.cut, body: text.slice(k.start, k.end) };
}

const ID = 'schema-violation';

/** Findings of this rule, as `line: message`, for NDJSON lines. */
async function findings(lines: string[], file = 't.ndjson'): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(lines.join('\n') + '\n');
    })(),
    { file },
  );
  return out.records.flatMap((r) =>
    r.findings.filter((f) => f.rule === ID).map((f) => `${r.source.split(':')[1]}: ${f.message}`),
  );
}

const j = (v: unknown): string => JSON.stringify(v);
const init = (rev: string, caps: object = {}): string =>
  j({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: rev, capabilities: caps, clientInfo: { name: 'c', version: '1' } },
  });
const initResult = (rev: string, caps: object = { tools: {}, resources: {}, logging: {} }): string =>
  j({
    jsonrpc: '2.0',
    id: 0,
    result: { protocolVersion: rev, capabilities: caps, serverInfo: { name: 's', version: '1' } },
  });
/** A handshake of revision `rev`, then the given lines. */
const session = (rev: string, ...lines: string[]): string[] => [
  init(rev),
  initResult(rev),
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  ...lines,
];
const req = (id: number, method: string, params?: unknown): string =>
  j({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const res = (id: number, result: unknown): string => j({ jsonrpc: '2.0', id, result });
const ntf = (method: string, params?: unknown): string =>
  j({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });

describe('the schema table', () => {
  const { params: PARAMS, results: RESULT } = schemaTables();

  it('has params for every method of the method table, and a result for every request', () => {
    for (const m of METHODS) {
      expect(PARAMS.has(m.method), `params of ${m.method}`).toBe(true);
      if (m.kind === 'request') expect(RESULT.has(m.method), `result of ${m.method}`).toBe(true);
      else expect(RESULT.has(m.method), `no result for notification ${m.method}`).toBe(false);
    }
  });

  it('has no entry for a method outside the method table', () => {
    const known = new Set(METHODS.map((m) => m.method));
    expect([...PARAMS.keys()].filter((m) => !known.has(m))).toEqual([]);
    expect([...RESULT.keys()].filter((m) => !known.has(m))).toEqual([]);
  });

  it('requires cancelled.requestId before 2025-11-25 only', () => {
    const params = { reason: 'x' };
    expect(paramsSchema('notifications/cancelled', '2025-06-18')!.safeParse(params).success).toBe(false);
    expect(paramsSchema('notifications/cancelled', '2025-11-25')!.safeParse(params).success).toBe(true);
    expect(paramsSchema('notifications/cancelled', null)!.safeParse(params).success).toBe(true);
    expect(paramsSchema('experimental/thing', null)).toBeUndefined();
  });

  it('parses every leniency pattern into segments', () => {
    for (const l of SCHEMA_LENIENCY) expect(pathKeys(l.path).length, l.path).toBeGreaterThan(0);
    expect(pathKeys('**._meta["io.modelcontextprotocol/related-task"]')).toEqual([
      '**',
      '_meta',
      'io.modelcontextprotocol/related-task',
    ]);
  });
});

describe('SDK drift guards', () => {
  it('reports base64 and object checks with the messages the formatter knows', () => {
    const bad64 = sdk.ImageContentSchema.safeParse(
      { type: 'image', data: '!!', mimeType: 'image/png' },
      { reportInput: true },
    );
    expect(bad64.error!.issues.map((i) => [i.code, i.message])).toEqual([['custom', 'Invalid Base64 string']]);
    const notObject = sdk.ServerCapabilitiesSchema.safeParse({ logging: 5 }, { reportInput: true });
    expect(notObject.error!.issues.map((i) => [i.code, i.message])).toEqual([['custom', 'Invalid input']]);
  });
});

describe('paths and messages', () => {
  it('formats paths with indexes and quoted keys', () => {
    expect(formatPath(['result', 'tools', 2, 'inputSchema', 'type'])).toBe('result.tools[2].inputSchema.type');
    expect(formatPath(['params', '_meta', 'io.modelcontextprotocol/related-task', 'taskId'])).toBe(
      'params._meta["io.modelcontextprotocol/related-task"].taskId',
    );
    expect(formatPath(['params'])).toBe('params');
    expect(formatPath(['params', 'arguments', 'k'.repeat(500)])).toBe(`params.arguments["${'k'.repeat(59)}…"]`);
  });

  it('states types, literals, enums, formats, bounds and missing values', () => {
    expect(describeIssue({ code: 'invalid_type', path: [], message: '', expected: 'string', input: 5 })).toBe(
      'expected string, received number',
    );
    expect(describeIssue({ code: 'invalid_type', path: [], message: '', expected: 'object', input: [] })).toBe(
      'expected object, received array',
    );
    expect(describeIssue({ code: 'invalid_type', path: [], message: '', expected: 'int', input: 1.5 })).toBe(
      'expected integer, received 1.5',
    );
    expect(describeIssue({ code: 'invalid_type', path: [], message: '', expected: 'string' })).toBe(
      'missing (expected string)',
    );
    expect(describeIssue({ code: 'invalid_type', path: [], message: '', expected: 'nonoptional' })).toBe('missing');
    expect(describeIssue({ code: 'invalid_value', path: [], message: '', values: ['object'], input: 'obj' })).toBe(
      'expected "object", received "obj"',
    );
    expect(describeIssue({ code: 'invalid_value', path: [], message: '', values: ['a', 'b'], input: 'c' })).toBe(
      'expected one of "a", "b", received "c"',
    );
    expect(describeIssue({ code: 'invalid_value', path: [], message: '', values: ['url'] })).toBe(
      'missing (expected "url")',
    );
    expect(
      describeIssue({
        code: 'too_big',
        path: [],
        message: '',
        origin: 'array',
        maximum: 100,
        input: Array(101).fill('x'),
      }),
    ).toBe('expected at most 100 items, received 101');
    expect(
      describeIssue({
        code: 'too_big',
        path: [],
        message: '',
        origin: 'number',
        maximum: 1,
        inclusive: true,
        input: 2,
      }),
    ).toBe('expected a number <= 1, received 2');
    expect(describeIssue({ code: 'invalid_format', path: [], message: '', format: 'url', input: 'not a url' })).toBe(
      'expected a URL, received "not a url"',
    );
    expect(
      describeIssue({ code: 'invalid_type', path: [], message: '', expected: 'string', input: 'x'.repeat(100) }),
    ).toBe('expected string, received string');
    expect(describeIssue({ code: 'invalid_value', path: [], message: '', values: ['a'], input: 'y'.repeat(100) })).toBe(
      `expected "a", received "${'y'.repeat(38)}…`,
    );
  });

  it('names the path and the expectation of each issue', async () => {
    expect(
      await findings(
        session(
          '2025-11-25',
          req(1, 'tools/list'),
          res(1, {
            tools: [
              { name: 'a', inputSchema: { type: 'object' } },
              { name: 'b', inputSchema: { type: 'obj' } },
            ],
          }),
          req(2, 'tools/call', { name: 5 }),
          res(2, { content: [{ type: 'text', text: 1 }, { type: 'video' }] }),
          req(3, 'resources/read', { uri: 'file:///a' }),
          res(3, { contents: [{ uri: 'file:///a' }] }),
          req(4, 'tools/call', { name: 'x', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 7 } } }),
        ),
      ),
    ).toEqual([
      '5: result.tools[1].inputSchema.type: expected "object", received "obj"',
      '6: params.name: expected string, received number',
      '7: result.content[0].text: expected string, received number; result.content[1].type: expected one of "text", "image", "audio", "resource_link", "resource", received "video"',
      '9: result.contents[0]: missing (expected one of the keys "text", "blob")',
      '10: params._meta["io.modelcontextprotocol/related-task"].taskId: expected string, received number',
    ]);
  });

  it('reports a discriminator that matches no member, and the member a value was meant to be', async () => {
    expect(
      await findings(
        session(
          '2025-11-25',
          req(1, 'tools/list'),
          j({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: { messages: [], maxTokens: 1.5 } }),
          res(1, { tools: [] }),
          j({ jsonrpc: '2.0', id: 1, result: { model: 'm', role: 'assistant', content: { type: 'nope' } } }),
          j({ jsonrpc: '2.0', id: 2, method: 'elicitation/create', params: { message: 'x' } }),
        ),
      ),
    ).toEqual([
      '5: params.maxTokens: expected integer, received 1.5',
      '7: result.content.type: expected one of "text", "image", "audio", "tool_use", "tool_result", received "nope"',
      '8: params.requestedSchema: missing (expected object)',
    ]);
  });

  it('names every alternative of a union of plain types', async () => {
    expect(
      await findings([
        ntf('notifications/progress', { progressToken: 1.5, progress: 1 }),
        ntf('notifications/tasks/status', {
          taskId: 't',
          status: 'working',
          ttl: 'x',
          createdAt: 'a',
          lastUpdatedAt: 'b',
        }),
      ]),
    ).toEqual([
      '1: params.progressToken: expected string or integer, received 1.5',
      '2: params.ttl: expected number or null, received string',
    ]);
  });

  it('lists at most five issues per message and counts the rest', async () => {
    const tools = Array.from({ length: 8 }, (_, i) => ({ name: i, inputSchema: { type: 'object' } }));
    const [one] = await findings(session('2025-11-25', req(1, 'tools/list'), res(1, { tools })));
    expect(one).toBe(
      '5: result.tools[0].name: expected string, received number; result.tools[1].name: expected string, received number; ' +
        'result.tools[2].name: expected string, received number; result.tools[3].name: expected string, received number; ' +
        'result.tools[4].name: expected string, received number (+3 more)',
    );
  });

  it('requires params and results to be objects, and params where the method has required ones', async () => {
    expect(
      await findings(
        session(
          '2025-11-25',
          req(1, 'tools/call'),
          res(1, []),
          req(2, 'ping'),
          res(2, null),
          ntf('notifications/progress', 'x'),
        ),
      ),
    ).toEqual([
      '4: params: missing (expected object)',
      '5: result: expected object, received array',
      '7: result: expected object, received null',
      '8: params: expected object, received string',
    ]);
  });
});

describe('what the spec allows', () => {
  it('allows unknown keys anywhere, and _meta with any keys', async () => {
    expect(
      await findings(
        session(
          '2025-11-25',
          req(1, 'tools/list', { cursor: 'c', 'x-client': [1] }),
          res(1, {
            tools: [{ name: 'a', inputSchema: { type: 'object', 'x-any': { deep: true } }, 'x-vendor': 5 }],
            'x-top': null,
            _meta: { 'vendor/k': 1 },
          }),
          req(2, 'ping', { _meta: { progressToken: 'p', other: [] } }),
          res(2, { extra: 1, _meta: {} }),
          ntf('notifications/tools/list_changed', { 'x-why': 'because' }),
        ),
      ),
    ).toEqual([]);
  });

  it('allows open capabilities in the handshake', async () => {
    expect(
      await findings([
        init('2025-11-25', { 'x-vendor': 7, experimental: { feature: {} }, extensions: 'anything' }),
        initResult('2025-11-25', { tools: {}, 'x-server': true, extensions: 3 }),
      ]),
    ).toEqual([]);
  });

  it('accepts a CreateTaskResult or the ordinary result for a task-augmented call', async () => {
    const task = {
      taskId: 't1',
      status: 'working',
      ttl: null,
      createdAt: '2025-01-01T00:00:00Z',
      lastUpdatedAt: '2025-01-01T00:00:00Z',
    };
    expect(
      await findings(
        session(
          '2025-11-25',
          req(1, 'tools/call', { name: 'slow', task: { ttl: 1000 } }),
          res(1, { task }),
          req(2, 'tools/call', { name: 'slow', task: {} }),
          res(2, { content: [] }),
          req(3, 'tools/call', { name: 'slow', task: {} }),
          res(3, { task: { taskId: 't3' } }),
          req(4, 'tools/call', { name: 'plain' }),
          res(4, { task }),
        ),
      ),
    ).toEqual([
      '9: result.task.status: missing (expected one of "working", "input_required", "completed", "failed", "cancelled"); result.task.ttl: missing (expected number or null); result.task.createdAt: missing (expected string); result.task.lastUpdatedAt: missing (expected string)',
      '11: result.content: missing (expected array)',
    ]);
  });

  it('leaves a present bad log level to invalid-log-level and a non-file root to root-uri-not-file', async () => {
    expect(
      await findings(
        session(
          '2025-11-25',
          ntf('notifications/message', { level: 'verbose', data: 1 }),
          ntf('notifications/message', { data: 1 }),
          j({ jsonrpc: '2.0', id: 0, method: 'roots/list' }),
        ).concat([j({ jsonrpc: '2.0', id: 0, result: { roots: [{ uri: 'https://x' }, { name: 'no uri' }] } })]),
      ),
    ).toEqual([
      '5: params.level: missing (expected one of "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")',
      '7: result.roots[1].uri: missing (expected string)',
    ]);
  });

  it('accepts lastModified in any ISO 8601 form (the SDK wants RFC 3339)', async () => {
    const res1 = res(1, { resources: [{ uri: 'file:///a', name: 'a', annotations: { lastModified: '2025-01-12' } }] });
    expect(await findings(session('2025-11-25', req(1, 'resources/list'), res1))).toEqual([]);
  });
});

describe('older revisions', () => {
  const newer = (rev: string): Promise<string[]> =>
    findings(
      session(
        rev,
        req(1, 'tools/list'),
        res(1, {
          tools: [
            {
              name: 't',
              inputSchema: { type: 'object' },
              icons: 5,
              execution: 'x',
              title: 3,
              _meta: 'm',
              outputSchema: 1,
              annotations: [],
            },
          ],
        }),
        req(2, 'tools/call', { name: 't', task: { ttl: 'soon' } }),
        res(2, { content: [], structuredContent: 'x' }),
        ntf('notifications/progress', { progressToken: 1, progress: 1, message: 2 }),
      ),
    );

  it('checks keys a revision has, and not keys added after it', async () => {
    expect(await newer('2024-11-05')).toEqual([]);
    expect(await newer('2025-03-26')).toEqual([
      '5: result.tools[0].annotations: expected object, received array',
      '8: params.message: expected string, received number',
    ]);
    expect(await newer('2025-06-18')).toEqual([
      '5: result.tools[0].title: expected string, received number; result.tools[0].outputSchema: expected object, received number; result.tools[0].annotations: expected object, received array; result.tools[0]._meta: expected record, received string',
      '7: result.structuredContent: expected record, received string',
      '8: params.message: expected string, received number',
    ]);
    const latest = await newer('2025-11-25');
    expect(latest[0]).toContain('result.tools[0].icons: expected array, received number');
    expect(latest[0]).toContain('result.tools[0].execution: expected object, received string');
    expect(latest[1]).toBe('6: params.task.ttl: expected number, received string');
  });

  it('does not hold a 2025-06-18 elicitation to the URL mode of 2025-11-25', async () => {
    const elicit = (rev: string): Promise<string[]> =>
      findings(
        session(
          rev,
          j({
            jsonrpc: '2.0',
            id: 1,
            method: 'elicitation/create',
            params: { mode: 'url', message: 'm', requestedSchema: { type: 'object', properties: {} } },
          }),
        ),
      );
    expect(await elicit('2025-06-18')).toEqual([]);
    expect(await elicit('2025-11-25')).toEqual([
      '4: params.elicitationId: missing (expected string); params.url: missing (expected string)',
    ]);
  });

  it('requires cancelled.requestId where the revision did', async () => {
    const cancel = ntf('notifications/cancelled', { reason: 'user' });
    expect(await findings(session('2025-06-18', cancel))).toEqual(['4: params.requestId: missing']);
    expect(await findings(session('2025-11-25', cancel))).toEqual([]);
  });

  it('checks a session without a handshake as the latest revision', async () => {
    expect(await findings([req(1, 'tools/call', { name: 't', task: { ttl: 'soon' } })])).toEqual([
      '1: params.task.ttl: expected number, received string',
    ]);
  });
});

describe('large and repeated payloads', () => {
  it('checks a large list and finds the few bad entries', async () => {
    const tools = Array.from({ length: 5_000 }, (_, i) => ({
      name: `tool-${i}`,
      description: 'd'.repeat(200),
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
      ...(i % 1_000 === 999 ? { inputSchema: { type: 'array' } } : {}),
    }));
    const [one, ...rest] = await findings(session('2025-11-25', req(1, 'tools/list'), res(1, { tools })));
    expect(rest).toEqual([]);
    expect(one).toBe(
      '5: ' +
        [999, 1999, 2999, 3999, 4999]
          .map((i) => `result.tools[${i}].inputSchema.type: expected "object", received "array"`)
          .join('; '),
    );
  });

  it('accepts a large text payload', async () => {
    const text = 'x'.repeat(2_000_000);
    expect(
      await findings(
        session('2025-11-25', req(1, 'tools/call', { name: 't' }), res(1, { content: [{ type: 'text', text }] })),
      ),
    ).toEqual([]);
  });

  it('gives a repeated message the same verdict in every session, and a different one where the revision differs', async () => {
    const bad = res(1, { content: [], structuredContent: 'x' });
    const call = req(1, 'tools/call', { name: 't' });
    const lines = [
      ...session('2025-11-25', call, bad),
      ...session('2025-03-26', call, bad),
      ...session('2025-11-25', call, bad),
      ...session('2025-11-25', req(2, 'tools/call', { name: 't' }), res(2, { content: [], structuredContent: 'x' })),
    ];
    expect(await findings(lines)).toEqual([
      '5: result.structuredContent: expected record, received string',
      '15: result.structuredContent: expected record, received string',
      '20: result.structuredContent: expected record, received string',
    ]);
  });
});

describe('the verdict cache', () => {
  it('cuts a top-level id at the end, at the start, or after jsonrpc, and nowhere else', () => {
    expect(keyText('{"result":{},"jsonrpc":"2.0","id":12}', 12)).toEqual({
      cut: 1,
      body: '{"result":{},"jsonrpc":"2.0"',
    });
    expect(keyText('{"id":"a","result":{}}', 'a')).toEqual({ cut: 2, body: '"result":{}}' });
    expect(keyText('{"jsonrpc":"2.0","id":3,"result":{}}', 3)).toEqual({ cut: 3, body: '"result":{}}' });
    // An "id" inside the payload is not the message's id: the text is kept whole.
    expect(keyText('{"jsonrpc": "2.0", "id": 3, "params":{"x":{"id":3}}}', 3).cut).toBe(0);
    expect(keyText('{"params":{"x":{"id":3}}}', 3).cut).toBe(0);
    expect(keyText('{"jsonrpc":"2.0","id":31,"result":{}}', 3).cut).toBe(0);
    expect(keyText('{"jsonrpc":"2.0","method":"x"}', null)).toEqual({ cut: 0, body: '{"jsonrpc":"2.0","method":"x"}' });
  });

  it('confirms a hit on the whole text and stays within its bounds', () => {
    const c = new VerdictCache<number>(3, 1_000);
    const at = { method: 'tools/call', revision: '2025-11-25', flags: 0 };
    c.set(at, 'abc', 1);
    expect(c.get(at, 'abc')).toBe(1);
    expect(c.get({ ...at, flags: 1 }, 'abc')).toBeUndefined();
    expect(c.get({ ...at, revision: null }, 'abc')).toBeUndefined();
    expect(c.get({ ...at, method: 'ping' }, 'abc')).toBeUndefined();
    expect(c.get(at, 'abd')).toBeUndefined();
    for (let i = 0; i < 10; i++) c.set(at, `text-${i}`, i);
    expect(c.size).toBe(3);
    expect(c.get(at, 'text-9')).toBe(9);
    expect(c.get(at, 'text-6')).toBeUndefined();
    c.set(at, 'y'.repeat(600), 1);
    expect(c.get(at, 'y'.repeat(600))).toBeUndefined();
    // Held characters are bounded too: four texts of 120 fit in 500, a fifth evicts the oldest.
    const d = new VerdictCache<number>(10, 500);
    const texts = ['a', 'b', 'c', 'd', 'e'].map((ch) => ch.repeat(120));
    for (const t of texts) d.set(at, t, 1);
    expect(texts.map((t) => d.get(at, t))).toEqual([undefined, 1, 1, 1, 1]);
    expect(d.size).toBe(4);
    // Texts of one shape that differ in one digit (progress notifications of different requests) all stay.
    const e = new VerdictCache<number>(100, 100_000);
    const tokens = Array.from(
      { length: 50 },
      (_, i) => `{"method":"notifications/progress","params":{"progress":1,"progressToken":${1011 + i * 1000}}}`,
    );
    tokens.forEach((t, i) => e.set(at, t, i));
    expect(tokens.map((t) => e.get(at, t))).toEqual(tokens.map((_, i) => i));
  });

  it('tells apart texts that share a fingerprint, up to BUCKET_MAX of them', () => {
    // Same length, one character apart where the fingerprint does not sample: one fingerprint, different texts.
    const texts = Array.from(
      { length: BUCKET_MAX + 4 },
      (_, i) => `{"params":{"a":"${String(i).padStart(3, '0')}","pad":"${'x'.repeat(400)}"}}`,
    );
    const fps = new Set(texts.map((t) => fingerprint(t, 0, t.length)));
    expect(fps.size).toBeLessThan(texts.length);
    const c = new VerdictCache<number>(1_000, 1_000_000);
    const at = { method: 'tools/call', revision: null, flags: 0 };
    texts.forEach((t, i) => c.set(at, t, i));
    const kept = texts.map((t) => c.get(at, t));
    // Every text gets its own verdict; where a fingerprint had more than BUCKET_MAX texts, its oldest went.
    kept.forEach((v, i) => expect(v === undefined || v === i).toBe(true));
    expect(kept.filter((v) => v !== undefined).length).toBeGreaterThanOrEqual(BUCKET_MAX);
  });

  it('keeps no empty bucket behind and stays bounded on texts that never repeat', () => {
    const c = new VerdictCache<number>(100, 1_000_000);
    const at = { method: 'tools/call', revision: '2025-11-25', flags: 0 };
    for (let i = 0; i < 5_000; i++) c.set(at, `{"params":{"name":"t","arguments":{"n":${i}}}}`, i);
    expect(c.size).toBeLessThanOrEqual(100);
    expect(c.buckets).toBeLessThanOrEqual(100);
    expect(c.get(at, '{"params":{"name":"t","arguments":{"n":4999}}}')).toBe(4999);
    // Revisions named by a log: a new one per session does not grow the maps without end either.
    for (let i = 0; i < 1_000; i++) c.set({ ...at, revision: `rev-${i}` }, '{"params":{}}', i);
    expect(c.buckets).toBeLessThanOrEqual(100);
    expect(c.revisions).toBeLessThanOrEqual(16);
    expect(c.get({ ...at, revision: 'rev-999' }, '{"params":{}}')).toBe(999);
  });

  it('looks a key up between offsets of a longer text', () => {
    const c = new VerdictCache<string>();
    const at = { method: 'tools/call', revision: null, flags: 2 };
    c.set(at, '{"jsonrpc":"2.0","id":1,"params":{"name":"a"}}', 'first', 24, 46);
    expect(c.get(at, '{"jsonrpc":"2.0","id":2,"params":{"name":"a"}}', 24, 46)).toBe('first');
    expect(c.get(at, '{"jsonrpc":"2.0","id":2,"params":{"name":"b"}}', 24, 46)).toBeUndefined();
    expect(c.get(at, '{"jsonrpc":"2.0","id":22,"params":{"name":"a"}}', 25, 47)).toBe('first');
    expect(c.get(at, '"params":{"name":"a"}}')).toBe('first');
    expect(c.get(at, '"params":{"name":"a"}} ')).toBeUndefined();
  });

  it('matches path patterns with * and ** as prefixes', () => {
    expect(matchesPrefix(pathKeys('*.*.**._meta'), ['result', 'tools', 0, '_meta', 'x'])).toBe(true);
    expect(matchesPrefix(pathKeys('*.*.**._meta'), ['params', '_meta', 'progressToken'])).toBe(false);
    expect(matchesPrefix(pathKeys('**.icons'), ['result', 'tools', 3, 'icons', 0, 'src'])).toBe(true);
    expect(matchesPrefix(pathKeys('params.task'), ['params', 'tasks'])).toBe(false);
  });
});
