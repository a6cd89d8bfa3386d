// Protocol revision strings this tool knows, their order, and which revision-level features (batches) they have.
import { MODERN_REVISIONS } from './modern.js';
import type { Revision } from './types.js';

/**
 * Supported revisions, oldest first: the handshake revisions published at https://modelcontextprotocol.io/specification/<rev>/.
 * Revision strings are dates (`YYYY-MM-DD`, https://modelcontextprotocol.io/docs/2025-11-25/learn/versioning), so
 * string order is release order.
 */
export const REVISIONS: readonly Revision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

/** The newest supported revision (`LATEST_PROTOCOL_VERSION` in `schema/2025-11-25/schema.ts`). */
export const LATEST_REVISION: Revision = '2025-11-25';

/**
 * Published but not yet supported: none today. 2026-07-28 ("modern": no `initialize`, version and client capabilities
 * per request in `_meta`) is supported as its own era (modern.ts), not as one more handshake revision.
 */
export const FUTURE_REVISIONS: readonly string[] = [];

/**
 * Pre-release strings real peers still send: the TypeScript SDK lists `2024-10-07` in
 * `SUPPORTED_PROTOCOL_VERSIONS` (https://github.com/modelcontextprotocol/typescript-sdk/blob/v1.29.0/src/types.ts)
 * although no specification was published under it.
 */
export const PRERELEASE_REVISIONS: readonly string[] = ['2024-10-07'];

/**
 * Revisions with JSON-RPC batches: only 2025-03-26 (https://modelcontextprotocol.io/specification/2025-03-26/basic §Batching),
 * removed in 2025-06-18 by PR #416 (https://modelcontextprotocol.io/specification/2025-06-18/changelog §Major changes).
 */
export const BATCH_REVISIONS: readonly Revision[] = ['2025-03-26'];

/**
 * Streamable HTTP: with no `MCP-Protocol-Version` header and no other way to tell, a server SHOULD assume this
 * revision (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports §Protocol Version Header, and later
 * revisions).
 */
export const DEFAULT_HTTP_REVISION: Revision = '2025-03-26';

/**
 * How this tool treats a protocol version string: a supported legacy (handshake) revision, a supported modern one
 * (2026-07-28: negotiated per request), a known pre-release, a published one not yet supported, or unknown.
 */
export type RevisionStatus = 'supported' | 'modern' | 'prerelease' | 'future' | 'unknown';

const SUPPORTED = new Set<string>(REVISIONS);
const PRERELEASE = new Set<string>(PRERELEASE_REVISIONS);
const FUTURE = new Set<string>(FUTURE_REVISIONS);
const MODERN = new Set<string>(MODERN_REVISIONS);
const BATCHES = new Set<string>(BATCH_REVISIONS);

/** True when `s` is one of the four supported revision strings (exact match). */
export function isKnownRevision(s: unknown): s is Revision {
  return typeof s === 'string' && SUPPORTED.has(s);
}

/** Classifies a version string: supported, known pre-release, known but newer than supported, or unknown. */
export function revisionStatus(s: unknown): RevisionStatus {
  if (typeof s !== 'string') return 'unknown';
  if (SUPPORTED.has(s)) return 'supported';
  if (MODERN.has(s)) return 'modern';
  if (PRERELEASE.has(s)) return 'prerelease';
  if (FUTURE.has(s)) return 'future';
  return 'unknown';
}

/**
 * Orders two revision strings: negative when `a` is older, 0 when equal, positive when newer. Revisions are
 * `YYYY-MM-DD` dates, so plain string comparison is chronological; other strings get a stable (meaningless) order.
 */
export function compareRevisions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when `rev` is `min` or a later revision. */
export function revisionAtLeast(rev: string, min: string): boolean {
  return compareRevisions(rev, min) >= 0;
}

/** True when the revision allows JSON-RPC batches (only 2025-03-26). */
export function allowsBatches(rev: string | null): boolean {
  return rev !== null && BATCHES.has(rev);
}
