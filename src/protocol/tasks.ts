// Task statuses, their lifecycle and the messages that report them
// (https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks).

/** `TaskStatus` in `schema/2025-11-25/schema.json`. */
export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;

export type TaskStatus = (typeof TASK_STATUSES)[number];

/** "Tasks MUST begin in the `working` status when created." (tasks.mdx §Task Status Lifecycle 1) */
export const TASK_START_STATUS: TaskStatus = 'working';

/**
 * "Receivers MUST only transition tasks through the following valid paths" (tasks.mdx §Task Status Lifecycle 2):
 * from `working` to `input_required`, `completed`, `failed` or `cancelled`; from `input_required` to `working`,
 * `completed`, `failed` or `cancelled`; `completed`, `failed` and `cancelled` are terminal and "MUST NOT transition
 * to any other status" ("Once a task is cancelled, it MUST remain in `cancelled` status", §Task Cancellation 3).
 */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  working: ['input_required', 'completed', 'failed', 'cancelled'],
  input_required: ['working', 'completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

/** Where a message reports a task's status, and what that status must be there. */
export interface TaskStatusCarrier {
  /** Short name used in findings and facts. */
  source: 'create' | 'notification' | 'get' | 'cancel' | 'list';
  kind: 'notification' | 'response';
  /** The method of the notification, or of the request the response answers; `null` for any task-augmented request. */
  method: string | null;
  /** Where the `Task` objects are: the params, the result, `result.task`, or each of `result.tasks`. */
  at: 'params' | 'result' | 'result.task' | 'result.tasks';
  /** The status the spec requires in this message. */
  expect?: TaskStatus;
}

/**
 * Messages that carry `Task` objects (tasks.mdx §Protocol Messages, schema.ts §Tasks):
 * - CreateTaskResult, the response to any accepted task-augmented request: `{ task: Task }`, the task's first status,
 *   so `working` ("MUST begin in the working status when created");
 * - `notifications/tasks/status` (params = Task), `tasks/get` (GetTaskResult = Task), `tasks/list` (`tasks: Task[]`);
 * - `tasks/cancel` (CancelTaskResult = Task): receivers "MUST transition the task to `cancelled` status before sending
 *   the response" (§Task Cancellation 2), so the response says `cancelled` (as §Cancelling Tasks' example does).
 * `tasks/result` returns the underlying result, not a Task.
 */
export const TASK_STATUS_CARRIERS: readonly TaskStatusCarrier[] = [
  { source: 'create', kind: 'response', method: null, at: 'result.task', expect: TASK_START_STATUS },
  { source: 'notification', kind: 'notification', method: 'notifications/tasks/status', at: 'params' },
  { source: 'get', kind: 'response', method: 'tasks/get', at: 'result' },
  { source: 'cancel', kind: 'response', method: 'tasks/cancel', at: 'result', expect: 'cancelled' },
  { source: 'list', kind: 'response', method: 'tasks/list', at: 'result.tasks' },
];

const STATUSES = new Set<unknown>(TASK_STATUSES);

/** True when `v` is one of the five `TaskStatus` strings. */
export function isTaskStatus(v: unknown): v is TaskStatus {
  return STATUSES.has(v);
}

/** True for `completed`, `failed` and `cancelled`: the states a task never leaves. */
export function isTerminalTaskStatus(status: unknown): boolean {
  return isTaskStatus(status) && TASK_TRANSITIONS[status].length === 0;
}

// Statuses reachable from each status in one or more steps, built once from TASK_TRANSITIONS.
const REACHABLE = new Map<TaskStatus, ReadonlySet<TaskStatus>>(
  TASK_STATUSES.map((from) => {
    const seen = new Set<TaskStatus>();
    const todo = [...TASK_TRANSITIONS[from]];
    for (let s = todo.pop(); s !== undefined; s = todo.pop()) {
      if (seen.has(s)) continue;
      seen.add(s);
      todo.push(...TASK_TRANSITIONS[s]);
    }
    return [from, seen];
  }),
);

/**
 * Whether a task seen in `from` may later be seen in `to`. Status notifications are optional and polling samples the
 * state, so the steps in between may go unseen: the question is reachability through TASK_TRANSITIONS in one or more
 * steps, not a single edge. The same status twice is no transition and always allowed.
 */
export function taskStatusCanFollow(from: TaskStatus, to: TaskStatus): boolean {
  return from === to || REACHABLE.get(from)!.has(to);
}

/** The carrier of task statuses for a message, if it carries any. `taskAugmented`: a response to a `params.task` request. */
export function taskStatusCarrier(
  kind: string,
  method: string | null,
  taskAugmented: boolean,
): TaskStatusCarrier | undefined {
  if (kind === 'response' && taskAugmented) return TASK_STATUS_CARRIERS[0];
  const c = method === null ? undefined : CARRIER_BY_METHOD.get(method);
  return c !== undefined && c.kind === kind ? c : undefined;
}

/** The carriers named by method (asked for every notification and response). */
const CARRIER_BY_METHOD = new Map(
  TASK_STATUS_CARRIERS.filter((c) => c.method !== null).map((c) => [c.method as string, c]),
);
