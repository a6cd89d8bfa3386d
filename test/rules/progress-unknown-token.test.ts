// progress-unknown-token: which progress tokens count as unknown.
import { describe, expect, it } from 'vitest';
import { FLOW_MEMORY_LIMIT } from '../../src/rules/support/flow-memory.js';
import { Log, call, created, hits, progress, req, result, taskStatus } from '../helpers/flow.js';

const RULE = 'progress-unknown-token';

describe(RULE, () => {
  it('reports a token no request carried, as a warning', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a' }))
      .s(progress('b', 1))
      .s(result(1));
    const found = await hits(log.text(), RULE);
    expect(found).toEqual([
      {
        rule: RULE,
        severity: 'warning',
        message: 'progress token "b" belongs to no request sent by the other side',
        line: 5,
      },
    ]);
  });

  it('tells string and number tokens apart', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 1 }))
      .s(progress('1', 1))
      .s(result(1));
    expect(await hits(log.text(), RULE)).toHaveLength(1);
  });

  it('matches tokens against the other side only: a token the server itself sent is unknown to the client', async () => {
    const log = Log.withHandshake()
      .s(req(5, 'sampling/createMessage', { messages: [], maxTokens: 1, _meta: { progressToken: 'x' } }))
      .s(progress('x', 1))
      .c(result(5, { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' }));
    expect(await hits(log.text(), RULE)).toHaveLength(1);
  });

  it('leaves tokens of answered requests to progress-after-completion', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a' }))
      .s(result(1))
      .s(progress('a', 1));
    expect(await hits(log.text(), RULE)).toEqual([]);
    expect((await hits(log.text(), 'progress-after-completion')).length).toBe(1);
  });

  it('accepts progress for a task-augmented request after its CreateTaskResult while the task runs', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a', task: true }))
      .s(created(1, 't1'))
      .s(progress('a', 1))
      .s(taskStatus('t1', 'input_required', 1))
      .s(progress('a', 2));
    expect(await hits(log.text())).toEqual([]);
  });

  it('works on raw NDJSON, where directions are inferred', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a' }))
      .s(progress('a', 1))
      .s(progress('zz', 2))
      .s(result(1))
      .s(progress('a', 3));
    expect(await hits(log.ndjson(), RULE)).toHaveLength(1);
    expect(await hits(log.ndjson(), 'progress-after-completion')).toHaveLength(1);
  });

  it('ignores a missing token (a schema problem)', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a' }))
      .s({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } })
      .s(result(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it(`remembers the last ${FLOW_MEMORY_LIMIT} answered requests per session`, async () => {
    const log = Log.withHandshake();
    for (let i = 1; i <= FLOW_MEMORY_LIMIT + 1; i++) log.c(call(i, { token: `k${i}` })).s(result(i));
    log
      .s(progress(`k${FLOW_MEMORY_LIMIT + 1}`, 1))
      .s(progress('k2', 1))
      .s(progress('k1', 1));
    // k1 was forgotten: its late progress can only be called unknown; k2 and the newest are still known as answered.
    expect((await hits(log.text(), RULE)).map((h) => h.message)).toEqual([
      'progress token "k1" belongs to no request sent by the other side',
    ]);
    expect(await hits(log.text(), 'progress-after-completion')).toHaveLength(2);
  });
});
