// Rule reserved-error-code: a 2026-07-28 error whose code the spec reserves and does not define, or retired.
import { MODERN_RESERVED_RANGE, MODERN_RETIRED_CODES } from '../protocol/errors.js';
import { MODERN_ERRORS, MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord, obj } from './support/modern.js';
import { SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Data = { problem: 'retired'; code: number; meaning: string } | { problem: 'undefined'; code: number };

const DEFINED: ReadonlySet<number> = new Set(Object.values(MODERN_ERRORS));

export const reservedErrorCode: Rule<Data> = {
  meta: {
    id: 'reserved-error-code',
    severity: 'error',
    summary: 'A 2026-07-28 error code the spec reserves without defining it, or one only earlier revisions define.',
    specUrl: SPEC.modernErrorCodes,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'problem',
    templates: {
      retired: 'error code {code} ({meaning}) must not be emitted under 2026-07-28',
      undefined: 'error code {code} is in the range -32020…-32099 reserved for the spec, which does not define it',
    },
  },
  on: { kinds: ['error'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'error' || !isModernRecord(record)) return undefined;
    const code = obj(obj(record.message)?.error)?.code;
    if (typeof code !== 'number' || !Number.isInteger(code)) return undefined;
    const meaning = MODERN_RETIRED_CODES.get(code);
    if (meaning !== undefined)
      return code === -32002 && record.method === 'resources/read'
        ? undefined
        : [{ problem: 'retired', code, meaning }];
    const reserved = code >= MODERN_RESERVED_RANGE.low && code <= MODERN_RESERVED_RANGE.high;
    return reserved && !DEFINED.has(code) ? [{ problem: 'undefined', code }] : undefined;
  },
};
