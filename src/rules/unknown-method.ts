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
    description:
      'A request or notification whose method is not defined by any supported protocol revision (a typo, a private extension, or a method of a newer revision). A receiver answers an unknown request with -32601 (Method not found). Extension-style names are not reported: `experimental/…` and reverse-DNS prefixes such as `com.example/…`, nor the methods of the official 2026-07-28 tasks extension (`tasks/get`, `tasks/update`, `tasks/cancel`).',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/schema',
    revisions: 'all',
  },
  message: (d) =>
    `unknown ${d.kind} method ${quote(d.method)}: not defined in any supported revision (${REVISIONS[0]} to ${MODERN_REVISIONS[MODERN_REVISIONS.length - 1]})`,
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
    return [{ method, kind: record.kind }];
  },
};
