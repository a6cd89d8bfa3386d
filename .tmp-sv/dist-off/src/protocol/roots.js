// What a root may be: the URI scheme the roots feature allows (client/roots.mdx; schema `Root.uri`).
/**
 * "The URI identifying the root. This *must* start with file:// for now. This restriction may be relaxed in future
 * versions of the protocol to allow other URI schemes." (`Root.uri` in every `schema/<rev>/schema.json`; client/roots.mdx
 * §Root: "uri: Unique identifier for the root. This MUST be a file:// URI in the current specification.")
 */
export const ROOT_URI_PREFIX = 'file://';
/** True when a root uri is a `file://` URI. The scheme is compared case-insensitively (RFC 3986 §3.1). */
export function isRootUri(uri) {
    return uri.length >= ROOT_URI_PREFIX.length && uri.slice(0, ROOT_URI_PREFIX.length).toLowerCase() === ROOT_URI_PREFIX;
}
//# sourceMappingURL=roots.js.map