// Rule undeclared-input-capability: an input request needing a client capability its triggering request did not declare.
import { MODERN_SPEC } from './spec-urls.js';
import { MODERN_REVISIONS } from '../protocol/modern.js';
import type { Rule } from './types.js';

interface Data {
  key: string;
  method: string;
  path: string;
}

export const undeclaredInputCapability: Rule<Data> = {
  meta: {
    id: 'undeclared-input-capability',
    severity: 'error',
    summary: "An input_required result asks for input the request's own client capabilities did not declare.",
    specUrl: MODERN_SPEC.meta,
    revisions: MODERN_REVISIONS,
  },
  message:
    'input request "{key}" ({method}) needs client capability {path}, which the triggering request did not declare',
  on: { kinds: ['response'] },
  check: ({ record }) => {
    const out = (record.inputs ?? []).filter((i) => i.capability?.negotiated === false);
    return out.length === 0
      ? undefined
      : out.map((i) => ({ key: i.key, method: i.method ?? '?', path: i.capability!.path }));
  },
};
