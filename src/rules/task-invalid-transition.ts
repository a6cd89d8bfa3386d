// Rule task-invalid-transition: a task status that breaks the task lifecycle (start, terminal states, cancel result).
import { isTaskStatus, taskStatusCanFollow } from '../protocol/tasks.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

const WHERE = {
  create: 'CreateTaskResult',
  notification: 'notifications/tasks/status',
  get: 'tasks/get result',
  cancel: 'tasks/cancel result',
  list: 'tasks/list result',
} as const;

type Data =
  | { problem: 'status'; taskId: string; status: string; where: string; expect: string }
  | { problem: 'transition'; taskId: string; status: string; where: string; from: string };

export const taskInvalidTransition: Rule<Data> = {
  meta: {
    id: 'task-invalid-transition',
    severity: 'error',
    summary: 'A task status that breaks the task lifecycle: a start other than working, a move out of a final one.',
    specUrl: `${SPEC.tasks}#task-status-lifecycle`,
    revisions: ['2025-11-25'],
  },
  message: {
    by: 'problem',
    templates: {
      status: '{where} reports task {taskId} as {status}; it MUST be {expect}',
      transition: '{where} moves task {taskId} from {from} to {status}',
    },
  },
  on: { fact: 'taskStatuses' },
  check: ({ facts }) => {
    if (!facts.taskStatuses) return undefined;
    const out: Data[] = [];
    for (const o of facts.taskStatuses) {
      // A status outside TaskStatus is a schema problem, not a lifecycle one.
      if (!isTaskStatus(o.status)) continue;
      const where = WHERE[o.source];
      if (o.expect !== undefined && o.status !== o.expect) {
        out.push({ problem: 'status', taskId: o.taskId, status: o.status, where, expect: o.expect });
      } else if (
        o.previous &&
        !o.stale &&
        isTaskStatus(o.previous.status) &&
        !taskStatusCanFollow(o.previous.status, o.status)
      ) {
        out.push({ problem: 'transition', taskId: o.taskId, status: o.status, where, from: o.previous.status });
      }
    }
    return out.length > 0 ? out : undefined;
  },
};
