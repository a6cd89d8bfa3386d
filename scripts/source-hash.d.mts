// Types of source-hash.mjs, for the tests that import it.
export declare const STAMP: string;
export declare function sourceHash(root: string): string;
export declare function builtHash(root: string): string | null;
