// Rule progress-not-increasing: a progress notification whose value is not above the previous one for its token.
import { paramsOf } from '../session/direction.js';
import { pendingKey } from '../session/pending.js';
import {
  CLOSED_REQUESTS,
  RecentMap,
  type ClosedRequests,
  notifiedTokenOf,
  opposite,
  progressTokenOf,
} from './support/flow-memory.js';
import { isModernRecord } from './support/modern.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

interface Last {
  /** Seq of the request that carried the token (null when no request is known): a new request starts afresh. */
  request: number | null;
  progress: number;
  seq: number;
}

export const progressNotIncreasing: Rule<
  { token: string; progress: number; previous: number },
  RecentMap<Last>,
  ClosedRequests
> = {
  meta: {
    id: 'progress-not-increasing',
    severity: 'error',
    summary: 'A progress notification whose progress is not greater than the previous one for its token.',
    specUrl: `${SPEC.progress}#progress-flow`,
    revisions: 'all',
  },
  message: 'progress {progress} for token {token} does not increase on the previous {previous}',
  /** Last progress value per requester and token. */
  createState: () => new RecentMap<Last>(),
  memory: CLOSED_REQUESTS,
  on: { kinds: ['request', 'notification'], body: true },
  check: ({ record, facts, state: last, memory }) => {
    if (record.kind === 'request') {
      const token = progressTokenOf(record.message);
      if (token !== null) last.delete(pendingKey(record.dir, token));
      return undefined;
    }
    if (record.kind !== 'notification' || record.method !== 'notifications/progress') return undefined;
    // A modern client sends no progress at all (wrong-direction): its values are not worth comparing.
    if (record.dir === 'c2s' && isModernRecord(record)) return undefined;
    const token = notifiedTokenOf(record.message);
    const progress = paramsOf(record.message)?.progress;
    if (token === null || typeof progress !== 'number') return undefined;
    // Key by the side that asked for progress: the request's sender, the other side of the notification's sender.
    const request = facts.progressFor ?? memory.byProgressToken(record.dir, token) ?? null;
    const key = pendingKey(request ? request.dir : opposite(record.dir), token);
    const requestSeq = request ? request.seq : null;
    const before = last.get(key);
    last.set(key, { request: requestSeq, progress, seq: record.seq });
    if (!before || before.request !== requestSeq || progress > before.progress) return undefined;
    return [{ token: JSON.stringify(token), progress, previous: before.progress }];
  },
};
