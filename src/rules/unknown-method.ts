// Rule unknown-method: a request or notification whose method no supported revision defines.
import { REVISIONS, isExperimentalMethod, methodInfo } from '../protocol/index.js';
import { EXTENSION_REQUESTS, MODERN_REVISIONS, modernMethod } from '../protocol/modern.js';
import type { Rule } from './types.js';

/** The method as JSON, shortened: it comes from the log and may be anything. */
const quote = (s: string): string => JSON.stringify(s.length > 120 ? `${s.slice(0, 120)}…` : s);

export const unknownMethod: Rule<{ method: string; kind: string }> = {
  meta: {
    id: 'unknown-method',
    severity: 'info',
    summary: 'A request or notification whose method no supported protocol revision defines.',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/schema',
    revisions: 'all',
  },
  message: `unknown {kind} method {method}: not defined in any supported revision (${REVISIONS[0]} to ${MODERN_REVISIONS[MODERN_REVISIONS.length - 1]})`,
  on: { kinds: ['request', 'notification'] },
  check: ({ record }) => {
    if (record.kind !== 'request' && record.kind !== 'notification') return undefined;
    const method = record.method;
    // The official extensions' methods (the tasks extension's `tasks/update`) are defined, if not core.
    if (
      method === null ||
      methodInfo(method) ||
      modernMethod(method) ||
      EXTENSION_REQUESTS.has(method) ||
      isExperimentalMethod(method)
    )
      return undefined;
    return [{ method: quote(method), kind: record.kind }];
  },
};
