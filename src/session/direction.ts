// Infers the direction of a message in a log that does not record it (raw NDJSON).
import { inferDirection as tableDirection } from '../protocol/lookup.js';
import type { Decoded } from '../decode/decode.js';
import type { Direction } from '../types.js';
import type { SessionState } from './state.js';
import { pendingKey } from './pending.js';

const opposite = (d: Direction): Direction => (d === 'c2s' ? 's2c' : d === 's2c' ? 'c2s' : 'unknown');

/**
 * Direction from, in order: the method table (one-way methods); for responses, the side whose open
 * request has this id (a response goes opposite to its request); for cancellation, the sender of the
 * cancelled request; for progress, the receiver of the request that carried the token; for two-way
 * requests such as `ping`, the sender whose id sequence it continues. Else `unknown`.
 */
export function inferDir(d: Decoded, s: SessionState): Direction {
  if (d.kind === 'response' || d.kind === 'error') {
    if (d.id === null) return 'unknown';
    const toClient = s.pending.get('c2s', d.id);
    if (toClient) return 's2c';
    if (s.pending.get('s2c', d.id)) return 'c2s';
    return 'unknown';
  }
  if (d.method === null) return 'unknown';
  const fixed = tableDirection(d.method, d.kind === 'request' ? 'request' : 'notification');
  if (fixed) return fixed;
  const params = paramsOf(d.message);
  if (d.method === 'notifications/cancelled') {
    const rid = params?.requestId;
    if (typeof rid === 'string' || typeof rid === 'number') {
      if (s.pending.get('c2s', rid)) return 'c2s';
      if (s.pending.get('s2c', rid)) return 's2c';
    }
    return 'unknown';
  }
  if (d.method === 'notifications/progress') {
    const tok = params?.progressToken;
    if (typeof tok === 'string' || typeof tok === 'number') {
      for (const dir of ['c2s', 's2c'] as const) {
        if (s.progress.has(pendingKey(dir, tok))) return opposite(dir);
      }
    }
    return 'unknown';
  }
  if (d.method === 'notifications/tasks/status' || d.method.startsWith('tasks/')) {
    const byTask = taskDir(d, s, params);
    if (byTask !== 'unknown') return byTask;
  }
  if (d.kind === 'request' && typeof d.id === 'number') {
    for (const dir of ['c2s', 's2c'] as const) {
      const last = s.lastId[dir];
      if (last !== null && d.id === last + 1 && !s.pending.get(dir, d.id)) return dir;
    }
  }
  // Clients send most two-way requests (ping); a guess, marked inferred like every other.
  if (d.kind === 'request' && d.method === 'ping') return 'c2s';
  return 'unknown';
}

/**
 * Task status comes from the task's runner; tasks/* requests go to it. The runner is known from its
 * CreateTaskResult, or, before that arrives, is the receiver of the newest open task-augmented request.
 */
function taskDir(d: Decoded, s: SessionState, params: Record<string, unknown> | null): Direction {
  const taskId = params?.taskId;
  let runner = typeof taskId === 'string' ? (s.tasks.get(taskId) ?? 'unknown') : 'unknown';
  if (runner === 'unknown') {
    const newest = s.pending.newestTask();
    if (newest) runner = opposite(newest.dir);
  }
  return d.kind === 'notification' ? runner : opposite(runner);
}

export function paramsOf(message: unknown): Record<string, unknown> | null {
  if (message === null || typeof message !== 'object') return null;
  const p = (message as Record<string, unknown>).params;
  return p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : null;
}
