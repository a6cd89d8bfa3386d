// The replay driver with a server of the test's own (a channel that answers as a changed server would): it waits for
// the answers the recorded client had, follows the request state and cursors the new server issues, and answers the
// server's requests as the recorded client did.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { drive, type Channel } from '../../src/replay/driver.js';
import { ScriptBuilder, type ReplayScript } from '../../src/replay/script.js';
import { REPO_ROOT } from '../helpers/cli.js';

type Msg = Record<string, any>;

async function scriptOf(file: string): Promise<ReplayScript> {
  const b = new ScriptBuilder();
  for (const r of (await analyze(createReadStream(file), { file })).records) b.add(r);
  return b.build();
}

/** A channel whose server answers with `answer` (undefined: no answer); what it was sent is in `sent`. */
function fakeServer(answer: (m: Msg, send: (x: Msg) => void) => Msg | undefined): Channel & { sent: Msg[] } {
  const handlers: ((m: Msg) => void)[] = [];
  const sent: Msg[] = [];
  const toClient = (x: Msg) => queueMicrotask(() => handlers.forEach((h) => h(x)));
  return {
    sent,
    ended: new Promise(() => {}),
    onMessage: (h) => void handlers.push(h),
    send: (m) => {
      sent.push(m);
      const a = answer(m, toClient);
      if (a) toClient(a);
    },
  };
}

describe('replay driver', () => {
  it('a multi round-trip request follows the request state the new server issues', async () => {
    const script = await scriptOf(join(REPO_ROOT, 'test/fixtures/modern/mrtr-one.txt'));
    const server = fakeServer((m) => {
      if (m.params?.requestState === undefined)
        return {
          jsonrpc: '2.0',
          id: m.id,
          result: { resultType: 'input_required', inputRequests: {}, requestState: 'new-state-7' },
        };
      return { jsonrpc: '2.0', id: m.id, result: { resultType: 'complete', content: [] } };
    });
    const done = await drive(script, server, { timing: 'none', timeoutMs: 1000 });
    expect(server.sent.map((m) => m.params.requestState)).toEqual([undefined, 'new-state-7']);
    // the recorded answer to the retry, as sent
    expect(server.sent[1]!.params.inputResponses).toEqual({
      confirm: { action: 'accept', content: { confirm: true } },
    });
    expect(done).toMatchObject({ sent: 2, answers: 2, timedOut: [] });
  });

  it('waits for an answer before what the recorded client sent after it; one that never comes times out', async () => {
    const script = await scriptOf(join(REPO_ROOT, 'samples/everything.envelope.ndjson'));
    let initialized = -1;
    const server = fakeServer((m, send) => {
      if (m.method === 'notifications/initialized') initialized = server.sent.length;
      if (m.method === 'initialize') {
        // answered late: nothing may be sent meanwhile
        setTimeout(
          () =>
            send({
              jsonrpc: '2.0',
              id: m.id,
              result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } },
            }),
          50,
        );
        return undefined;
      }
      if (m.method === 'tools/list') return undefined; // never answered
      if (typeof m.method === 'string' && m.id !== undefined) return { jsonrpc: '2.0', id: m.id, result: {} };
      return undefined;
    });
    const done = await drive(script, server, { timing: 'none', timeoutMs: 100 });
    expect(server.sent[0]!.method).toBe('initialize');
    expect(initialized).toBe(2);
    expect(done.timedOut).toHaveLength(1);
    expect(done.sent).toBe(script.steps.length);
  });

  it("answers the server's requests with the recorded client's answer, or -32601", async () => {
    const script = await scriptOf(join(REPO_ROOT, 'samples/everything.envelope.ndjson'));
    const server = fakeServer((m, send) => {
      if (m.method === 'notifications/initialized') {
        send({ jsonrpc: '2.0', id: 'ask-1', method: 'roots/list' });
        send({ jsonrpc: '2.0', id: 'ask-2', method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } });
      }
      return typeof m.method === 'string' && m.id !== undefined ? { jsonrpc: '2.0', id: m.id, result: {} } : undefined;
    });
    const done = await drive(script, server, { timing: 'none', timeoutMs: 100 });
    const roots = server.sent.find((m) => m.id === 'ask-1')!;
    expect(roots.result.roots.length).toBeGreaterThan(0);
    expect(server.sent.find((m) => m.id === 'ask-2')).toMatchObject({ error: { code: -32601 } });
    expect(done).toMatchObject({
      serverRequests: 2,
      unanswerable: [expect.stringMatching(/^sampling\/createMessage /)],
    });
  });

  it('numbers the requests 1, 2, 3 …, and carries the new id into their progress token and a cancellation', async () => {
    const script = await scriptOf(join(REPO_ROOT, 'samples/everything.envelope.ndjson'));
    const server = fakeServer((m) =>
      typeof m.method === 'string' && m.id !== undefined ? { jsonrpc: '2.0', id: m.id, result: {} } : undefined,
    );
    await drive(script, server, { timing: 'none', timeoutMs: 50 });
    const requests = server.sent.filter((m) => typeof m.method === 'string' && m.id !== undefined);
    expect(requests.map((m) => m.id)).toEqual(requests.map((_, i) => i + 1));
    // the recorded session: request 12 (a long-running call, progress token 12) cancelled by the client
    const cancelled = server.sent.find((m) => m.method === 'notifications/cancelled')!;
    const call = requests.find((m) => m.id === cancelled.params.requestId)!;
    expect(call.params.name).toBe('trigger-long-running-operation');
    expect(call.params._meta.progressToken).toBe(call.id);
  });
});
