// Rule missing-client-info: a modern request whose `_meta` does not name the client software (SHOULD), or rejected for it.
import { META, MODERN_REVISIONS } from '../protocol/modern.js';
import { envelopeOf } from '../session/era.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** `rejected`: the server's error answering such a request names clientInfo as its reason. */
type Data = { method: string; rejected: boolean };

const withoutClientInfo = (message: unknown): boolean => obj(envelopeOf(message)?.[META.clientInfo]) === null;

export const missingClientInfo: Rule<Data> = {
  meta: {
    id: 'missing-client-info',
    severity: 'warning',
    summary: 'A 2026-07-28 request without the clientInfo entry in its params._meta.',
    specUrl: MODERN_SPEC.meta,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'rejected',
    templates: {
      true: `the server rejected {method} for its missing clientInfo; servers MUST NOT require params._meta["${META.clientInfo}"]`,
      false: `modern request {method} without params._meta["${META.clientInfo}"] (clients SHOULD send it on every request)`,
    },
  },
  severityOf: (d, severity) => (d.rejected ? 'error' : severity),
  on: { kinds: ['request', 'error'], body: true },
  check: ({ record, facts }) => {
    if (record.dir === 's2c' && record.kind === 'request') return undefined;
    if (!isModernRecord(record)) return undefined;
    if (record.kind === 'request')
      return withoutClientInfo(record.message) ? [{ method: record.method ?? '?', rejected: false }] : undefined;
    const p = facts.request;
    if (record.kind !== 'error' || !p || p.dir === 's2c' || !withoutClientInfo(p.message)) return undefined;
    // Only an error that says so: a request may fail for many other reasons.
    return /clientInfo/i.test(JSON.stringify(obj(record.message)?.error) ?? '')
      ? [{ method: p.method, rejected: true }]
      : undefined;
  },
};
