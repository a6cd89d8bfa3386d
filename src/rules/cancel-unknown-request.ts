// Rule cancel-unknown-request: a notifications/cancelled that names no request its sender issued and has not seen answered
// (2026-07-28: a server's that names no open subscriptions/listen).
import { paramsOf } from '../session/direction.js';
import { CLOSED_REQUESTS, type ClosedRequests } from './support/flow-memory.js';
import { isModernRecord } from './support/modern.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Data =
  | { problem: 'unknown'; id: string; sender: string }
  | { problem: 'no-id' }
  | { problem: 'listen'; id: string };

export const cancelUnknownRequest: Rule<Data, undefined, ClosedRequests> = {
  meta: {
    id: 'cancel-unknown-request',
    severity: 'warning',
    summary: 'A notifications/cancelled whose requestId matches no request its sender issued in that direction.',
    specUrl: `${SPEC.cancellation}#behavior-requirements`,
    revisions: 'all',
  },
  message: {
    by: 'problem',
    templates: {
      listen:
        'the server cancels id {id}, which is no open subscriptions/listen: a modern server cancels only to end a listen stream',
      'no-id': 'notifications/cancelled has no requestId, so it cancels no request',
      unknown: 'no request with id {id} sent by the {sender} to cancel',
    },
  },
  severityOf: (d, severity) => (d.problem === 'listen' ? 'error' : severity),
  memory: CLOSED_REQUESTS,
  on: { kinds: ['notification'], methods: ['notifications/cancelled'], body: true },
  check: ({ record, facts, memory }) => {
    if (record.kind !== 'notification' || record.method !== 'notifications/cancelled') return undefined;
    const rid = paramsOf(record.message)?.requestId;
    if (record.dir === 's2c' && isModernRecord(record) && (typeof rid === 'string' || typeof rid === 'number')) {
      // The session ends the listen it names (cancels set, nothing marked cancelled); anything else is no listen.
      return facts.cancels !== null && facts.cancelled === undefined
        ? undefined
        : [{ problem: 'listen', id: JSON.stringify(rid) }];
    }
    if (facts.cancels !== null) return undefined;
    if (rid === undefined) return [{ problem: 'no-id' }];
    // A requestId of the wrong type is a schema problem; an answered request's id is a legal race.
    if (typeof rid !== 'string' && typeof rid !== 'number') return undefined;
    if (memory.byRequestId(record.dir, rid)) return undefined;
    const sender = record.dir === 'c2s' ? 'client' : record.dir === 's2c' ? 'server' : 'same side';
    return [{ problem: 'unknown', id: JSON.stringify(rid), sender }];
  },
};
