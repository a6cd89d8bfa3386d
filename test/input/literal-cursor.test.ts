// The literal readers' shared scanner: comma lists up to a bracket or spaced items to the end, sticky patterns, hex digits.
import { describe, expect, test } from 'vitest';
import { hexAfter, LiteralCursor, NotLiteral } from '../../src/input/dialects/literals/literal-cursor.js';

/** Words (`\w+`) in a list, the way a reader's `items` callback reads its items. */
class Words extends LiteralCursor {
  list(close: number): string[] {
    const out: string[] = [];
    if (close >= 0) this.i++; // the opening bracket
    this.items(close, () => {
      const w = this.sticky(/\w+/y);
      if (w === null) throw new NotLiteral();
      out.push(w);
    });
    return out;
  }
}

const words = (text: string, close: number) => {
  const r = new Words(text);
  const out = r.list(close);
  return { out, rest: text.slice(r.i) };
};

describe('LiteralCursor', () => {
  test('reads comma lists up to the closing bracket, white space and a trailing comma allowed', () => {
    expect(words('[a, b,c ] tail', 0x5d)).toEqual({ out: ['a', 'b', 'c'], rest: ' tail' });
    expect(words('( a,\n b, )', 0x29)).toEqual({ out: ['a', 'b'], rest: '' });
    expect(words('[]', 0x5d)).toEqual({ out: [], rest: '' });
  });

  test('reads items separated by white space up to the end of the text', () => {
    expect(words('a b  c ', -1)).toEqual({ out: ['a', 'b', 'c'], rest: '' });
  });

  test('a missing comma or bracket is not a literal', () => {
    expect(() => words('[a b]', 0x5d)).toThrow(NotLiteral);
    expect(() => words('[a, b', 0x5d)).toThrow(NotLiteral);
  });

  test('hexAfter reads exactly n hex digits after a position', () => {
    expect(hexAfter('\\x4a!', 1, 2)).toBe(0x4a);
    expect(hexAfter('u00e9', 0, 4)).toBe(0xe9);
    expect(() => hexAfter('\\x4', 1, 2)).toThrow(NotLiteral);
    expect(() => hexAfter('\\xg0', 1, 2)).toThrow(NotLiteral);
  });
});
