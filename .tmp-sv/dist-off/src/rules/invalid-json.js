import { SPEC } from './spec-urls.js';
export const invalidJson = {
    meta: {
        id: 'invalid-json',
        severity: 'error',
        description: 'A message is not valid JSON (stdio: every line MUST be a valid MCP message).',
        specUrl: SPEC.stdio,
        revisions: 'all',
    },
    message: (d) => d.detail,
    check: ({ facts }) => (facts.problem?.rule === 'invalid-json' ? [{ detail: facts.problem.detail }] : undefined),
};
//# sourceMappingURL=invalid-json.js.map