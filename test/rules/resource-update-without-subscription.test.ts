// resource-update-without-subscription: subscriptions from the request to the unsubscribe response, sub-resources, bounds.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';

const ID = 'resource-update-without-subscription';

const HANDSHAKE = [
  '-> {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
  '<- {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"resources":{"subscribe":true}},"serverInfo":{"name":"s","version":"1"}}}',
  '-> {"jsonrpc":"2.0","method":"notifications/initialized"}',
];
const sub = (id: number, uri: string) =>
  `-> {"jsonrpc":"2.0","id":${id},"method":"resources/subscribe","params":{"uri":"${uri}"}}`;
const unsub = (id: number, uri: string) =>
  `-> {"jsonrpc":"2.0","id":${id},"method":"resources/unsubscribe","params":{"uri":"${uri}"}}`;
const ok = (id: number) => `<- {"jsonrpc":"2.0","id":${id},"result":{}}`;
const upd = (uri: string) =>
  `<- {"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"${uri}"}}`;

async function reported(lines: string[], handshake = true): Promise<string[]> {
  const text = [...(handshake ? HANDSHAKE : []), ...lines].join('\n') + '\n';
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't.txt' },
  );
  return out.records.flatMap((r) =>
    r.findings.filter((f) => f.rule === ID).map((f) => `${r.source} ${f.severity}: ${f.message}`),
  );
}

describe(ID, () => {
  it('reports an update for a uri never subscribed', async () => {
    expect(await reported([upd('file:///a')])).toEqual([
      't.txt:4 warning: resource update for "file:///a", which the client has not subscribed to',
    ]);
  });

  it('counts a subscription from the request, before its response', async () => {
    expect(await reported([sub(1, 'file:///a'), upd('file:///a'), ok(1), upd('file:///a')])).toEqual([]);
  });

  it('ends a subscription at the successful unsubscribe response, not at the request', async () => {
    expect(
      await reported([sub(1, 'file:///a'), ok(1), unsub(2, 'file:///a'), upd('file:///a'), ok(2), upd('file:///a')]),
    ).toEqual(['t.txt:9 warning: resource update for "file:///a", which the client has not subscribed to']);
  });

  it('keeps the subscription when unsubscribe fails', async () => {
    expect(
      await reported([
        sub(1, 'file:///a'),
        ok(1),
        unsub(2, 'file:///a'),
        '<- {"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"busy"}}',
        upd('file:///a'),
      ]),
    ).toEqual([]);
  });

  it('accepts sub-resources of a subscribed uri, and nothing that merely shares a prefix', async () => {
    expect(
      await reported([
        sub(1, 'file:///project'),
        ok(1),
        upd('file:///project/src/a.ts'),
        upd('file:///project?rev=2'),
        upd('file:///project#top'),
        upd('file:///project-old/a.ts'),
      ]),
    ).toEqual([
      't.txt:9 warning: resource update for "file:///project-old/a.ts", which the client has not subscribed to',
    ]);
  });

  it('says nothing when the log started mid-session', async () => {
    expect(await reported([upd('file:///a')], false)).toEqual([]);
  });

  it('keeps subscriptions per session', async () => {
    expect(await reported([sub(1, 'file:///a'), ok(1), ...HANDSHAKE, upd('file:///a')])).toEqual([
      't.txt:9 warning: resource update for "file:///a", which the client has not subscribed to',
    ]);
  });

  it('remembers 10,000 subscriptions, and stops reporting once more are open', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => sub(i + 1, `file:///r/${i}`));
    expect(await reported([...many.slice(0, 10_000), upd('file:///elsewhere')])).toHaveLength(1);
    expect(await reported([...many, upd('file:///elsewhere')])).toEqual([]);
  });
});
