// duplicate-request-id: reuse while open and after the answer, per sender and session, with a bounded memory.
import { describe, expect, it } from 'vitest';
import { duplicateRequestId, USED_ID_LIMIT } from '../../src/rules/duplicate-request-id.js';
import type { Facts } from '../../src/session/facts.js';
import { c, e, handshake, hits, log, note, req, res, s } from '../helpers/lifecycle.js';
import { rec } from '../helpers/records.js';

const ID = 'duplicate-request-id';

describe(ID, () => {
  it('says whether the earlier request is open or answered', async () => {
    const text = log(
      ...handshake(),
      c(req(1, 'tools/list')),
      c(req(1, 'prompts/list')),
      s(res(1, { prompts: [] })),
      c(req(1, 'resources/list')),
      c(req(2, 'tools/call', { name: 'slow' })),
      c(note('notifications/cancelled', { requestId: 2 })),
      c(req(2, 'ping')),
    );
    expect((await hits(ID, text)).map((h) => [h.line, h.message])).toEqual([
      [5, 'id 1 is already used by open request #4 from the same sender'],
      [7, 'id 1 was already used by request #5 from the same sender, answered earlier in this session'],
      // cancelled but never answered: still open as far as pairing goes (a late answer is legal)
      [10, 'id 2 is already used by open request #8 from the same sender'],
    ]);
  });

  it('names neither when the earlier request was dropped from the pending table', async () => {
    const text = log(c(req(1, 'tools/list')), c(req(2, 'prompts/list')), c(req(1, 'resources/list')));
    expect((await hits(ID, text, { maxPending: 1 })).map((h) => [h.line, h.message])).toEqual([
      [3, 'id 1 was already used by request #1 from the same sender earlier in this session'],
    ]);
  });

  it('keeps senders, id types and sessions apart', async () => {
    const text = log(
      ...handshake(),
      c(req(1, 'tools/list')),
      s(res(1, { tools: [] })),
      s(req(1, 'roots/list')),
      c(res(1, { roots: [] })),
      c(req('1', 'ping')),
      s(res('1')),
      e('exit'),
      e('start'),
      ...handshake(),
      c(req(1, 'tools/list')),
    );
    expect(await hits(ID, text)).toEqual([]);
  });

  it('does not report reuse after the answer when the sender is unknown (raw NDJSON, direction not inferred)', async () => {
    const ndjson = [req(5, 'x/custom'), res(5), req(5, 'x/custom')].map((m) => JSON.stringify(m)).join('\n') + '\n';
    expect(await hits(ID, ndjson)).toEqual([]);
  });

  it(`forgets a sender's oldest id past ${USED_ID_LIMIT} ids`, () => {
    const state = duplicateRequestId.createState!();
    const facts: Facts = {};
    const send = (seq: number, id: number) =>
      duplicateRequestId.check!({
        record: rec({ seq, id, kind: 'request', dir: 'c2s' }),
        facts,
        session: {} as never,
        state,
        options: { slowMs: 0 },
      });
    for (let i = 0; i < USED_ID_LIMIT; i++) send(i + 1, i);
    expect(send(USED_ID_LIMIT + 1, 0)).toHaveLength(1); // still remembered: reported, and moved to the newest end
    send(USED_ID_LIMIT + 2, USED_ID_LIMIT); // pushes out id 1, now the oldest
    expect(state.get('c2s')!.size).toBe(USED_ID_LIMIT);
    expect(send(USED_ID_LIMIT + 3, 2)).toHaveLength(1);
    expect(send(USED_ID_LIMIT + 4, 1)).toBeUndefined();
  });
});

describe(`${ID} from 2026-07-28`, () => {
  const meta = {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  };
  const done = { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'public' };

  it('allows reuse after completion and reports reuse of an id still open', async () => {
    const text = log(
      c(req(1, 'tools/list', meta)),
      s(res(1, done)),
      c(req(1, 'tools/list', meta)),
      c(req('l', 'subscriptions/listen', { ...meta, notifications: {} })),
      s(res(1, done)),
      c(req('l', 'tools/list', meta)),
    );
    expect((await hits(ID, text)).map((h) => [h.line, h.message])).toEqual([
      [6, 'id "l" is already used by open request #4 from the same sender'],
    ]);
  });
});
