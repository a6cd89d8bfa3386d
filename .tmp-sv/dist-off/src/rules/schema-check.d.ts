import type { PartSchema, SchemaIssue } from '../protocol/schemas.js';
type Path = readonly PropertyKey[];
/** A leaf issue at an absolute path (`params…`/`result…`), unions already resolved to their closest member. */
export interface FlatIssue {
    path: Path;
    issue: SchemaIssue;
}
/** What the check needs to know about the message: its method and its session's revision (null: unknown). */
export interface CheckScope {
    method: string;
    revision: string | null;
}
/** Splits `a.*.b["x.y"]` into segments. */
export declare function parsePattern(path: string): string[];
/** Whether `segments` (with `*` and `**`) match a prefix of `path`. */
export declare function matchesPrefix(segments: readonly string[], path: Path, i?: number, j?: number): boolean;
/** Validates `value`; returns the leaf issues that are spec violations for this scope, in order. */
export declare function checkValue(schema: PartSchema, value: unknown, root: 'params' | 'result', scope: CheckScope): FlatIssue[];
/** `result.tools[2].inputSchema.type`, `params._meta["io.modelcontextprotocol/related-task"]`. */
export declare function formatPath(path: Path): string;
/** The expectation an issue states, with what was received (or `missing`). */
export declare function describeIssue(issue: SchemaIssue): string;
/** `params.name: expected string, received number`. */
export declare function formatIssue(f: FlatIssue): string;
export {};
