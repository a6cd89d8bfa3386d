// The 2026-07-28 rules on their crafted fixtures: each violation under its id, on its line, with its message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hits } from '../helpers/lifecycle.js';

const bad = (id: string) => readFileSync(`test/fixtures/violations/${id}/bad.txt`, 'utf8');
const of = async (id: string) => (await hits(id, bad(id))).map((h) => `${h.line} ${h.severity}: ${h.message}`);

describe('modern rules', () => {
  it('missing-request-meta', async () => {
    expect(await of('missing-request-meta')).toEqual([
      '3 error: modern request without params._meta["io.modelcontextprotocol/clientCapabilities"]',
      '4 error: the server served tools/call though its request lacks the _meta envelope; it must reject it with -32602',
      '5 error: modern request without params._meta["io.modelcontextprotocol/clientCapabilities"]',
      '6 error: tools/list without its _meta envelope answered with -32603; a server rejects it with -32602',
    ]);
  });
  it('missing-result-type (server results only)', async () => {
    expect(await of('missing-result-type')).toEqual(['2 error: result of tools/call has no resultType']);
    expect(await hits('missing-result-type', bad('modern-server-request'))).toEqual([]);
  });
  it('modern-server-request', async () => {
    expect(await of('modern-server-request')).toEqual([
      '2 error: the server sent a JSON-RPC request (roots/list); modern servers ask for input in an input_required result',
      '3 error: the client sent a JSON-RPC response; modern clients answer input requests by retrying the request',
    ]);
  });
  it('legacy-method-in-modern, but not a dual-era fallback to initialize', async () => {
    expect(await of('legacy-method-in-modern')).toEqual([
      '3 error: request ping does not exist in a modern exchange (removed in 2026-07-28)',
      '5 error: request logging/setLevel does not exist in a modern exchange (removed in 2026-07-28)',
      '6 error: logging/setLevel claims 2026-07-28 but was answered with a result; a modern server answers a removed method with -32601',
    ]);
    expect(
      await hits('legacy-method-in-modern', readFileSync('test/fixtures/modern/dual-era-fallback.txt', 'utf8')),
    ).toEqual([]);
  });
  it("undeclared-input-capability: an earlier request's declaration does not count; URL mode and sampling tools need their own", async () => {
    expect(await of('undeclared-input-capability')).toEqual([
      '4 error: input request "ok" (elicitation/create) needs client capability elicitation.form, which the triggering request did not declare',
      '6 error: input request "u" (elicitation/create) needs client capability elicitation.url, which the triggering request did not declare',
      '6 error: input request "s" (sampling/createMessage) needs client capability sampling.tools, which the triggering request did not declare',
    ]);
  });
  it('invalid-input-required', async () => {
    expect(await of('invalid-input-required')).toEqual([
      '2 error: tools/list answered input_required; only tools/call, prompts/get and resources/read may',
      '4 error: input_required result with neither inputRequests nor requestState',
      '6 error: input request "p" has method "ping"; input requests are elicitation/create, sampling/createMessage or roots/list',
    ]);
  });
  it('mrtr-retry-mismatch (lines 7 on: modern-mrtr-subscriptions.test.ts)', async () => {
    expect((await of('mrtr-retry-mismatch')).filter((h) => Number(h.split(' ')[0]) <= 6)).toEqual([
      '3 error: retry reuses id 1 of the leg it retries (#2); a retry needs a new id',
      '3 error: retry of #2 leaves out the requestState its input_required result issued',
      '5 error: request carries a requestState that no input_required result of this session issued',
    ]);
    const altered = bad('mrtr-retry-mismatch')
      .split('\n')
      .slice(0, 4)
      .join('\n')
      .replace(
        '"id":1,"method":"tools/call","params":{"name":"x","inputResponses"',
        '"id":2,"method":"tools/call","params":{"name":"x","requestState":"b","inputResponses"',
      );
    expect((await hits('mrtr-retry-mismatch', altered + '\n')).map((h) => h.message)).toEqual([
      'retry of #2 sends a requestState other than the one its input_required result issued',
    ]);
  });
  it('missing-cache-hints', async () => {
    expect(await of('missing-cache-hints')).toEqual([
      '2 error: tools/list result: no ttlMs, no cacheScope',
      '4 error: resources/read result: ttlMs -1 is not an integer ≥ 0, cacheScope "shared" is not "public" or "private"',
    ]);
  });
  it('subscription-notification (lines 10 on: modern-mrtr-subscriptions.test.ts)', async () => {
    expect((await of('subscription-notification')).filter((h) => Number(h.split(' ')[0]) <= 9)).toEqual([
      '2 error: notifications/tools/list_changed for subscription "l" before its notifications/subscriptions/acknowledged',
      '4 error: notifications/tools/list_changed without _meta["io.modelcontextprotocol/subscriptionId"]: it belongs on a subscriptions/listen stream',
      '5 error: notifications/tools/list_changed tagged with subscription "other", which is no open subscriptions/listen',
      '8 error: notifications/tools/list_changed on subscription "m", whose acknowledgement left out toolsListChanged',
      '9 error: notifications/resources/list_changed on subscription "m", whose subscriptions/listen filter did not request resourcesListChanged',
    ]);
  });
  it('unsupported-version-data', async () => {
    // Its two warnings (spec rule 6) are test/rules/modern-flow-rules.test.ts's.
    expect((await of('unsupported-version-data')).filter((h) => h.includes(' error: '))).toEqual([
      '2 error: -32022 (unsupported protocol version) without data.requested (string)',
    ]);
  });
  it('missing-client-info (a warning: SHOULD)', async () => {
    expect(await of('missing-client-info')).toEqual([
      '1 warning: modern request tools/call without params._meta["io.modelcontextprotocol/clientInfo"] (clients SHOULD send it on every request)',
      '3 warning: modern request tools/list without params._meta["io.modelcontextprotocol/clientInfo"] (clients SHOULD send it on every request)',
      '4 error: the server rejected tools/list for its missing clientInfo; servers MUST NOT require params._meta["io.modelcontextprotocol/clientInfo"]',
    ]);
  });
  it('missing-server-info (a warning: SHOULD; results only)', async () => {
    expect(await of('missing-server-info')).toEqual([
      '2 warning: result of tools/call without _meta["io.modelcontextprotocol/serverInfo"] (servers SHOULD send it on every response)',
    ]);
    expect(await hits('missing-server-info', bad('unsupported-version-data'))).toEqual([]);
  });
  it('no modern rule fires on a legacy session', async () => {
    const legacy = readFileSync('test/fixtures/violations/duplicate-request-id/good.txt', 'utf8');
    for (const id of [
      'missing-request-meta',
      'missing-result-type',
      'modern-server-request',
      'legacy-method-in-modern',
      'missing-cache-hints',
      'subscription-notification',
      'missing-client-info',
      'missing-server-info',
    ]) {
      expect(await hits(id, legacy)).toEqual([]);
    }
  });
});
