// Rule progress-unknown-token: a progress notification whose token belongs to no request of the other side.
import { CLOSED_REQUESTS, type ClosedRequests, notifiedTokenOf } from './support/flow-memory.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const progressUnknownToken: Rule<{ token: string }, undefined, ClosedRequests> = {
  meta: {
    id: 'progress-unknown-token',
    severity: 'warning',
    description:
      'A notifications/progress whose progressToken was carried by no request of the other side: progress notifications ' +
      '"MUST only reference tokens that were provided in an active request". Tokens of requests already answered or ' +
      'cancelled are left to progress-after-completion, and a task-augmented request\'s token stays valid until its task ' +
      'is terminal. Remembers the last 1024 answered requests per session.',
    specUrl: `${SPEC.progress}#behavior-requirements`,
    revisions: 'all',
  },
  message: (d) => `progress token ${d.token} belongs to no request sent by the other side`,
  memory: CLOSED_REQUESTS,
  on: { kinds: ['notification'], methods: ['notifications/progress'], body: true },
  check: ({ record, facts, memory }) => {
    if (record.kind !== 'notification' || record.method !== 'notifications/progress' || facts.progressFor !== null) return undefined;
    const token = notifiedTokenOf(record.message);
    // A missing or mistyped token is a schema problem; an answered request's token is progress-after-completion's.
    if (token === null || memory.byProgressToken(record.dir, token)) return undefined;
    return [{ token: JSON.stringify(token) }];
  },
};
