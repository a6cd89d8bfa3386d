/** `TaskStatus` in `schema/2025-11-25/schema.json`. */
export declare const TASK_STATUSES: readonly ['working', 'input_required', 'completed', 'failed', 'cancelled'];
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** "Tasks MUST begin in the `working` status when created." (tasks.mdx §Task Status Lifecycle 1) */
export declare const TASK_START_STATUS: TaskStatus;
/**
 * "Receivers MUST only transition tasks through the following valid paths" (tasks.mdx §Task Status Lifecycle 2):
 * from `working` to `input_required`, `completed`, `failed` or `cancelled`; from `input_required` to `working`,
 * `completed`, `failed` or `cancelled`; `completed`, `failed` and `cancelled` are terminal and "MUST NOT transition
 * to any other status" ("Once a task is cancelled, it MUST remain in `cancelled` status", §Task Cancellation 3).
 */
export declare const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>>;
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
 *   the response" (§Task Cancellation 2), and the response "MUST be `cancelled`" (spec-table §8).
 * `tasks/result` returns the underlying result, not a Task.
 */
export declare const TASK_STATUS_CARRIERS: readonly TaskStatusCarrier[];
/** True when `v` is one of the five `TaskStatus` strings. */
export declare function isTaskStatus(v: unknown): v is TaskStatus;
/** True for `completed`, `failed` and `cancelled`: the states a task never leaves. */
export declare function isTerminalTaskStatus(status: unknown): boolean;
/**
 * Whether a task seen in `from` may later be seen in `to`. Status notifications are optional and polling samples the
 * state, so the steps in between may go unseen: the question is reachability through TASK_TRANSITIONS in one or more
 * steps, not a single edge. The same status twice is no transition and always allowed.
 */
export declare function taskStatusCanFollow(from: TaskStatus, to: TaskStatus): boolean;
/** The carrier of task statuses for a message, if it carries any. `taskAugmented`: a response to a `params.task` request. */
export declare function taskStatusCarrier(kind: string, method: string | null, taskAugmented: boolean): TaskStatusCarrier | undefined;
