import { SPEC } from './spec-urls.js';
export const nullRequestId = {
    meta: {
        id: 'null-request-id',
        severity: 'error',
        description: 'A request has `"id": null`. Requests "MUST include a string or integer ID" and, "unlike base JSON-RPC, the ID MUST NOT be null". Such a request cannot be answered or paired.',
        specUrl: SPEC.requests,
        revisions: 'all',
    },
    message: (d) => `${d.method} request has id null: request ids must be a string or an integer, never null`,
    // The decoder marks the id (basic/index.mdx §Requests); a null id on a response is not a request id.
    check: ({ facts, record }) => facts.idProblem === 'null' && record.kind === 'request' ? [{ method: record.method ?? '(no method)' }] : undefined,
};
//# sourceMappingURL=null-request-id.js.map