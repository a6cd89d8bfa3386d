// Task statuses followed by the session stage: facts.taskStatuses and the bounded per-session status table.
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeFrame } from '../../src/decode/decode.js';
import { RunContext, Tracker, type Tracked } from '../../src/session/tracker.js';
import { TASK_STATUS_LIMIT } from '../../src/session/tasks.js';
import type { Frame } from '../../src/types.js';
import { msg, note, req, res, resetLines } from '../helpers/frames.js';

function track(frames: Frame[]): Tracked[] {
  const tracker = new Tracker(new RunContext(), 't.ndjson');
  return frames.flatMap((f) => decodeFrame(f).map((d) => tracker.push(d)));
}

const task = (taskId: string, status: string, at = '2025-12-01T12:00:00Z') => ({
  taskId,
  status,
  createdAt: '2025-12-01T12:00:00Z',
  lastUpdatedAt: at,
  ttl: null,
});

beforeEach(resetLines);

describe('task statuses', () => {
  it('reads CreateTaskResult, status notifications and tasks/get|cancel|list results, with the status before', () => {
    const t = track([
      msg('c2s', req(1, 'tools/call', { name: 'x', task: {} })),
      msg('s2c', res(1, { task: task('a', 'working') })),
      msg('s2c', note('notifications/tasks/status', task('a', 'input_required', '2025-12-01T12:00:01Z'))),
      msg('c2s', req(2, 'tasks/get', { taskId: 'a' })),
      msg('s2c', res(2, task('a', 'working', '2025-12-01T12:00:02Z'))),
      msg('c2s', req(3, 'tasks/cancel', { taskId: 'a' })),
      msg('s2c', res(3, task('a', 'cancelled', '2025-12-01T12:00:03Z'))),
      msg('c2s', req(4, 'tasks/list')),
      msg('s2c', res(4, { tasks: [task('a', 'cancelled', '2025-12-01T12:00:03Z'), task('b', 'completed')] })),
    ]);
    const seen = t.map((x) =>
      (x.facts.taskStatuses ?? []).map((o) => [
        o.source,
        o.taskId,
        o.status,
        o.expect ?? null,
        o.previous?.status ?? null,
        o.stale,
      ]),
    );
    expect(seen.filter((s) => s.length > 0)).toEqual([
      [['create', 'a', 'working', 'working', null, false]],
      [['notification', 'a', 'input_required', null, 'working', false]],
      [['get', 'a', 'working', null, 'input_required', false]],
      [['cancel', 'a', 'cancelled', 'cancelled', 'working', false]],
      [
        ['list', 'a', 'cancelled', null, 'cancelled', false],
        ['list', 'b', 'completed', null, null, false],
      ],
    ]);
    expect(t[8].session.taskStatus.get('a')).toEqual({
      status: 'cancelled',
      updatedMs: Date.parse('2025-12-01T12:00:03Z'),
      seq: 9,
    });
  });

  it('marks a report older than the last one as stale and keeps the newer status', () => {
    const t = track([
      msg('s2c', note('notifications/tasks/status', task('a', 'completed', '2025-12-01T12:00:05Z'))),
      msg('c2s', req(2, 'tasks/get', { taskId: 'a' })),
      msg('s2c', res(2, task('a', 'working', '2025-12-01T12:00:04Z'))),
    ]);
    expect(t[2].facts.taskStatuses?.[0]).toMatchObject({
      status: 'working',
      stale: true,
      previous: { status: 'completed' },
    });
    expect(t[2].session.taskStatus.get('a')?.status).toBe('completed');
  });

  it('reads nothing from a task-augmented request answered without a task, or from an error', () => {
    const t = track([
      msg('c2s', req(1, 'tools/call', { name: 'x', task: {} })),
      msg('s2c', res(1, { content: [] })),
      msg('c2s', req(2, 'tasks/get', { taskId: 'a' })),
      msg('s2c', { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'no such task' } }),
    ]);
    expect(t.map((x) => x.facts.taskStatuses)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it(`remembers at most ${TASK_STATUS_LIMIT} tasks per session, forgetting the least recently reported`, () => {
    const frames = Array.from({ length: TASK_STATUS_LIMIT + 1 }, (_, i) =>
      msg('s2c', note('notifications/tasks/status', task(`t${i}`, 'working'))),
    );
    const t = track(frames);
    const s = t[t.length - 1].session;
    expect(s.taskStatus.size).toBe(TASK_STATUS_LIMIT);
    expect(s.taskStatus.has('t0')).toBe(false);
    expect(s.taskStatus.has(`t${TASK_STATUS_LIMIT}`)).toBe(true);
  });
});
