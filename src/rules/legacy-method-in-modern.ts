// Rule legacy-method-in-modern: a method the 2026-07-28 revision removed, sent in a modern exchange, or served there.
import { LEGACY_ONLY_METHODS, MODERN_REVISIONS } from '../protocol/modern.js';
import { claimedVersion } from '../session/era.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

/** JSON-RPC "Method not found": a modern server's answer to a removed method. */
const METHOD_NOT_FOUND = -32601;

type Data =
  | { problem: 'removed'; method: string; kind: string }
  | { problem: 'answered'; method: string; answer: string };

export const legacyMethodInModern: Rule<Data> = {
  meta: {
    id: 'legacy-method-in-modern',
    severity: 'error',
    summary: 'A method that 2026-07-28 removed, used in a modern exchange.',
    specUrl: MODERN_SPEC.changelog,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'problem',
    templates: {
      removed: '{kind} {method} does not exist in a modern exchange (removed in 2026-07-28)',
      answered:
        '{method} claims 2026-07-28 but was answered with {answer}; a modern server answers a removed method with -32601',
    },
  },
  on: { kinds: ['request', 'notification', 'response', 'error'] },
  check: ({ record, facts }) => {
    if (record.kind === 'response' || record.kind === 'error') {
      const p = facts.request;
      if (!p || !LEGACY_ONLY_METHODS.has(p.method) || claimedVersion(p.message) === undefined) return undefined;
      if (record.kind === 'response') return [{ problem: 'answered', method: p.method, answer: 'a result' }];
      // An error whose body the log did not give whole has no code to judge.
      if (record.message === null) return undefined;
      const code = obj(obj(record.message)?.error)?.code;
      return code === METHOD_NOT_FOUND
        ? undefined
        : [{ problem: 'answered', method: p.method, answer: `error ${JSON.stringify(code) ?? '(no code)'}` }];
    }
    if ((record.kind !== 'request' && record.kind !== 'notification') || record.method === null) return undefined;
    if (!LEGACY_ONLY_METHODS.has(record.method) || !isModernRecord(record)) return undefined;
    return [{ problem: 'removed', method: record.method, kind: record.kind }];
  },
};
