// Follows task statuses through the messages that report them, so rules can judge transitions and terminality.
import { taskStatusCarrier } from '../protocol/tasks.js';
/**
 * Bound on the tasks remembered per session; the least recently reported is forgotten first. Task ids are
 * receiver-generated and unique among the receiver's tasks (tasks.mdx §Task ID Requirements); they are keyed by id
 * alone, like `SessionState.tasks`, because raw logs may not tell which side runs a task.
 */
export const TASK_STATUS_LIMIT = 10_000;
/** Reads the task statuses a notification or response reports into `facts.taskStatuses` and `s.taskStatus`. */
export function observeTaskStatus(s, record, facts) {
    const carrier = taskStatusCarrier(record.kind, record.method, facts.request?.task === true);
    if (!carrier)
        return;
    const out = [];
    for (const task of tasksIn(record.message, carrier)) {
        const taskId = task.taskId;
        const status = task.status;
        if (typeof taskId !== 'string' || typeof status !== 'string')
            continue;
        const previous = s.taskStatus.get(taskId) ?? null;
        const parsed = typeof task.lastUpdatedAt === 'string' ? Date.parse(task.lastUpdatedAt) : NaN;
        const updatedMs = Number.isNaN(parsed) ? null : parsed;
        const stale = previous !== null && previous.updatedMs !== null && updatedMs !== null && updatedMs < previous.updatedMs;
        out.push(carrier.expect ? { taskId, status, source: carrier.source, expect: carrier.expect, previous, stale }
            : { taskId, status, source: carrier.source, previous, stale });
        if (stale)
            continue;
        s.taskStatus.delete(taskId);
        s.taskStatus.set(taskId, { status, updatedMs, seq: record.seq });
        if (s.taskStatus.size > TASK_STATUS_LIMIT)
            s.taskStatus.delete(s.taskStatus.keys().next().value);
    }
    if (out.length > 0)
        facts.taskStatuses = out;
}
function tasksIn(message, c) {
    const m = asObject(message);
    if (!m)
        return [];
    if (c.at === 'params')
        return one(m.params);
    const result = asObject(m.result);
    if (!result)
        return [];
    if (c.at === 'result')
        return [result];
    if (c.at === 'result.task')
        return one(result.task);
    return Array.isArray(result.tasks) ? result.tasks.flatMap(one) : [];
}
function one(v) {
    const o = asObject(v);
    return o ? [o] : [];
}
function asObject(v) {
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;
}
//# sourceMappingURL=tasks.js.map