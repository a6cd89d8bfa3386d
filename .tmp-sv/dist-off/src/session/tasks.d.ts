import { type TaskStatusCarrier } from '../protocol/tasks.js';
import type { PipelineRecord } from '../types.js';
import type { Facts } from './facts.js';
import type { SessionState } from './state.js';
/** The last status seen for a task. */
export interface TaskSeen {
    /** The status as sent (may be a string outside `TaskStatus`; schema rules judge that). */
    status: string;
    /** `lastUpdatedAt` in epoch ms, when it parsed. */
    updatedMs: number | null;
    /** Seq of the record that reported it. */
    seq: number;
}
/** One task status reported by a record. */
export interface TaskObservation {
    taskId: string;
    status: string;
    source: TaskStatusCarrier['source'];
    /** The status the spec requires in this message (`working` in a CreateTaskResult, `cancelled` from tasks/cancel). */
    expect?: string;
    /** What was known of the task before this record; null for the first sighting. */
    previous: TaskSeen | null;
    /**
     * The report is older than what is known (`lastUpdatedAt` earlier than the previous report's): a snapshot taken
     * before a later one was sent, e.g. a tasks/get answer overtaken by a status notification. Not a transition.
     */
    stale: boolean;
}
/**
 * Bound on the tasks remembered per session; the least recently reported is forgotten first. Task ids are
 * receiver-generated and unique among the receiver's tasks (tasks.mdx §Task ID Requirements); they are keyed by id
 * alone, like `SessionState.tasks`, because raw logs may not tell which side runs a task.
 */
export declare const TASK_STATUS_LIMIT = 10000;
/** Reads the task statuses a notification or response reports into `facts.taskStatuses` and `s.taskStatus`. */
export declare function observeTaskStatus(s: SessionState, record: PipelineRecord, facts: Facts): void;
