/**
 * Map from key to accumulator. The first `cap` distinct keys get their own entry; every later new key is
 * folded into `(other)` (which does not count towards the cap). Input with endless distinct method or tool
 * names therefore costs at most cap + 1 entries.
 */
export declare class CappedMap<V> {
    private readonly cap;
    private readonly create;
    private readonly map;
    private other;
    constructor(cap: number, create: () => V);
    /** The entry for `key` (created on first use), or the `(other)` entry once the cap is reached. */
    get(key: string): V;
    /** Whether `key` has its own entry (false for keys folded into `(other)`). */
    has(key: string): boolean;
    get size(): number;
    /** Entries sorted by key (code-unit order, deterministic for diffs), with `(other)` last. */
    sortedEntries(compare?: (a: string, b: string) => number): Array<[string, V]>;
}
