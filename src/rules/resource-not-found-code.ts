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
      'An error response to resources/read says the resource was not found (its message matches "not found", "no such", "unknown resource" or "does not exist") but its code is not -32002. server/resources.mdx §Error Handling: "Resource not found: -32002". The message test is a heuristic. Revision 2026-07-28 (not supported yet) moves this error to -32602.',
    specUrl: `${specUrl('server/resources.mdx')}#error-handling`,
    revisions: 'all',
  },
  message: (d) => `${d.method} answered "not found" with code ${d.code} (${d.name}); the spec's code is ${d.expected}`,
  on: { kinds: ['error'], body: true },
  check: ({ record, session }) => {
    if (record.kind !== 'error' || record.method === null) return undefined;
    const want = notFoundCode(record.method, session.revision);
    if (!want) return undefined;
    const error = (record.message as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (typeof error?.message !== 'string' || !NOT_FOUND_MESSAGE.test(error.message) || error.code === want.code) {
      return undefined;
    }
    return [{ method: record.method, code: JSON.stringify(error.code) ?? 'none', name: errorCodeName(error.code), expected: want.code }];
  },
};
