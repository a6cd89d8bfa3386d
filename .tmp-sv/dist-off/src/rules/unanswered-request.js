import { SPEC } from './spec-urls.js';
export const unansweredRequest = {
    meta: {
        id: 'unanswered-request',
        severity: 'warning',
        description: 'A request was never answered before the log ended. Requests cancelled with notifications/cancelled are not reported (the receiver SHOULD NOT answer them).',
        specUrl: SPEC.responses,
        revisions: 'all',
    },
    message: (d) => `${d.method} request #${d.seq} (id ${d.id}) was never answered`,
    atEnd: (open) => (open.cancelled ? undefined : { method: open.method, id: JSON.stringify(open.id), seq: open.seq }),
};
//# sourceMappingURL=unanswered-request.js.map