// One element of a JSON document assembled from tokens within a size and a nesting bound, or only its start when over one.
import { Assembler } from 'stream-json/core/assembler.js';
import type { PackedToken, Token } from './json-tokens.js';

/** Characters a token stands for in compact JSON (a rough wire size: escapes and commas are not counted). */
export function tokenSize(t: Token): number {
  switch (t.name) {
    case 'keyValue':
      return ((t as PackedToken).cut ?? t.value.length) + 3;
    case 'stringValue':
      return ((t as PackedToken).cut ?? t.value.length) + 2;
    case 'numberValue':
      return (t as PackedToken).cut ?? t.value.length;
    case 'nullValue':
    case 'trueValue':
      return 4;
    case 'falseValue':
      return 5;
    default:
      return 1;
  }
}

/**
 * The start of what an assembler has read (compact JSON, the containers still open left out: they are attached to
 * their parent only when they close), at most `chars` long: what an element over a bound keeps.
 */
function headOf(asm: Assembler, chars: number): string {
  const root = asm.stack.length > 0 ? asm.stack[0] : asm.current;
  let text: string;
  try {
    text = JSON.stringify(root) ?? '';
  } catch {
    text = '';
  }
  return text.length > chars ? text.slice(0, chars) : text;
}

/** Why an element was not assembled: larger than the byte bound, or nested deeper than the depth bound. */
type Overflow = 'bytes' | 'depth';

/**
 * Feeds tokens to an Assembler until the element is complete. When it passes `maxChars` or nests deeper than
 * `maxDepth`, the assembled part is turned into a short head (compact JSON of what had been read, the containers
 * still open left out) and dropped; the rest of the element is only counted, so memory stays bounded.
 */
export class CappedElement {
  private kept: Assembler | null;
  private open: number;
  /** Characters of the element so far (compact JSON, roughly). */
  size: number;
  overflow: Overflow | null = null;
  /** Set on overflow: the start of the element, for the raw text of its error frame. */
  head = '';

  /** `from`: an element read on from part of another's assembler (json-walk.ts splits a value). */
  constructor(
    private readonly maxChars: number,
    private readonly maxDepth: number,
    private readonly headChars: number,
    from: { asm: Assembler; depth: number; size: number } | null = null,
  ) {
    this.kept = from?.asm ?? new Assembler();
    this.open = from?.depth ?? 0;
    this.size = from?.size ?? 0;
  }

  /** The assembler while the element is kept (null once it is over a bound). */
  get asm(): Assembler | null {
    return this.kept;
  }

  /** Containers open in the element. */
  get depth(): number {
    return this.open;
  }

  /** Feeds one token; true when the element is complete. */
  consume(t: Token): boolean {
    const name = t.name;
    if (name === 'startObject' || name === 'startArray') this.open++;
    else if (name === 'endObject' || name === 'endArray') this.open--;
    this.size += tokenSize(t);
    const asm = this.kept;
    if (asm !== null) {
      if (this.size > this.maxChars) this.drop('bytes');
      else if (this.open > this.maxDepth) this.drop('depth');
      else {
        asm.consume(t);
        return asm.done;
      }
    }
    return this.open === 0;
  }

  /** The assembled value (valid once `consume` returned true and there was no overflow). */
  get value(): unknown {
    return this.kept?.current;
  }

  /** The element is not assembled from here: its start is kept, the rest only counted. */
  drop(why: Overflow): void {
    this.head = headOf(this.kept!, this.headChars);
    this.kept = null;
    this.overflow = why;
  }
}
