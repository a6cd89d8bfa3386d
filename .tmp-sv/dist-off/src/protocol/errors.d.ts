import type { ErrorCodeInfo, Revision } from './types.js';
/** Every error code this tool can name. */
export declare const ERROR_CODES: readonly ErrorCodeInfo[];
/** The table entry for a code, or undefined when the code is not in the table. */
export declare function errorCodeInfo(code: unknown): ErrorCodeInfo | undefined;
/**
 * A readable name for an error code. Fallbacks: -32099..-32000 is JSON-RPC's "server error" range
 * (implementation-defined, schema.ts 2025-11-25 "[-32000, -32099]"); the rest of -32768..-32000 is reserved by
 * JSON-RPC; a non-integer is not a valid code (messages.mdx: "error codes MUST be integers"); else 'unknown'.
 */
export declare function errorCodeName(code: unknown): string;
/** The error code the spec assigns to a "not found" answer to one method. */
export interface NotFoundError {
    method: string;
    code: number;
    /** Revisions in which the code applies. */
    revisions: readonly Revision[];
    /** Spec page (relative to docs/specification/<revision>/) and section that assigns the code. */
    spec: string;
}
/**
 * Methods whose "not found" error has a code of its own. resources/read of an unknown URI → -32002
 * ("Resource not found", server/resources.mdx §Error Handling, all four revisions). Unknown tools and prompts are
 * plain -32602 (Invalid params), the generic code, so they need no entry. 2026-07-28 (not supported yet) moves
 * resource-not-found to -32602 (SEP-2164, spec-table §12): a new revision gets its own entry then.
 */
export declare const NOT_FOUND_ERRORS: readonly NotFoundError[];
/**
 * Error messages that say "not found", as servers write them ("Resource x not found", "no such file",
 * "unknown resource", "does not exist"). A heuristic: the only way to tell the meaning of an error that has the
 * wrong code.
 */
export declare const NOT_FOUND_MESSAGE: RegExp;
/** The code a "not found" error to `method` must have in the revision (unknown revision: any supported one). */
export declare function notFoundCode(method: string, revision: string | null): NotFoundError | undefined;
