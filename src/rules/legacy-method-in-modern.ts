// Rule legacy-method-in-modern: a method the 2026-07-28 revision removed, sent in a modern exchange.
import { LEGACY_ONLY_METHODS, MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const legacyMethodInModern: Rule<{ method: string; kind: string }> = {
  meta: {
    id: 'legacy-method-in-modern',
    severity: 'error',
    description:
      'A method that 2026-07-28 removed, in a modern exchange: `initialize` and `notifications/initialized` (no handshake), `ping`, `logging/setLevel` (the log level is per request), `resources/subscribe` and `resources/unsubscribe` (replaced by `subscriptions/listen`), `notifications/roots/list_changed`, `notifications/elicitation/complete`, `tasks/result`, `tasks/list`, `notifications/tasks/status` (changelog 2026-07-28). A modern server answers such requests with -32601. An `initialize` without a modern claim is not reported: it selects the legacy era (a dual-era client falling back).',
    specUrl: MODERN_SPEC.changelog,
    revisions: MODERN_REVISIONS,
  },
  message: (d) => `${d.kind} ${d.method} does not exist in a modern exchange (removed in 2026-07-28)`,
  on: { kinds: ['request', 'notification'] },
  check: ({ record }) => {
    if ((record.kind !== 'request' && record.kind !== 'notification') || record.method === null) return undefined;
    if (!LEGACY_ONLY_METHODS.has(record.method) || !isModernRecord(record)) return undefined;
    return [{ method: record.method, kind: record.kind }];
  },
};
