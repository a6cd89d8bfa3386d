// The 2026-07-28 rules of spec-2026-07-28 §6 15–25 added to the MRTR, caching and subscription rules: each clause on
// its crafted fixture line, with its severity; the fixtures' messages against the official schema.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkModern, modernTarget } from '../../src/rules/modern-schema-check.js';
import { harOf } from '../helpers/har.js';
import { c, hits, log, s } from '../helpers/lifecycle.js';
import { merr, modernHeaders, mreq, mres, post } from '../helpers/modern-http.js';

const bad = (id: string) => readFileSync(`test/fixtures/violations/${id}/bad.txt`, 'utf8');
const of = async (id: string, text = bad(id)) =>
  (await hits(id, text)).map((h) => `${h.line} ${h.severity}: ${h.message}`);

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
};
const SI = { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } };
const call = (id: number, more: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'x', ...more, _meta: META },
});
const result = (id: number, r: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'complete', ...r, _meta: SI },
});
const ASK = {
  method: 'elicitation/create',
  params: { mode: 'form', message: '?', requestedSchema: { type: 'object', properties: {} } },
};
const asks = (id: number, keys: string[], more: Record<string, unknown> = {}) =>
  result(id, { resultType: 'input_required', inputRequests: Object.fromEntries(keys.map((k) => [k, ASK])), ...more });

describe('rule 18: mrtr-retry-mismatch, the clauses of state and responses on the wrong request', () => {
  it('state in a retry when none was issued, state issued for another request or already echoed, responses nobody asked for', async () => {
    expect((await of('mrtr-retry-mismatch')).filter((h) => Number(h.split(' ')[0]) > 6)).toEqual([
      '9 error: retry of #8 carries a requestState, but its input_required result issued none',
      '13 error: request carries the requestState that #12 issued for another request',
      '17 error: request carries the requestState that #12 issued, which its retry #15 already echoed',
      '19 error: request carries inputResponses that no input_required result of this session asked for',
    ]);
  });

  it('state echoed on another request does not take the chain: the real retry after it is linked and clean', async () => {
    const text = log(
      c(call(1)),
      s(asks(1, ['a'], { requestState: 'k' })),
      c({ ...call(2), params: { name: 'other', requestState: 'k', _meta: META } }),
      s(result(2, { content: [] })),
      c(call(3, { inputResponses: { a: { action: 'decline' } }, requestState: 'k' })),
      s(result(3, { content: [] })),
    );
    expect(await of('mrtr-retry-mismatch', text)).toEqual([
      '3 error: request carries the requestState that #2 issued for another request',
    ]);
  });
});

describe('rule 19: incomplete-input-responses (warnings)', () => {
  it('a retry that leaves out an asked key, and the server answering it with an error', async () => {
    expect(await of('incomplete-input-responses')).toEqual([
      '3 warning: retry of #2 answers no input for "dirs" of its inputRequests',
      '4 warning: retry #3 left inputs unanswered and was answered with error -32602; the server should ask again with a new input_required result',
    ]);
  });

  it('links a partial retry without requestState to its chain; a server that asks again is not reported', async () => {
    const text = log(
      c(call(1)),
      s(asks(1, ['a', 'b'])),
      c(call(2, { inputResponses: { a: { action: 'decline' } } })),
      s(asks(2, ['b'])),
      c(call(3, { inputResponses: { b: { action: 'decline' } } })),
      s(result(3, { content: [] })),
    );
    expect(await of('incomplete-input-responses', text)).toEqual([
      '3 warning: retry of #2 answers no input for "b" of its inputRequests',
    ]);
    expect(await hits('mrtr-retry-mismatch', text)).toEqual([]);
  });

  it('a retry after a requestState-only result owes no inputs', async () => {
    const text = log(
      c(call(1)),
      s(result(1, { resultType: 'input_required', requestState: 'x' })),
      c(call(2, { requestState: 'x' })),
      s(merr(2, -32603, 'boom')),
    );
    expect(await of('incomplete-input-responses', text)).toEqual([]);
  });
});

describe('rule 20: input-required-cache-hints (info)', () => {
  it('ttlMs and cacheScope on an input_required result', async () => {
    expect(await of('input-required-cache-hints')).toEqual([
      '2 info: input_required result of tools/call carries ttlMs and cacheScope; an input_required result carries no caching hints',
    ]);
  });
});

describe('rule 21: cache-scope-mismatch', () => {
  it("a page whose cacheScope is not the first page's; a later page that is the first's again is not reported", async () => {
    expect(await of('cache-scope-mismatch')).toEqual([
      '4 error: tools/list page with cacheScope "private", but the list\'s first page (#2) had "public"; every page of a list carries the same cacheScope',
    ]);
  });

  it('a cursor of another method, or one the log never handed out, starts no comparison', async () => {
    const list = (id: number, method: string, cursor?: string) => ({
      jsonrpc: '2.0',
      id,
      method,
      params: { ...(cursor ? { cursor } : {}), _meta: META },
    });
    const text = log(
      c(list(1, 'tools/list')),
      s(result(1, { tools: [], nextCursor: 'n', ttlMs: 0, cacheScope: 'public' })),
      c(list(2, 'prompts/list', 'n')),
      s(result(2, { prompts: [], ttlMs: 0, cacheScope: 'private' })),
      c(list(3, 'tools/list', 'unknown')),
      s(result(3, { tools: [], ttlMs: 0, cacheScope: 'private' })),
    );
    expect(await of('cache-scope-mismatch', text)).toEqual([]);
  });
});

describe('rule 22: resource not found, and reserved codes', () => {
  it('resource-not-found-code: an empty contents array answering a modern resources/read', async () => {
    expect((await of('resource-not-found-code')).filter((h) => h.startsWith('12 '))).toEqual([
      '12 error: resources/read of file:///project/missing.md answered with an empty contents array; a resource that does not exist is answered with error -32602',
    ]);
  });

  it('reserved-error-code: -32042, an undefined code of -32020…-32099, -32002 on another method', async () => {
    expect(await of('reserved-error-code')).toEqual([
      '2 error: error code -32042 (URL elicitation required, 2025-11-25 only) must not be emitted under 2026-07-28',
      '4 error: error code -32050 is in the range -32020…-32099 reserved for the spec, which does not define it',
      '6 error: error code -32002 (resource not found, 2025-11-25 and earlier; now -32602) must not be emitted under 2026-07-28',
    ]);
  });

  it('-32002 to resources/read is reported once, by resource-not-found-code', async () => {
    const read = { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///a', _meta: META } };
    const text = log(c(read), s(merr(1, -32002, 'Resource not found')));
    expect(await hits('reserved-error-code', text)).toEqual([]);
    expect(await of('resource-not-found-code', text)).toHaveLength(1);
  });

  it('legacy sessions keep -32002 and -32042', async () => {
    const legacy = readFileSync('test/fixtures/violations/resource-not-found-code/good.txt', 'utf8').split(
      '!! start',
    )[0]!;
    expect(await hits('reserved-error-code', legacy.replaceAll('-32002', '-32042'))).toEqual([]);
  });
});

describe('rules 23–25: subscription-notification', () => {
  it('a URI outside the filter or the acknowledgement, an acknowledgement beyond the filter (warning), progress and log notifications on a listen stream, a final result before the acknowledgement', async () => {
    expect((await of('subscription-notification')).filter((h) => Number(h.split(' ')[0]) > 9)).toEqual([
      '11 warning: acknowledgement of subscription "r" lists resourceSubscriptions "file:///etc/passwd", toolsListChanged, which its subscriptions/listen filter did not request',
      '13 error: notifications/resources/updated for "file:///srv/other.txt" on subscription "r", whose resourceSubscriptions do not list it (or a resource it is part of)',
      '14 error: notifications/progress on the listen stream of subscription "r": progress and log notifications go only with the request they relate to',
      '15 error: notifications/message on the listen stream of subscription "r": progress and log notifications go only with the request they relate to',
      '18 error: notifications/resources/updated for "file:///b" on subscription "q", whose acknowledgement\'s resourceSubscriptions left it out',
      '19 error: notifications/progress on the listen stream of subscription "q": progress and log notifications go only with the request they relate to',
      '21 error: subscriptions/listen result for subscription "z" before its notifications/subscriptions/acknowledged',
    ]);
  });

  it("rule 24: a final result without the subscriptionId is the schema's (schema-violation), not reported twice", async () => {
    const listen = {
      jsonrpc: '2.0',
      id: 'l',
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true }, _meta: META },
    };
    const ack = {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'l' }, notifications: { toolsListChanged: true } },
    };
    const text = log(c(listen), s(ack), s({ jsonrpc: '2.0', id: 'l', result: { resultType: 'complete', _meta: SI } }));
    expect(await of('schema-violation', text)).toEqual([
      '3 error: result._meta["io.modelcontextprotocol/subscriptionId"]: missing',
    ]);
    expect(await hits('subscription-notification', text)).toEqual([]);
    const other = text.replace(
      '"result":{"resultType":"complete","_meta":{',
      '"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/subscriptionId":"x",',
    );
    expect(await of('subscription-notification', other)).toEqual([
      '3 error: subscriptions/listen result\'s _meta["io.modelcontextprotocol/subscriptionId"] is "x", not its request id',
    ]);
  });

  it("rule 25 on HTTP: progress and log notifications in the listen POST's SSE answer, not in a tool call's", async () => {
    const listen = mreq(1, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
    const tag = { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } };
    const progress = (token: number) => ({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: token, progress: 1 },
    });
    const message = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } };
    const callBody = mreq(2, 'tools/call', { name: 'echo', arguments: {} });
    (callBody.params._meta as Record<string, unknown>).progressToken = 7;
    (callBody.params._meta as Record<string, unknown>)['io.modelcontextprotocol/logLevel'] = 'info';
    const text = harOf([
      {
        headers: modernHeaders(listen),
        body: listen,
        status: 200,
        sse: [
          {
            data: {
              jsonrpc: '2.0',
              method: 'notifications/subscriptions/acknowledged',
              params: { ...tag, notifications: { toolsListChanged: true } },
            },
          },
          { data: progress(9) },
          { data: message },
        ],
      },
      {
        ...post(callBody, undefined),
        json: undefined,
        sse: [{ data: progress(7) }, { data: message }, { data: mres(2, { content: [] }) }],
      },
    ]);
    expect(await of('subscription-notification', text)).toEqual([
      '2 error: notifications/progress on the listen stream of subscription 1: progress and log notifications go only with the request they relate to',
      '2 error: notifications/message on the listen stream of subscription 1: progress and log notifications go only with the request they relate to',
    ]);
  });
});

describe('rule 23 on HTTP: each listen has its own stream', () => {
  it('a change notification tagged for another listen than the one whose POST answer carries it', async () => {
    const listen = (id: number) => mreq(id, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
    const tagged = (method: string, id: number, more: Record<string, unknown> = {}) => ({
      jsonrpc: '2.0',
      method,
      params: { ...more, _meta: { 'io.modelcontextprotocol/subscriptionId': id } },
    });
    const ack = (id: number) =>
      tagged('notifications/subscriptions/acknowledged', id, { notifications: { toolsListChanged: true } });
    const stream = (id: number, events: unknown[]) => ({
      headers: modernHeaders(listen(id)),
      body: listen(id),
      status: 200,
      sse: events.map((data) => ({ data })),
    });
    const text = harOf([
      stream(2, [ack(2), tagged('notifications/tools/list_changed', 2)]),
      stream(1, [ack(1), tagged('notifications/tools/list_changed', 2), tagged('notifications/tools/list_changed', 1)]),
    ]);
    expect(await of('subscription-notification', text)).toEqual([
      '3 error: notifications/tools/list_changed tagged with subscription 2 on the listen stream of subscription 1',
    ]);
  });
});

describe('the valid modern sessions', () => {
  it.each(readdirSync('test/fixtures/modern').filter((f) => f.endsWith('.txt')))(
    '%s: none of these rules fires',
    async (file) => {
      const text = readFileSync(`test/fixtures/modern/${file}`, 'utf8');
      for (const id of [
        'incomplete-input-responses',
        'input-required-cache-hints',
        'cache-scope-mismatch',
        'reserved-error-code',
        'resource-not-found-code',
        'subscription-notification',
      ]) {
        expect(await hits(id, text), id).toEqual([]);
      }
    },
  );
});

describe('legacy sessions', () => {
  it.each([
    'duplicate-request-id/good.txt',
    'resource-update-without-subscription/bad.txt',
    'progress-unknown-token/bad.txt',
  ])('%s: none of the new rules fires', async (file) => {
    const text = readFileSync(`test/fixtures/violations/${file}`, 'utf8');
    for (const id of [
      'incomplete-input-responses',
      'input-required-cache-hints',
      'cache-scope-mismatch',
      'reserved-error-code',
    ]) {
      expect(await hits(id, text), id).toEqual([]);
    }
  });
});

/**
 * Rule fixtures of these clauses whose modern messages must match the official schema (their faults are not the
 * schema's); missing-cache-hints' bad log is a schema violation itself (`ttlMs` and `cacheScope` are required).
 */
const FIXTURES = [
  'mrtr-retry-mismatch',
  'incomplete-input-responses',
  'input-required-cache-hints',
  'cache-scope-mismatch',
  'reserved-error-code',
  'resource-not-found-code',
  'subscription-notification',
]
  .flatMap((id) => ['bad', 'good'].map((name) => `${id}/${name}.txt`))
  .concat('missing-cache-hints/good.txt');

describe.each(FIXTURES)('fixture %s', (file) => {
  it('has only modern messages that conform to schema/2026-07-28', () => {
    const methods = new Map<string, string>();
    let checked = 0;
    let legacy = false;
    for (const [i, text] of readFileSync(`test/fixtures/violations/${file}`, 'utf8').split('\n').entries()) {
      if (text.includes('!! start')) legacy = false;
      if (!/ (->|<-) \{/.test(text)) continue;
      const message = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown>;
      if (message.method === 'initialize') legacy = true;
      if (legacy) continue;
      const kind =
        'method' in message
          ? 'id' in message
            ? 'request'
            : 'notification'
          : 'error' in message
            ? 'error'
            : 'response';
      const id = JSON.stringify(message.id);
      if (kind === 'request') methods.set(id, message.method as string);
      const target = modernTarget(
        kind,
        kind === 'request' || kind === 'notification' ? (message.method as string) : (methods.get(id) ?? null),
        message,
      );
      expect(target, `${file}:${i + 1} has a definition`).toBeDefined();
      expect(checkModern(target!, message), `${file}:${i + 1} ${target!.def}`).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(1);
  });
});
