// Rule resource-not-found-code: a "not found" error to resources/read whose code is not the spec's -32002.
import { NOT_FOUND_MESSAGE, errorCodeName, notFoundCode, specUrl } from '../protocol/index.js';
import type { Rule } from './types.js';

interface Data {
  method: string;
  code: string;
  name: string;
  expected: number;
}

export const resourceNotFoundCode: Rule<Data> = {
  meta: {
    id: 'resource-not-found-code',
    severity: 'info',
    description:
      'An error response to resources/read says the resource was not found (its message matches "not found", "no such", "unknown resource" or "does not exist") but its code is not the revision\'s: -32002 up to 2025-11-25 (server/resources.mdx §Error Handling: "Resource not found: -32002"), -32602 from 2026-07-28, where the server "MUST return" -32602 and -32002 "MUST NOT be emitted" (an error there). The revision is the request\'s. The message test is a heuristic.',
    specUrl: `${specUrl('server/resources.mdx')}#error-handling`,
    revisions: 'all',
    severityFrom: { '2026-07-28': 'error' },
  },
  message: (d) => `${d.method} answered "not found" with code ${d.code} (${d.name}); the spec's code is ${d.expected}`,
  on: { kinds: ['error'], body: true },
  check: ({ record, session }) => {
    if (record.kind !== 'error' || record.method === null) return undefined;
    const want = notFoundCode(record.method, record.revision ?? session.revision);
    if (!want) return undefined;
    const error = (record.message as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (error === undefined || error.code === want.code) return undefined;
    // From 2026-07-28, -32002 itself says "resource not found", whatever the message (basic/index.mdx §Error Codes).
    const legacyCode = want.code !== -32002 && error.code === -32002;
    if (!legacyCode && (typeof error.message !== 'string' || !NOT_FOUND_MESSAGE.test(error.message))) return undefined;
    return [{ method: record.method, code: JSON.stringify(error.code) ?? 'none', name: errorCodeName(error.code), expected: want.code }];
  },
};
