// task-invalid-transition: start in working, never leave a terminal status, tasks/cancel answers cancelled.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { taskStatusCanFollow } from '../../src/protocol/tasks.js';
import { Log, call, created, hits, req, result, task, taskStatus } from '../helpers/flow.js';

const RULE = 'task-invalid-transition';

describe(RULE, () => {
  it('reports a CreateTaskResult that does not start in working', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(created(1, 't1', 'completed'));
    expect(await hits(log.text(), RULE)).toEqual([
      {
        rule: RULE,
        severity: 'error',
        message: 'CreateTaskResult reports task t1 as completed; it MUST be working',
        line: 5,
      },
    ]);
  });

  it('reports a tasks/cancel result that is not cancelled', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(created(1, 't1'))
      .c(req(2, 'tasks/cancel', { taskId: 't1' }))
      .s(result(2, task('t1', 'working', 1)));
    expect((await hits(log.text(), RULE)).map((h) => h.message)).toEqual([
      'tasks/cancel result reports task t1 as working; it MUST be cancelled',
    ]);
  });

  it('reports leaving a terminal status, wherever it is reported', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(created(1, 't1'))
      .s(taskStatus('t1', 'cancelled', 1))
      .c(req(2, 'tasks/list'))
      .s(result(2, { tasks: [task('t1', 'completed', 2)] }));
    expect(await hits(log.text(), RULE)).toEqual([
      {
        rule: RULE,
        severity: 'error',
        message: 'tasks/list result moves task t1 from cancelled to completed',
        line: 8,
      },
    ]);
  });

  it('accepts a full lifecycle with repeats and unseen steps', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(taskStatus('t1', 'working', 0)) // before the CreateTaskResult, as server-everything sends it
      .s(created(1, 't1'))
      .s(taskStatus('t1', 'input_required', 1))
      .s(taskStatus('t1', 'input_required', 1))
      .c(req(2, 'tasks/get', { taskId: 't1' }))
      .s(result(2, task('t1', 'input_required', 1)))
      .s(taskStatus('t1', 'completed', 4))
      .c(req(3, 'tasks/get', { taskId: 't1' }))
      .s(result(3, task('t1', 'completed', 4)));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('does not take a stale snapshot (older lastUpdatedAt) for a transition', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(created(1, 't1'))
      .c(req(2, 'tasks/get', { taskId: 't1' }))
      .s(taskStatus('t1', 'completed', 5))
      .s(result(2, task('t1', 'working', 3)));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('ignores statuses outside TaskStatus (a schema problem)', async () => {
    const log = Log.withHandshake()
      .c(call(1, { task: true }))
      .s(created(1, 't1'))
      .s(taskStatus('t1', 'done', 1));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('applies to 2025-11-25 only', async () => {
    const log = Log.withHandshake('2025-06-18')
      .c(call(1, { task: true }))
      .s(created(1, 't1', 'completed'));
    expect(await hits(log.text(), RULE)).toEqual([]);
  });

  it('has no finding in the recorded server-everything session', async () => {
    expect(await hits(readFileSync('samples/everything.transcript.txt', 'utf8'), RULE)).toEqual([]);
  });

  it('derives reachability from the transition table', () => {
    expect(taskStatusCanFollow('working', 'working')).toBe(true);
    expect(taskStatusCanFollow('input_required', 'working')).toBe(true);
    expect(taskStatusCanFollow('working', 'cancelled')).toBe(true);
    expect(taskStatusCanFollow('completed', 'failed')).toBe(false);
    expect(taskStatusCanFollow('cancelled', 'working')).toBe(false);
    expect(taskStatusCanFollow('failed', 'failed')).toBe(true);
  });
});
