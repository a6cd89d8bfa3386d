// Rule missing-required-capabilities: a -32021 error that does not say which client capabilities the request lacked.
import { MODERN_ERRORS, MODERN_REVISIONS } from '../protocol/modern.js';
import { obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

export const missingRequiredCapabilities: Rule<{ found: string }> = {
  meta: {
    id: 'missing-required-capabilities',
    severity: 'error',
    summary: 'A -32021 MissingRequiredClientCapability error without a valid data.requiredCapabilities.',
    specUrl: MODERN_SPEC.errors,
    revisions: MODERN_REVISIONS,
  },
  message: '-32021 (missing required client capability) without a data.requiredCapabilities object ({found})',
  on: { kinds: ['error'], body: true },
  check: ({ record }) => {
    const error = obj(obj(record.message)?.error);
    if (record.kind !== 'error' || error?.code !== MODERN_ERRORS.missingClientCapability) return undefined;
    const data = obj(error.data);
    const v = data?.requiredCapabilities;
    if (obj(v) !== null) return undefined;
    const found =
      data === null
        ? 'no data'
        : v === undefined
          ? 'no requiredCapabilities'
          : Array.isArray(v)
            ? 'an array'
            : `a ${v === null ? 'null' : typeof v}`;
    return [{ found }];
  },
};
