// Rule task-cancelled-with-notification: notifications/cancelled aimed at a request that already created a task.
import { paramsOf } from '../session/direction.js';
import { CLOSED_REQUESTS, type ClosedRequests } from './support/flow-memory.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const taskCancelledWithNotification: Rule<
  { id: string; method: string; taskId: string },
  undefined,
  ClosedRequests
> = {
  meta: {
    id: 'task-cancelled-with-notification',
    severity: 'error',
    summary: 'A notifications/cancelled names a task-augmented request, which only tasks/cancel may cancel.',
    specUrl: `${SPEC.cancellation}#behavior-requirements`,
    revisions: ['2025-11-25'],
  },
  message: '{method} request (id {id}) runs as task {taskId}: cancel it with tasks/cancel, not notifications/cancelled',
  memory: CLOSED_REQUESTS,
  on: { kinds: ['notification'], methods: ['notifications/cancelled'], body: true },
  check: ({ record, facts, memory }) => {
    if (record.kind !== 'notification' || record.method !== 'notifications/cancelled' || facts.cancelled)
      return undefined;
    const rid = paramsOf(record.message)?.requestId;
    if (typeof rid !== 'string' && typeof rid !== 'number') return undefined;
    const closed = memory.byRequestId(record.dir, rid);
    if (!closed || closed.taskId === null) return undefined;
    return [{ id: JSON.stringify(rid), method: closed.method, taskId: closed.taskId }];
  },
};
