// Follows task statuses through the messages that report them, so rules can judge transitions and terminality.
import { taskStatusCarrier, type TaskStatusCarrier } from '../protocol/tasks.js';
import type { PipelineRecord } from '../types.js';
import type { Facts } from './facts.js';
import type { SessionState } from './state.js';
import { evictOldest } from '../util/oldest.js';

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
export const TASK_STATUS_LIMIT = 10_000;

/** Reads the task statuses a notification or response reports into `facts.taskStatuses` and `s.taskStatus`. */
export function observeTaskStatus(s: SessionState, record: PipelineRecord, facts: Facts): void {
  const carrier = taskStatusCarrier(record.kind, record.method, facts.request?.task === true);
  if (!carrier) return;
  const out: TaskObservation[] = [];
  for (const task of tasksIn(record.message, carrier)) {
    const taskId = task.taskId;
    const status = task.status;
    if (typeof taskId !== 'string' || typeof status !== 'string') continue;
    const previous = s.taskStatus.get(taskId) ?? null;
    const parsed = typeof task.lastUpdatedAt === 'string' ? Date.parse(task.lastUpdatedAt) : NaN;
    const updatedMs = Number.isNaN(parsed) ? null : parsed;
    const stale =
      previous !== null && previous.updatedMs !== null && updatedMs !== null && updatedMs < previous.updatedMs;
    out.push(
      carrier.expect
        ? { taskId, status, source: carrier.source, expect: carrier.expect, previous, stale }
        : { taskId, status, source: carrier.source, previous, stale },
    );
    if (stale) continue;
    s.taskStatus.delete(taskId);
    s.taskStatus.set(taskId, { status, updatedMs, seq: record.seq });
    if (s.taskStatus.size > TASK_STATUS_LIMIT) evictOldest(s.taskStatus);
  }
  if (out.length > 0) facts.taskStatuses = out;
}

function tasksIn(message: unknown, c: TaskStatusCarrier): Record<string, unknown>[] {
  const m = asObject(message);
  if (!m) return [];
  if (c.at === 'params') return one(m.params);
  const result = asObject(m.result);
  if (!result) return [];
  if (c.at === 'result') return [result];
  if (c.at === 'result.task') return one(result.task);
  return Array.isArray(result.tasks) ? result.tasks.flatMap(one) : [];
}

function one(v: unknown): Record<string, unknown>[] {
  const o = asObject(v);
  return o ? [o] : [];
}

function asObject(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
