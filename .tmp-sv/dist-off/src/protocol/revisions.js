/**
 * Supported revisions, oldest first. Revision strings are dates (`YYYY-MM-DD`), so string order is release order
 * (spec-table §3: "Known strings: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25").
 */
export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
/** The newest supported revision (`LATEST_PROTOCOL_VERSION` in `schema/2025-11-25/schema.ts`). */
export const LATEST_REVISION = '2025-11-25';
/**
 * Published but not yet supported: 2026-07-28 is stateless MCP — no `initialize`, version and client capabilities
 * per request in `_meta` (spec-table §12). A log with no `initialize` may be such a session.
 */
export const FUTURE_REVISIONS = ['2026-07-28'];
/**
 * Pre-release strings real peers still send: the TypeScript SDK lists `2024-10-07` in
 * `SUPPORTED_PROTOCOL_VERSIONS` although no specification was published under it (spec-table §3, §12).
 */
export const PRERELEASE_REVISIONS = ['2024-10-07'];
/**
 * Revisions with JSON-RPC batches: only 2025-03-26 (`basic/index.mdx` §Batching; added 25-03, removed 25-06 by
 * PR #416; spec-table §4 "Batching").
 */
export const BATCH_REVISIONS = ['2025-03-26'];
/**
 * Streamable HTTP: with no `MCP-Protocol-Version` header and no other way to tell, a server SHOULD assume this
 * revision (`basic/transports.mdx` §Protocol Version Header, 2025-06-18 and later; spec-table §3).
 */
export const DEFAULT_HTTP_REVISION = '2025-03-26';
const SUPPORTED = new Set(REVISIONS);
const PRERELEASE = new Set(PRERELEASE_REVISIONS);
const FUTURE = new Set(FUTURE_REVISIONS);
const BATCHES = new Set(BATCH_REVISIONS);
/** True when `s` is one of the four supported revision strings (exact match). */
export function isKnownRevision(s) {
    return typeof s === 'string' && SUPPORTED.has(s);
}
/** Classifies a version string: supported, known pre-release, known but newer than supported, or unknown. */
export function revisionStatus(s) {
    if (typeof s !== 'string')
        return 'unknown';
    if (SUPPORTED.has(s))
        return 'supported';
    if (PRERELEASE.has(s))
        return 'prerelease';
    if (FUTURE.has(s))
        return 'future';
    return 'unknown';
}
/**
 * Orders two revision strings: negative when `a` is older, 0 when equal, positive when newer. Revisions are
 * `YYYY-MM-DD` dates, so plain string comparison is chronological; other strings get a stable (meaningless) order.
 */
export function compareRevisions(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/** True when `rev` is `min` or a later revision. */
export function revisionAtLeast(rev, min) {
    return compareRevisions(rev, min) >= 0;
}
/** True when the revision allows JSON-RPC batches (only 2025-03-26). */
export function allowsBatches(rev) {
    return rev !== null && BATCHES.has(rev);
}
//# sourceMappingURL=revisions.js.map