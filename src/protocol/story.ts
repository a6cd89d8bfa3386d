// What ties a message to a request it belongs to, as data: the notifications that name their request (progress by its
// token, a cancellation by its id, a task's status by its task id), the requests about a task, and the `_meta` key
// that relates a message to a task (2025-11-25 basic/utilities/progress.mdx, cancellation.mdx, tasks.mdx).

/** `notifications/progress`: `params.progressToken` is the token a request put in its `params._meta.progressToken`. */
export const PROGRESS_METHOD = 'notifications/progress';
/** `notifications/cancelled`: `params.requestId` names a request of the notification's sender. */
export const CANCELLED_METHOD = 'notifications/cancelled';
/** `notifications/message`: a log message of the server (logging.mdx); unrelated to any request by the protocol. */
export const LOG_METHOD = 'notifications/message';
/** `notifications/tasks/status`: `params.taskId`. */
export const TASK_STATUS_METHOD = 'notifications/tasks/status';
/** The requests about one task, by `params.taskId` (tasks.mdx §Protocol Messages). */
export const TASK_REQUEST_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/result', 'tasks/cancel']);
/** The request whose answer ends a task's story: the task's underlying result (or its cancellation). */
export const TASK_END_METHODS: ReadonlySet<string> = new Set(['tasks/result', 'tasks/cancel']);
/** `_meta` key relating a message to a task (tasks.mdx §Associating Task-Related Messages): `{ taskId }`. */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';
/** A modern result that asks the client for input and a retry (2026-07-28 basic/patterns/mrtr.mdx). */
export const INPUT_REQUIRED_RESULT = 'input_required';
