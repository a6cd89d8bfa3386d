// Rule progress-after-completion: progress for a request that was already answered or cancelled, or whose task ended.
import { isTerminalTaskStatus } from '../protocol/tasks.js';
import { CLOSED_REQUESTS, type ClosedRequests, notifiedTokenOf } from './support/flow-memory.js';
import { isModernRecord } from './support/modern.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/**
 * The request is named by method and id, not seq, so the text is the same whatever the log's format. `modern`: the
 * notification is of a 2026-07-28 exchange, where progress after the response is an error (spec-2026-07-28 §6 rule 12).
 */
type Data =
  | { token: string; method: string; id: string; how: 'cancelled' | 'answered'; modern?: true }
  | { token: string; method: string; id: string; how: 'task'; taskId: string; status: string };

export const progressAfterCompletion: Rule<Data, undefined, ClosedRequests> = {
  meta: {
    id: 'progress-after-completion',
    severity: 'warning',
    summary: 'A progress notification for a request already answered, or cancelled by its sender.',
    specUrl: `${SPEC.progress}#implementation-notes`,
    revisions: 'all',
  },
  message: {
    by: 'how',
    templates: {
      task: 'progress for token {token} after task {taskId} ({method} request id {id}) became {status}',
      answered: 'progress for token {token} after its {method} request (id {id}) was answered',
      cancelled: 'progress for token {token} after its {method} request (id {id}) was cancelled',
    },
  },
  severityOf: (d, severity) => (d.how === 'answered' && d.modern ? 'error' : severity),
  memory: CLOSED_REQUESTS,
  on: { kinds: ['notification'], methods: ['notifications/progress'], body: true },
  check: ({ record, facts, session, memory }) => {
    if (record.kind !== 'notification' || record.method !== 'notifications/progress') return undefined;
    const token = notifiedTokenOf(record.message);
    if (token === null) return undefined;
    const tok = JSON.stringify(token);
    const open = facts.progressFor;
    if (open)
      return open.cancelled
        ? [{ token: tok, method: open.method, id: JSON.stringify(open.id), how: 'cancelled' }]
        : undefined;
    const closed = memory.byProgressToken(record.dir, token);
    if (!closed) return undefined;
    const request = { token: tok, method: closed.method, id: JSON.stringify(closed.id) };
    if (closed.taskId !== null) {
      // tasks.mdx §Task Progress Notifications: the token lives as long as the task.
      const seen = session.taskStatus.get(closed.taskId);
      if (!seen || !isTerminalTaskStatus(seen.status)) return undefined;
      return [{ ...request, how: 'task', taskId: closed.taskId, status: seen.status }];
    }
    if (closed.cancelled) return [{ ...request, how: 'cancelled' }];
    return [isModernRecord(record) ? { ...request, how: 'answered', modern: true } : { ...request, how: 'answered' }];
  },
};
