import type { Revision } from './types.js';
/** One issue of a failed parse, as zod 4 reports it (structural: the product does not import zod itself). */
export interface SchemaIssue {
    readonly code: string;
    readonly path: readonly PropertyKey[];
    readonly message: string;
    /** The value at `path` (with `reportInput`; undefined when the value is missing). */
    readonly input?: unknown;
    readonly expected?: string;
    readonly values?: readonly unknown[];
    /** `invalid_union`: the issues of every member, paths relative to this issue's path. */
    readonly errors?: readonly (readonly SchemaIssue[])[];
    readonly format?: string;
    readonly prefix?: string;
    readonly origin?: string;
    readonly maximum?: number | bigint;
    readonly minimum?: number | bigint;
    readonly inclusive?: boolean;
    readonly note?: string;
    readonly discriminator?: string;
    readonly options?: readonly unknown[];
}
/** The part of a zod schema this tool uses. */
export interface PartSchema {
    safeParse(value: unknown, params?: {
        reportInput?: boolean;
    }): {
        success: boolean;
        error?: {
            issues: readonly SchemaIssue[];
        };
    };
}
export interface SchemaTables {
    /** Params schema of each method in the latest revision. */
    params: ReadonlyMap<string, PartSchema>;
    /** Result schema of each request method. */
    results: ReadonlyMap<string, PartSchema>;
    createTaskResult: PartSchema;
    older: readonly {
        method: string;
        before: Revision;
        schema: PartSchema;
    }[];
}
/** The tables, built on first use from the SDK (its CommonJS build, so that loading stays synchronous). */
export declare function schemaTables(): SchemaTables;
/**
 * The params schema of `method` for a session of `revision` (null: not known, checked as the latest), or undefined
 * when the method has none in this table (an unknown or experimental method).
 */
export declare function paramsSchema(method: string, revision: string | null): PartSchema | undefined;
/** The result schema of a request method, or undefined for a method not in the table. */
export declare function resultSchema(method: string): PartSchema | undefined;
/** `CreateTaskResult`, the answer to a task-augmented request the receiver accepted as a task. */
export declare function createTaskResultSchema(): PartSchema;
