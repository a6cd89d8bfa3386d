import type { Rule } from './types.js';
interface Data {
    method: string;
    revision: string;
    /** Revisions that do define the method. */
    in: readonly string[];
}
export declare const methodNotInRevision: Rule<Data>;
export {};
