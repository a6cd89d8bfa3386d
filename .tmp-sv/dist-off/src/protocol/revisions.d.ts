import type { Revision } from './types.js';
/**
 * Supported revisions, oldest first. Revision strings are dates (`YYYY-MM-DD`), so string order is release order
 * (spec-table §3: "Known strings: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25").
 */
export declare const REVISIONS: readonly Revision[];
/** The newest supported revision (`LATEST_PROTOCOL_VERSION` in `schema/2025-11-25/schema.ts`). */
export declare const LATEST_REVISION: Revision;
/**
 * Published but not yet supported: 2026-07-28 is stateless MCP — no `initialize`, version and client capabilities
 * per request in `_meta` (spec-table §12). A log with no `initialize` may be such a session.
 */
export declare const FUTURE_REVISIONS: readonly string[];
/**
 * Pre-release strings real peers still send: the TypeScript SDK lists `2024-10-07` in
 * `SUPPORTED_PROTOCOL_VERSIONS` although no specification was published under it (spec-table §3, §12).
 */
export declare const PRERELEASE_REVISIONS: readonly string[];
/**
 * Revisions with JSON-RPC batches: only 2025-03-26 (`basic/index.mdx` §Batching; added 25-03, removed 25-06 by
 * PR #416; spec-table §4 "Batching").
 */
export declare const BATCH_REVISIONS: readonly Revision[];
/**
 * Streamable HTTP: with no `MCP-Protocol-Version` header and no other way to tell, a server SHOULD assume this
 * revision (`basic/transports.mdx` §Protocol Version Header, 2025-06-18 and later; spec-table §3).
 */
export declare const DEFAULT_HTTP_REVISION: Revision;
/** How this tool treats a protocol version string. */
export type RevisionStatus = 'supported' | 'prerelease' | 'future' | 'unknown';
/** True when `s` is one of the four supported revision strings (exact match). */
export declare function isKnownRevision(s: unknown): s is Revision;
/** Classifies a version string: supported, known pre-release, known but newer than supported, or unknown. */
export declare function revisionStatus(s: unknown): RevisionStatus;
/**
 * Orders two revision strings: negative when `a` is older, 0 when equal, positive when newer. Revisions are
 * `YYYY-MM-DD` dates, so plain string comparison is chronological; other strings get a stable (meaningless) order.
 */
export declare function compareRevisions(a: string, b: string): number;
/** True when `rev` is `min` or a later revision. */
export declare function revisionAtLeast(rev: string, min: string): boolean;
/** True when the revision allows JSON-RPC batches (only 2025-03-26). */
export declare function allowsBatches(rev: string | null): boolean;
