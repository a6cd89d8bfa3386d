// Bounded per-session memory of answered requests, kept in the rule state of the progress, cancellation and task rules.
import type { Facts } from '../../session/facts.js';
import { paramsOf } from '../../session/direction.js';
import { pendingKey } from '../../session/pending.js';
import type { Direction, PipelineRecord } from '../../types.js';
import { OldestFirst } from '../../util/oldest.js';
import type { Memory } from '../types.js';

/** How many answered requests each memory keeps per session (the least recently answered are forgotten first). */
export const FLOW_MEMORY_LIMIT = 1024;

/** Adds `key` to `set` unless it is there; whether it was new. Past `limit` keys the oldest is forgotten. */
export function addRecent<K>(set: Set<K>, key: K, limit: number): boolean {
  if (set.has(key)) return false;
  set.add(key);
  if (set.size > limit) set.delete(set.values().next().value!);
  return true;
}

/**
 * A map that keeps only its `limit` most recently set keys. The map is made on first use: every session holds
 * several of these, and most sessions never need most of them (a log may hold many thousands of sessions).
 */
export class RecentMap<V> {
  private map: Map<string, V> | null = null;
  private oldest: OldestFirst<string, V> | null = null;
  constructor(private readonly limit = FLOW_MEMORY_LIMIT) {}

  get(key: string): V | undefined {
    return this.map?.get(key);
  }

  set(key: string, value: V): void {
    const map = (this.map ??= new Map());
    map.delete(key);
    map.set(key, value);
    if (map.size > this.limit) (this.oldest ??= new OldestFirst(map)).evict();
  }

  delete(key: string): void {
    this.map?.delete(key);
  }

  get size(): number {
    return this.map?.size ?? 0;
  }
}

/** A request that got its response (or error). */
interface ClosedRequest {
  /** Seq, sender, id and method of the request. */
  seq: number;
  dir: Direction;
  id: string | number;
  method: string;
  /** Seq of the response or error. */
  closedSeq: number;
  /** It had been cancelled with `notifications/cancelled` before the answer came. */
  cancelled: boolean;
  /** The task its CreateTaskResult named (task-augmented requests answered with a task), else null. */
  taskId: string | null;
}

/**
 * Answered requests by sender and id, and by sender and progress token. A new request with the same id or token
 * makes the old entry obsolete (ids and tokens only have to be unique among active requests), so it is dropped.
 */
export class ClosedRequests {
  private readonly byId = new RecentMap<ClosedRequest>();
  private readonly byToken = new RecentMap<ClosedRequest>();
  /** Updates the memory from one record; call it on every request, response and error, before the lookups. */
  observe(record: PipelineRecord, facts: Facts): void {
    if (record.kind === 'request' && record.id !== null) {
      this.byId.delete(pendingKey(record.dir, record.id));
      const token = progressTokenOf(record.message);
      if (token !== null) this.byToken.delete(pendingKey(record.dir, token));
      return;
    }
    const p = facts.request;
    if ((record.kind !== 'response' && record.kind !== 'error') || !p) return;
    const closed: ClosedRequest = {
      seq: p.seq,
      dir: p.dir,
      id: p.id,
      method: p.method,
      closedSeq: record.seq,
      cancelled: p.cancelled,
      taskId: record.kind === 'response' && p.task ? createdTaskId(record.message) : null,
    };
    this.byId.set(pendingKey(p.dir, p.id), closed);
    if (p.progressToken !== null) this.byToken.set(pendingKey(p.dir, p.progressToken), closed);
  }

  /** The answered request that `senderDir` sent with this id (either side's when the direction is unknown). */
  byRequestId(senderDir: Direction, id: string | number): ClosedRequest | undefined {
    return lookup(this.byId, senderDir, id);
  }

  /** The answered request whose progress token a progress notification sent in `dir` names (sent the other way). */
  byProgressToken(dir: Direction, token: string | number): ClosedRequest | undefined {
    return lookup(this.byToken, opposite(dir), token);
  }
}

/** The answered requests of a session, shared by the progress, cancellation and task rules (`Rule.memory`). */
export const CLOSED_REQUESTS: Memory<ClosedRequests> = {
  id: 'closed-requests',
  create: () => new ClosedRequests(),
  observe: (m, record, facts) => m.observe(record, facts),
  on: { kinds: ['request', 'response', 'error'] },
};

/** Looks up a key by direction; with the direction unknown (raw logs), either side's entry. */
function lookup(map: RecentMap<ClosedRequest>, dir: Direction, key: string | number): ClosedRequest | undefined {
  if (dir !== 'unknown') return map.get(pendingKey(dir, key));
  return map.get(pendingKey('c2s', key)) ?? map.get(pendingKey('s2c', key));
}

export function opposite(d: Direction): Direction {
  return d === 'c2s' ? 's2c' : d === 's2c' ? 'c2s' : 'unknown';
}

/** `params._meta.progressToken` of a request, when it is a string or number. */
export function progressTokenOf(message: unknown): string | number | null {
  const meta = paramsOf(message)?._meta;
  const token = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).progressToken : undefined;
  return typeof token === 'string' || typeof token === 'number' ? token : null;
}

/** `params.progressToken` of a progress notification, when it is a string or number. */
export function notifiedTokenOf(message: unknown): string | number | null {
  const token = paramsOf(message)?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : null;
}

/** The `taskId` of a CreateTaskResult (`result.task.taskId`), else null. */
function createdTaskId(message: unknown): string | null {
  const result = (message as { result?: unknown } | null)?.result;
  const task = result !== null && typeof result === 'object' ? (result as { task?: unknown }).task : undefined;
  const id = task !== null && typeof task === 'object' ? (task as { taskId?: unknown }).taskId : undefined;
  return typeof id === 'string' ? id : null;
}
