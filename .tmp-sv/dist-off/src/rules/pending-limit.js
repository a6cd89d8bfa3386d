import { SPEC } from './spec-urls.js';
export const pendingLimit = {
    meta: {
        id: 'pending-limit',
        severity: 'warning',
        description: 'More requests were open at once than --max-pending allows; the oldest open request is no longer tracked, so a late response to it shows as an orphan.',
        specUrl: SPEC.responses,
        revisions: 'all',
    },
    message: (d) => `too many open requests: stopped tracking ${d.method} request #${d.seq}`,
    check: ({ facts }) => facts.pendingEvicted ? [{ seq: facts.pendingEvicted.seq, method: facts.pendingEvicted.method }] : undefined,
};
//# sourceMappingURL=pending-limit.js.map