// task-cancelled-with-notification: tasks are cancelled with tasks/cancel.
import { describe, expect, it } from 'vitest';
import { Log, call, cancelled, created, hits, req, result } from '../helpers/flow.js';

const RULE = 'task-cancelled-with-notification';

describe(RULE, () => {
  it('reports notifications/cancelled for a request that created a task, as an error', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(created(1, 't1'))
      .c(cancelled(1));
    expect(await hits(log.text(), RULE)).toEqual([
      {
        rule: RULE,
        severity: 'error',
        line: 6,
        message: 'tools/call request (id 1) runs as task t1: cancel it with tasks/cancel, not notifications/cancelled',
      },
    ]);
  });

  it('accepts cancelling a task-augmented request before its CreateTaskResult (no task id yet)', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .c(cancelled(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('does not report a task-augmented request answered without a task', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(result(1))
      .c(cancelled(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('applies to server-side tasks too', async () => {
    const log = Log.withHandshake()
      .s(req(3, 'sampling/createMessage', { messages: [], maxTokens: 5, task: { ttl: 1000 } }))
      .c(created(3, 'ct'))
      .s(cancelled(3));
    expect(await hits(log.text(), RULE)).toHaveLength(1);
  });

  it('forgets the task when the id is used again for a new request', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(created(1, 't1'))
      .c(call(1))
      .c(cancelled(1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });
});
