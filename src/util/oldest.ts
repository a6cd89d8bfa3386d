// Removes a Map's oldest entry in amortised O(1), for the bounded tables that forget their oldest entry first.
//
// `map.keys().next()` restarts at the front of V8's hash table and walks over every deleted slot still there, so a
// table that evicts its oldest entry on every insert costs O(deletions since the last rehash) per eviction:
// quadratic on a log with a million unanswered requests. One iterator kept across calls walks each slot once.

/**
 * The eviction cursor of one Map. It relies on what every user of it does: new keys are appended (a refreshed key is
 * deleted and set again), so every entry before the cursor has been removed and the next live entry is the oldest.
 */
export class OldestFirst<K, V> {
  /** Made on the first eviction: most bounded maps never fill up. */
  private it: Iterator<[K, V]> | null = null;

  constructor(private readonly map: Map<K, V>) {}

  /** Deletes the oldest entry and returns it; undefined when the map is empty. */
  evict(): [K, V] | undefined {
    if (this.map.size === 0) return undefined;
    this.it ??= this.map.entries();
    let r = this.it.next();
    if (r.done) {
      // A finished iterator stays finished, even when keys are added later: start a new one.
      this.it = this.map.entries();
      r = this.it.next();
      if (r.done) return undefined;
    }
    this.map.delete(r.value[0]);
    return r.value;
  }
}

const cursors = new WeakMap<Map<unknown, unknown>, OldestFirst<unknown, unknown>>();

/** Deletes `map`'s oldest entry (see OldestFirst) with a cursor kept for that map; undefined when it is empty. */
export function evictOldest<K, V>(map: Map<K, V>): [K, V] | undefined {
  let c = cursors.get(map as Map<unknown, unknown>);
  if (c === undefined) cursors.set(map as Map<unknown, unknown>, (c = new OldestFirst(map as Map<unknown, unknown>)));
  return c.evict() as [K, V] | undefined;
}
