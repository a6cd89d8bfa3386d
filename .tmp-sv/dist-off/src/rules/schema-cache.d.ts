/** Bounds (principle 5: memory does not grow with input): entries, and characters of text held. */
export declare const CACHE_MAX_ENTRIES = 2048;
export declare const CACHE_MAX_CHARS = 8000000;
/** How `keyText` cut the id out: none, the last member, the first member, the member after `"jsonrpc":"2.0"`. */
export declare const CUT: {
    readonly none: 0;
    readonly last: 1;
    readonly first: 2;
    readonly afterJsonrpc: 3;
};
export type Cut = (typeof CUT)[keyof typeof CUT];
/** What a verdict is keyed on: the message text with a top-level id cut out (a slice: no copy), and how it was cut. */
export declare function keyText(text: string, id: string | number | null): {
    cut: Cut;
    body: string;
};
/** A 32-bit hash of the length and at most 32 characters spread over the text (the first and last included). */
export declare function sampleHash(text: string): number;
/** Where a verdict applies: the message's method, its session's revision, and small flags (kind, cut, task). */
export interface VerdictScope {
    method: string;
    revision: string | null;
    /** A small integer (< 64) packing the record kind, the id cut of `keyText` and the task flag. */
    flags: number;
}
/**
 * Verdicts by scope and text. Lookups walk maps keyed by strings the record already holds (method, revision: their
 * hashes are computed once per string) and then by a sampled hash of the text, so a lookup costs the same for any
 * text size and builds no string; a hit is confirmed by comparing the whole text, and a colliding text replaces the
 * entry (a miss, never a wrong hit). Eviction is first in, first out: cheap, and enough for repeated payloads.
 */
export declare class VerdictCache<V> {
    private readonly maxEntries;
    private readonly maxChars;
    private readonly byMethod;
    /** Entries in insertion order (a ring: `head` is the oldest). */
    private readonly order;
    private head;
    private count;
    private chars;
    constructor(maxEntries?: number, maxChars?: number);
    get size(): number;
    get(scope: VerdictScope, text: string): V | undefined;
    set(scope: VerdictScope, text: string, value: V): void;
    /** Removes an entry from its map; `counted`: it is still counted in the ring (replaced, not evicted). */
    private drop;
}
