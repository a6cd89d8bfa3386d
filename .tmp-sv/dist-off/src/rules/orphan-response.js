import { SPEC } from './spec-urls.js';
export const orphanResponse = {
    meta: {
        id: 'orphan-response',
        severity: 'warning',
        description: 'A response or error whose id matches no open request sent by the other side in the same session (responses MUST carry the id of the request they answer).',
        specUrl: SPEC.responses,
        revisions: 'all',
    },
    message: (d) => `no open request with id ${d.id} to answer`,
    check: ({ facts, record }) => (facts.orphan ? [{ id: JSON.stringify(record.id) }] : undefined),
};
//# sourceMappingURL=orphan-response.js.map