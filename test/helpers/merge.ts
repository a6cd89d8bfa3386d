// The property every collector's `exportState`/`mergeFrom` must have (`--jobs`): the parts of a run collected apart and
// merged in order give what one collector fed the whole run gives.
import { expect } from 'vitest';
import type { PipelineRecord } from '../../src/types.js';
import { splits } from './corpus.js';

export interface MergeCase<C, S> {
  make(): C;
  feed(c: C, r: PipelineRecord): void;
  state(c: C): S;
  merge(into: C, state: S): void;
  /** What the collector gives (its statistics, its report part). */
  out(c: C): unknown;
}

/**
 * For each split of `inputs` (`splits`): the first part fed to one collector, every later part to a collector of its
 * own whose state is cloned as a worker's message is (structured clone) and merged in order. The merged collector's
 * output and state must equal the whole run's. Returns how many splits were checked.
 */
export function expectMergedAsWhole<C, S>(c: MergeCase<C, S>, inputs: readonly PipelineRecord[][]): number {
  const whole = c.make();
  for (const r of inputs.flat()) c.feed(whole, r);
  const wholeOut = c.out(whole);
  const wholeState = c.state(whole);
  let n = 0;
  for (const { name, parts } of splits(inputs)) {
    const into = c.make();
    for (const r of parts[0]!) c.feed(into, r);
    for (const part of parts.slice(1)) {
      const other = c.make();
      for (const r of part) c.feed(other, r);
      c.merge(into, structuredClone(c.state(other)));
    }
    expect(c.out(into), name).toEqual(wholeOut);
    expect(c.state(into), name).toEqual(wholeState);
    n++;
  }
  return n;
}
