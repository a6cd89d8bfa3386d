// Rule progress-unknown-token: a progress notification whose token belongs to no request of the other side.
import { requestLogged } from '../session/not-logged.js';
import { CLOSED_REQUESTS, type ClosedRequests, notifiedTokenOf } from './support/flow-memory.js';
import { isModernRecord } from './support/modern.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** `modern`: the notification is of a 2026-07-28 exchange, where the requirement is an error (spec-2026-07-28 §6 rule 12). */
export const progressUnknownToken: Rule<{ token: string; modern?: true }, undefined, ClosedRequests> = {
  meta: {
    id: 'progress-unknown-token',
    severity: 'warning',
    summary: 'A progress notification whose progressToken no request of the other side carried.',
    specUrl: `${SPEC.progress}#behavior-requirements`,
    revisions: 'all',
    needs: ['client:requests', 'server:requests'],
  },
  message: 'progress token {token} belongs to no request sent by the other side',
  severityOf: (d, severity) => (d.modern ? 'error' : severity),
  memory: CLOSED_REQUESTS,
  on: { kinds: ['notification'], methods: ['notifications/progress'], body: true },
  check: ({ record, facts, memory, session }) => {
    if (record.kind !== 'notification' || record.method !== 'notifications/progress' || facts.progressFor !== null)
      return undefined;
    // The request it reports on is one the log never holds.
    if (!requestLogged(session, record.dir)) return undefined;
    const modern = isModernRecord(record);
    if (modern && record.dir === 'c2s') return undefined;
    const token = notifiedTokenOf(record.message);
    // A missing or mistyped token is a schema problem; an answered request's token is progress-after-completion's.
    if (token === null || memory.byProgressToken(record.dir, token)) return undefined;
    return [modern ? { token: JSON.stringify(token), modern } : { token: JSON.stringify(token) }];
  },
};
