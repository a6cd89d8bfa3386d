// progress-after-completion: progress after the answer, after cancellation, and after a task's end.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  Log,
  call,
  cancelled,
  created,
  error,
  hits,
  progress,
  req,
  result,
  task,
  taskStatus,
} from '../helpers/flow.js';

const RULE = 'progress-after-completion';

describe(RULE, () => {
  it('reports progress after the result, as a warning', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a' }))
      .s(result(1))
      .s(progress('a', 1));
    expect(await hits(log.text(), RULE)).toEqual([
      {
        rule: RULE,
        severity: 'warning',
        message: 'progress for token "a" after its tools/call request (id 1) was answered',
        line: 6,
      },
    ]);
  });

  it('reports progress after an error answer', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a' }))
      .s(error(1))
      .s(progress('a', 1));
    expect(await hits(log.text(), RULE)).toHaveLength(1);
  });

  it('reports progress after a cancellation, answered or not', async () => {
    const open = Log.withHandshake()
      .c(call(1, { token: 'a' }))
      .s(progress('a', 1))
      .c(cancelled(1))
      .s(progress('a', 2))
      .s(progress('a', 3));
    expect((await hits(open.text(), RULE)).map((h) => h.line)).toEqual([7, 8]);
    const answered = Log.withHandshake()
      .c(call(1, { token: 'a' }))
      .c(cancelled(1))
      .s(result(1))
      .s(progress('a', 2));
    expect(await hits(answered.text(), RULE)).toEqual([
      {
        rule: RULE,
        severity: 'warning',
        message: 'progress for token "a" after its tools/call request (id 1) was cancelled',
        line: 7,
      },
    ]);
  });

  it('accepts task progress until the task is terminal, then reports it', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a', task: true }))
      .s(progress('a', 1))
      .s(created(1, 't1'))
      .s(progress('a', 2))
      .s(taskStatus('t1', 'completed', 3))
      .s(progress('a', 3));
    expect(await hits(log.text(), RULE)).toEqual([
      {
        rule: RULE,
        severity: 'warning',
        message: 'progress for token "a" after task t1 (tools/call request id 1) became completed',
        line: 9,
      },
    ]);
  });

  it('learns the terminal status from tasks/get and tasks/cancel results too', async () => {
    const viaGet = Log.withHandshake()
      .c(call(1, { token: 'a', task: true }))
      .s(created(1, 't1'))
      .c(req(2, 'tasks/get', { taskId: 't1' }))
      .s(result(2, task('t1', 'failed', 2)))
      .s(progress('a', 1));
    expect(await hits(viaGet.text(), RULE)).toHaveLength(1);
    const viaCancel = Log.withHandshake()
      .c(call(1, { token: 'a', task: true }))
      .s(created(1, 't1'))
      .c(req(2, 'tasks/cancel', { taskId: 't1' }))
      .s(result(2, task('t1', 'cancelled', 2)))
      .s(progress('a', 1));
    expect(await hits(viaCancel.text(), RULE)).toHaveLength(1);
  });

  it('treats a task-augmented request answered without a task like any other', async () => {
    const log = Log.withHandshake()
      .c(call(1, { token: 'a', task: true }))
      .s(result(1))
      .s(progress('a', 1));
    expect(await hits(log.text(), RULE)).toHaveLength(1);
  });

  it('finds the two progress notifications server-everything sends after the cancellation in the sample', async () => {
    const found = await hits(readFileSync('samples/everything.transcript.txt', 'utf8'), RULE);
    expect(found.map((h) => h.line)).toEqual([115, 116]);
  });
});
