import type { Direction, Kind, Side } from '../types.js';
import type { MethodInfo, Revision } from './types.js';
/** A capability requirement resolved for one message: the concrete side that must have declared `path`. */
export interface ResolvedCapability {
    side: Side;
    path: string;
    /** `should` when the spec only says SHOULD for it; absent = MUST. */
    level?: 'should';
}
/** The table entry for a method, or undefined when the method is not in any supported revision. */
export declare function methodInfo(method: string): MethodInfo | undefined;
/** The methods a revision defines (empty for an unknown revision string). */
export declare function methodsOf(revision: string): readonly MethodInfo[];
/**
 * Whether the method exists in the revision. With no revision, or one this tool does not know (pre-release,
 * future, garbage), the answer is whether it exists in any supported revision.
 */
export declare function methodInRevision(method: string, revision: string | null): boolean;
/**
 * The one capability a message depends on, for the record's `capability` field: the first conditional requirement
 * whose param condition and `since` hold, else the base requirement when its `since` holds, else null. Also null
 * for unknown methods, and for 'receiver'/'sender' requirements when the direction is unknown.
 */
export declare function requiredCapability(method: string, params: unknown, revision: string | null, senderDir: Direction): ResolvedCapability | null;
/**
 * Every capability a message depends on (for rules that check them all): each matching conditional requirement in
 * table order, then the base requirement; duplicates removed. E.g. a task-augmented `tools/call` in 2025-11-25
 * needs server `tasks.requests.tools.call` and server `tools`.
 */
export declare function requiredCapabilities(method: string, params: unknown, revision: string | null, senderDir: Direction): ResolvedCapability[];
/**
 * True for a method outside the table that looks like an extension: `experimental/…`, or a reverse-DNS-style
 * prefix (a dot before the first slash, e.g. `com.example/foo`, `io.modelcontextprotocol/x`; cf. the `_meta` key
 * prefix rules in basic/index.mdx 2025-11-25 §General fields).
 */
export declare function isExperimentalMethod(method: string): boolean;
/**
 * The direction a message must travel, from the table: a request or notification goes the method's way; a
 * response or error goes back. Null when the method goes both ways, is unknown, or the kind does not fit it.
 */
export declare function inferDirection(method: string, kind: Kind): 'c2s' | 's2c' | null;
/** The public page for a table `spec` path, e.g. `server/resources.mdx` → …/specification/2025-11-25/server/resources. */
export declare function specUrl(spec: string, revision?: Revision): string;
