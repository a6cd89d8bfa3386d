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
    description:
      'An `input_required` result asks for input the triggering request\'s own `_meta` clientCapabilities did not declare: elicitation (form mode `elicitation.form` or an empty `elicitation`; URL mode `elicitation.url`), sampling (`sampling.tools` with tools), roots. "Servers MUST NOT infer capabilities from prior requests" (schema.ts RequestMetaObject): a capability an earlier request declared does not count. The server should have answered -32021 (MissingRequiredClientCapability) instead.',
    specUrl: MODERN_SPEC.meta,
    revisions: MODERN_REVISIONS,
  },
  message: (d) =>
    `input request "${d.key}" (${d.method}) needs client capability ${d.path}, which the triggering request did not declare`,
  on: { kinds: ['response'] },
  check: ({ record }) => {
    const out = (record.inputs ?? []).filter((i) => i.capability?.negotiated === false);
    return out.length === 0
      ? undefined
      : out.map((i) => ({ key: i.key, method: i.method ?? '?', path: i.capability!.path }));
  },
};
