// Rule root-uri-not-file: a roots/list result with a root whose uri is not a file:// URI.
import { ROOT_URI_PREFIX, isRootUri, specUrl } from '../protocol/index.js';
const shorten = (s) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);
export const rootUriNotFile = {
    meta: {
        id: 'root-uri-not-file',
        severity: 'error',
        description: 'A root in the result of roots/list has a uri that is not a file:// URI. client/roots.mdx: the uri "MUST be a file:// URI in the current specification"; the schema\'s Root.uri: "This *must* start with file:// for now." One finding per offending root; a missing or non-string uri is left to the schema checks.',
        specUrl: `${specUrl('client/roots.mdx')}#root`,
        revisions: 'all',
    },
    message: (d) => `roots[${d.index}] has uri ${JSON.stringify(d.uri)}, not a ${ROOT_URI_PREFIX} URI`,
    check: ({ record }) => {
        if (record.kind !== 'response' || record.method !== 'roots/list')
            return undefined;
        const roots = record.message?.result?.roots;
        if (!Array.isArray(roots))
            return undefined;
        const out = [];
        roots.forEach((root, index) => {
            const uri = root !== null && typeof root === 'object' ? root.uri : undefined;
            if (typeof uri === 'string' && !isRootUri(uri))
                out.push({ index, uri: shorten(uri) });
        });
        return out.length > 0 ? out : undefined;
    },
};
//# sourceMappingURL=root-uri-not-file.js.map