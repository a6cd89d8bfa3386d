// A keyed table with a cap on distinct keys: keys past the cap share one `(other)` entry, so memory stays bounded.
import { OTHER_KEY } from './types.js';
/**
 * Map from key to accumulator. The first `cap` distinct keys get their own entry; every later new key is
 * folded into `(other)` (which does not count towards the cap). Input with endless distinct method or tool
 * names therefore costs at most cap + 1 entries.
 */
export class CappedMap {
    cap;
    create;
    map = new Map();
    other;
    constructor(cap, create) {
        this.cap = cap;
        this.create = create;
    }
    /** The entry for `key` (created on first use), or the `(other)` entry once the cap is reached. */
    get(key) {
        const found = this.map.get(key);
        if (found !== undefined)
            return found;
        if (key !== OTHER_KEY && this.map.size < this.cap) {
            const v = this.create();
            this.map.set(key, v);
            return v;
        }
        this.other ??= this.create();
        return this.other;
    }
    /** Whether `key` has its own entry (false for keys folded into `(other)`). */
    has(key) {
        return this.map.has(key);
    }
    get size() {
        return this.map.size + (this.other === undefined ? 0 : 1);
    }
    /** Entries sorted by key (code-unit order, deterministic for diffs), with `(other)` last. */
    sortedEntries(compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0)) {
        const out = [...this.map.entries()].sort((a, b) => compare(a[0], b[0]));
        if (this.other !== undefined)
            out.push([OTHER_KEY, this.other]);
        return out;
    }
}
//# sourceMappingURL=capped-map.js.map