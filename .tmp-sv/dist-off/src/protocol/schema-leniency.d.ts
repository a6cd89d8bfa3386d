import type { Revision } from './types.js';
/**
 * An issue the schema check drops. `path` is a prefix of the path (`params…` or `result…`): segments split
 * on `.`, `*` matches one segment (a key or an index), `**` any number of segments, `["a.b"]` a key holding dots.
 */
export interface SchemaLeniency {
    path: string;
    /** Only for messages of these methods (absent: every method). */
    methods?: readonly string[];
    /**
     * The key was added in this revision. In an older session it is an unknown key, and unknown keys are allowed with
     * any value ("capabilities are open", `_meta` anywhere): its contents are not checked there.
     */
    introduced?: Revision;
    /** Only issues of this zod code (e.g. `invalid_format`); absent: every issue under `path`. */
    code?: string;
    /** Only issues on a value that is present (a missing value is still reported). */
    present?: true;
    /** The reason, with its spec source. */
    why: string;
}
export declare const SCHEMA_LENIENCY: readonly SchemaLeniency[];
