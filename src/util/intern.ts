// One shared copy of each of a few distinct strings (methods, file names) kept many times over.
import { flatCopy } from './string.js';

/**
 * Hands out one copy per distinct string, for values that recur across many kept objects (a method name parsed anew
 * from every message, the file part of every `file:line`). Bounded: past `max` distinct strings, new ones are
 * returned as a flat copy of their own, unshared.
 */
export class Interner {
  private readonly seen = new Map<string, string>();

  constructor(private readonly max = 1_000) {}

  intern(s: string): string {
    const known = this.seen.get(s);
    if (known !== undefined) return known;
    const copy = flatCopy(s);
    if (this.seen.size < this.max) this.seen.set(copy, copy);
    return copy;
  }
}
