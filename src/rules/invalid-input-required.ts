// Rule invalid-input-required: an `input_required` result where none is allowed, or one that asks for nothing usable.
import { INPUT_REQUESTS, MODERN_REVISIONS, modernMethod } from '../protocol/modern.js';
import { isModernRecord, obj, resultOf } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Data =
  | { problem: 'method'; method: string }
  | { problem: 'empty' }
  | { problem: 'input-method'; key: string; method: string };

export const invalidInputRequired: Rule<Data> = {
  meta: {
    id: 'invalid-input-required',
    severity: 'error',
    summary: 'An input_required result on a method that cannot have one, empty, or with an unknown input request.',
    specUrl: MODERN_SPEC.mrtr,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'problem',
    templates: {
      method: '{method} answered input_required; only tools/call, prompts/get and resources/read may',
      empty: 'input_required result with neither inputRequests nor requestState',
      'input-method':
        'input request "{key}" has method {method}; input requests are elicitation/create, sampling/createMessage or roots/list',
    },
  },
  on: { kinds: ['response'], body: true },
  check: ({ record }) => {
    const result = resultOf(record);
    if (record.kind !== 'response' || result?.resultType !== 'input_required' || !isModernRecord(record))
      return undefined;
    const out: Data[] = [];
    if (record.method !== null && modernMethod(record.method)?.mrtr !== true)
      out.push({ problem: 'method', method: record.method });
    const asked = obj(result.inputRequests);
    if (asked === null && typeof result.requestState !== 'string') out.push({ problem: 'empty' });
    for (const [key, v] of Object.entries(asked ?? {})) {
      const method = obj(v)?.method;
      if (typeof method !== 'string' || INPUT_REQUESTS[method] === undefined)
        out.push({ problem: 'input-method', key, method: JSON.stringify(method) ?? 'none' });
    }
    return out.length === 0 ? undefined : out;
  },
};
