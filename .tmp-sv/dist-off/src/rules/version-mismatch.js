import { SPEC } from './spec-urls.js';
const obj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;
export const versionMismatch = {
    meta: {
        id: 'version-mismatch',
        severity: 'info',
        description: '"If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports." A different answer is legal when the server lacks the requested revision, so this is information: the session follows the answered revision, and methods that revision lacks are reported by method-not-in-revision.',
        specUrl: `${SPEC.lifecycle}#version-negotiation`,
        revisions: 'all',
    },
    message: (d) => `server answered protocol version "${d.answered}" to a request for "${d.requested}": the session follows "${d.answered}"`,
    check: ({ record, facts, session }) => {
        if (record.kind !== 'response' || facts.request?.method !== 'initialize' || facts.request.seq !== session.initializeSeq)
            return undefined;
        const requested = obj(obj(facts.request.message)?.params)?.protocolVersion;
        const answered = obj(obj(record.message)?.result)?.protocolVersion;
        if (typeof requested !== 'string' || typeof answered !== 'string' || requested === answered)
            return undefined;
        return [{ requested, answered }];
    },
};
//# sourceMappingURL=version-mismatch.js.map