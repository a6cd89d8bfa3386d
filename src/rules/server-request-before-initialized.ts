// Rule server-request-before-initialized: the server sent a request other than ping before notifications/initialized.
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

/** Requests the server may send before `notifications/initialized` (basic/lifecycle.mdx §Initialization). */
const ALLOWED = new Set(['ping']);

export const serverRequestBeforeInitialized: Rule<{ method: string }> = {
  meta: {
    id: 'server-request-before-initialized',
    severity: 'warning',
    summary: 'The server sent a request other than ping or logging before the initialized notification.',
    specUrl: `${SPEC.lifecycle}#initialization`,
    revisions: 'all',
  },
  message: "server sent {method} before the client's notifications/initialized: only ping may come before it",
  on: { kinds: ['request'] },
  check: ({ record, session }) => {
    if (record.kind !== 'request' || record.dir !== 's2c' || ALLOWED.has(record.method ?? '')) return undefined;
    // Still initializing: initialize seen, initialized not, and the client has not moved on to operation without it.
    if (!session.info.initializeSeen || session.info.initializedSeen || session.phase !== 'initialization')
      return undefined;
    return [{ method: record.method ?? '(no method)' }];
  },
};
