// A keyed table with a cap on distinct keys: keys past the cap share one `(other)` entry, so memory stays bounded.
import { OTHER_KEY } from './types.js';

/**
 * Map from key to accumulator. The first `cap` distinct keys get their own entry; every later new key is
 * folded into `(other)` (which does not count towards the cap). Input with endless distinct method or tool
 * names therefore costs at most cap + 1 entries.
 */
export class CappedMap<V> {
  private readonly map = new Map<string, V>();
  private other: V | undefined;

  constructor(
    private readonly cap: number,
    private readonly create: () => V,
  ) {}

  /** The entry for `key` (created on first use), or the `(other)` entry once the cap is reached. */
  get(key: string): V {
    const found = this.map.get(key);
    if (found !== undefined) return found;
    if (key !== OTHER_KEY && this.map.size < this.cap) {
      const v = this.create();
      this.map.set(key, v);
      return v;
    }
    this.other ??= this.create();
    return this.other;
  }

  /** The entries in the order their keys first came, then `(other)` (key `(other)`) when it exists. */
  entriesInOrder(): Array<[string, V]> {
    const out = [...this.map.entries()];
    if (this.other !== undefined) out.push([OTHER_KEY, this.other]);
    return out;
  }

  /**
   * Folds in another table's entries (from `entriesInOrder`), as if its keys had come after this table's: a key
   * already here is merged into its entry, a new key gets its own entry while the cap allows, and everything else
   * goes to `(other)`. `merge(into, from)` adds one entry's counts to another (`into` may be fresh).
   */
  mergeFrom<W>(entries: Iterable<[string, W]>, merge: (into: V, from: W) => void): void {
    for (const [key, from] of entries) merge(this.get(key), from);
  }

  /** Whether `key` has its own entry (false for keys folded into `(other)`). */
  has(key: string): boolean {
    return this.map.has(key);
  }

  /** Every own entry is taken: a new key now goes to `(other)`. */
  get full(): boolean {
    return this.map.size >= this.cap;
  }

  get size(): number {
    return this.map.size + (this.other === undefined ? 0 : 1);
  }

  /** Entries sorted by key (code-unit order, deterministic for diffs), with `(other)` last. */
  sortedEntries(
    compare: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  ): Array<[string, V]> {
    const out = [...this.map.entries()].sort((a, b) => compare(a[0], b[0]));
    if (this.other !== undefined) out.push([OTHER_KEY, this.other]);
    return out;
  }
}
