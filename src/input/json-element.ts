// One element of a JSON document assembled from tokens: its size as it grows, and its start when it is not kept whole.
import type { Assembler } from 'stream-json/core/assembler.js';
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
export function headOf(asm: Assembler, chars: number): string {
  const root = asm.stack.length > 0 ? asm.stack[0] : asm.current;
  let text: string;
  try {
    text = JSON.stringify(root) ?? '';
  } catch {
    text = '';
  }
  return text.length > chars ? text.slice(0, chars) : text;
}
