// One element of a JSON document assembled from tokens, within a size and a nesting bound (HAR entries, capture records).
import { Assembler } from 'stream-json/core/assembler.js';
import { headOf, tokenSize } from './json-element.js';
import type { Token } from './json-tokens.js';

/** Why an element was not assembled: larger than the byte bound, or nested deeper than the depth bound. */
type Overflow = 'bytes' | 'depth';

/**
 * Feeds tokens to an Assembler until the element is complete. When it passes `maxChars` or nests deeper than
 * `maxDepth`, the assembled part is turned into a short head (compact JSON of what had been read, the containers
 * still open left out) and dropped; the rest of the element is only counted, so memory stays bounded.
 */
export class CappedElement {
  private asm: Assembler | null = new Assembler();
  private depth = 0;
  /** Characters of the element so far (compact JSON, roughly). */
  size = 0;
  overflow: Overflow | null = null;
  /** Set on overflow: the start of the element, for the raw text of its error frame. */
  head = '';

  constructor(private readonly maxChars: number, private readonly maxDepth: number, private readonly headChars: number) {}

  /** Feeds one token; true when the element is complete. */
  consume(t: Token): boolean {
    const name = t.name;
    if (name === 'startObject' || name === 'startArray') this.depth++;
    else if (name === 'endObject' || name === 'endArray') this.depth--;
    this.size += tokenSize(t);
    if (this.asm !== null) {
      if (this.size > this.maxChars) this.drop('bytes');
      else if (this.depth > this.maxDepth) this.drop('depth');
      else {
        this.asm.consume(t);
        return this.asm.done;
      }
    }
    return this.depth === 0;
  }

  /** The assembled value (valid once `consume` returned true and there was no overflow). */
  get value(): unknown {
    return this.asm?.current;
  }

  private drop(why: Overflow): void {
    const asm = this.asm!;
    this.asm = null;
    this.overflow = why;
    this.head = headOf(asm, this.headChars);
  }
}
