import { SPEC } from './spec-urls.js';
export const invalidFrame = {
    meta: {
        id: 'invalid-frame',
        severity: 'error',
        description: 'A log record could not be read as a message or event of its input format; its text is kept.',
        specUrl: SPEC.messages,
        revisions: 'all',
    },
    message: (d) => d.detail,
    check: ({ facts }) => (facts.problem?.rule === 'invalid-frame' ? [{ detail: facts.problem.detail }] : undefined),
};
//# sourceMappingURL=invalid-frame.js.map