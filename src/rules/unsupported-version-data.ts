// Rule unsupported-version-data: a -32022 error without the versions it must name.
import { MODERN_ERRORS, MODERN_REVISIONS } from '../protocol/modern.js';
import { obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const unsupportedVersionData: Rule<{ missing: string[] }> = {
  meta: {
    id: 'unsupported-version-data',
    severity: 'error',
    description:
      'An UnsupportedProtocolVersionError (-32022, 2026-07-28 basic/versioning.mdx) must say which versions the server supports and which one it was asked for: `error.data.supported` (an array of strings) and `error.data.requested` (a string) are both required (schema `UnsupportedProtocolVersionError`); the client picks a mutual version from `supported` to retry with.',
    specUrl: MODERN_SPEC.versioning,
    revisions: MODERN_REVISIONS,
  },
  message: (d) => `-32022 (unsupported protocol version) without ${d.missing.join(' and ')}`,
  on: { kinds: ['error'], body: true },
  check: ({ record }) => {
    const error = obj(obj(record.message)?.error);
    if (record.kind !== 'error' || error?.code !== MODERN_ERRORS.unsupportedVersion) return undefined;
    const data = obj(error.data);
    const missing: string[] = [];
    if (!Array.isArray(data?.supported) || !data.supported.every((v) => typeof v === 'string')) missing.push('data.supported (string array)');
    if (typeof data?.requested !== 'string') missing.push('data.requested (string)');
    return missing.length === 0 ? undefined : [{ missing }];
  },
};
