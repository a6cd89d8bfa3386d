// Rule resource-not-found-code: a "not found" answer to resources/read that is not the spec's: another code, or (2026-07-28) an empty read.
import { NOT_FOUND_MESSAGE, errorCodeName, notFoundCode, specUrl } from '../protocol/index.js';
import { isModernRecord, resultOf } from './support/modern.js';
import type { Rule } from './types.js';

type Data =
  | { problem: 'code'; method: string; code: string; name: string; expected: number }
  | { problem: 'empty'; method: string; uri: string };

export const resourceNotFoundCode: Rule<Data> = {
  meta: {
    id: 'resource-not-found-code',
    severity: 'info',
    summary: "A resources/read error says the resource was not found, but its code is not the revision's.",
    specUrl: `${specUrl('server/resources.mdx')}#error-handling`,
    revisions: 'all',
    severityFrom: { '2026-07-28': 'error' },
  },
  message: {
    by: 'problem',
    templates: {
      empty:
        '{method} of {uri} answered with an empty contents array; a resource that does not exist is answered with error -32602',
      code: `{method} answered "not found" with code {code} ({name}); the spec's code is {expected}`,
    },
  },
  // An empty read is a MUST NOT of 2026-07-28 whatever the session's revision says (a dual-era session's).
  severityOf: (d, severity) => (d.problem === 'empty' ? 'error' : severity),
  on: { kinds: ['error', 'response'], methods: ['resources/read'], body: true },
  check: ({ record, facts, session }) => {
    if (record.method !== 'resources/read') return undefined;
    if (record.kind === 'response') {
      const result = resultOf(record);
      if (!isModernRecord(record) || result === null || result.resultType === 'input_required') return undefined;
      const contents = result.contents;
      if (!Array.isArray(contents) || contents.length > 0) return undefined;
      const uri = (facts.request?.message as { params?: { uri?: unknown } } | undefined)?.params?.uri;
      return [{ problem: 'empty', method: record.method, uri: typeof uri === 'string' ? uri : '?' }];
    }
    if (record.kind !== 'error') return undefined;
    const want = notFoundCode(record.method, record.revision ?? session.revision);
    if (!want) return undefined;
    const error = (record.message as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (error === undefined || error.code === want.code) return undefined;
    // From 2026-07-28, -32002 itself says "resource not found", whatever the message (basic/index.mdx §Error Codes).
    const legacyCode = want.code !== -32002 && error.code === -32002;
    if (!legacyCode && (typeof error.message !== 'string' || !NOT_FOUND_MESSAGE.test(error.message))) return undefined;
    return [
      {
        problem: 'code',
        method: record.method,
        code: JSON.stringify(error.code) ?? 'none',
        name: errorCodeName(error.code),
        expected: want.code,
      },
    ];
  },
};
