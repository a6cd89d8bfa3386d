// Rule cancelled-over-http: a modern client POSTs notifications/cancelled where closing the response stream is the signal.
import { MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const cancelledOverHttp: Rule<Record<string, never>> = {
  meta: {
    id: 'cancelled-over-http',
    severity: 'info',
    description:
      'Over 2026-07-28 Streamable HTTP a client cancels a request by closing its response stream: the server "MUST treat a client disconnect as cancellation", and no `notifications/cancelled` is expected (basic/transports/streamable-http.mdx; the notification is for stdio, where the server also sends it to end a listen stream). A client notifications/cancelled POSTed in a modern exchange is reported as information: not forbidden, but the server may not act on it, and the request goes on until its stream closes.',
    specUrl: MODERN_SPEC.cancellation,
    revisions: MODERN_REVISIONS,
  },
  message: () =>
    "notifications/cancelled POSTed over Streamable HTTP: a modern client cancels by closing the request's response stream",
  on: { kinds: ['notification'], methods: ['notifications/cancelled'], http: true },
  check: ({ record }) => {
    if (
      record.kind !== 'notification' ||
      record.dir !== 'c2s' ||
      record.http?.method !== 'POST' ||
      !isModernRecord(record)
    )
      return undefined;
    return [{}];
  },
};
