/**
 * "The URI identifying the root. This *must* start with file:// for now. This restriction may be relaxed in future
 * versions of the protocol to allow other URI schemes." (`Root.uri` in every `schema/<rev>/schema.json`; client/roots.mdx
 * §Root: "uri: Unique identifier for the root. This MUST be a file:// URI in the current specification.")
 */
export declare const ROOT_URI_PREFIX = "file://";
/** True when a root uri is a `file://` URI. The scheme is compared case-insensitively (RFC 3986 §3.1). */
export declare function isRootUri(uri: string): boolean;
