// Rule cancelled-over-http: a modern client POSTs notifications/cancelled where closing the response stream is the signal.
import { MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const cancelledOverHttp: Rule<Record<string, never>> = {
  meta: {
    id: 'cancelled-over-http',
    severity: 'info',
    summary: 'A client notifications/cancelled over 2026-07-28 Streamable HTTP, where closing the stream cancels.',
    specUrl: MODERN_SPEC.cancellation,
    revisions: MODERN_REVISIONS,
  },
  message:
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
