// CappedMap folds keys past its cap into `(other)`.
import { describe, expect, it } from 'vitest';
import { CappedMap } from '../../src/stats/capped-map.js';

describe('CappedMap', () => {
  it('gives the first cap keys their own entry and folds the rest into (other)', () => {
    const m = new CappedMap(2, () => ({ n: 0 }));
    for (const k of ['b', 'a', 'c', 'd', 'a', 'c']) m.get(k).n++;
    expect(m.size).toBe(3);
    expect(m.has('c')).toBe(false);
    expect(m.sortedEntries().map(([k, v]) => [k, v.n])).toEqual([
      ['a', 2],
      ['b', 1],
      ['(other)', 3],
    ]);
  });

  it('keeps insertion order with a neutral comparator', () => {
    const m = new CappedMap(5, () => 0);
    for (const k of ['z', 'a', 'm']) m.get(k);
    expect(m.sortedEntries(() => 0).map(([k]) => k)).toEqual(['z', 'a', 'm']);
  });
});
