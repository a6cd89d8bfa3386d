// A bounded element: assembled whole within its bounds; past one, only its start kept and the rest counted to its end;
// read on from part of another element's assembler (how json-walk.ts splits a value).
import { Assembler } from 'stream-json/core/assembler.js';
import { describe, expect, test } from 'vitest';
import { CappedElement } from '../../src/input/json/json-element.js';
import { Tokenizer, type Token } from '../../src/input/json/json-tokens.js';

const tokensOf = (text: string): Token[] => {
  const tok = new Tokenizer({ jsonStreaming: true, maxValueChars: 1000 });
  return [...tok.write(text), ...tok.end()];
};

/** Feeds the tokens; the index of the token that completed the element, or -1. */
function feed(el: CappedElement, tokens: readonly Token[]): number {
  for (let i = 0; i < tokens.length; i++) if (el.consume(tokens[i]!)) return i;
  return -1;
}

describe('CappedElement', () => {
  test('assembles an element within its bounds, complete at its last token', () => {
    const tokens = tokensOf('{"a": [1, {"b": "x"}], "c": null} 7');
    const el = new CappedElement(100, 3, 10);
    expect(feed(el, tokens)).toBe(tokens.length - 2); // before the 7 that follows it
    expect(el.overflow).toBeNull();
    expect(el.value).toEqual({ a: [1, { b: 'x' }], c: null });
    expect(el.depth).toBe(0);
  });

  test('past the size bound keeps only its start, and counts the rest to its end', () => {
    const text = JSON.stringify({ id: 1, list: Array.from({ length: 50 }, (_, i) => `item ${i}`) });
    const tokens = tokensOf(text);
    const el = new CappedElement(60, 10, 20);
    expect(feed(el, tokens)).toBe(tokens.length - 1);
    expect(el.overflow).toBe('bytes');
    expect(el.asm).toBeNull();
    expect(el.head.length).toBeLessThanOrEqual(20);
    expect(el.head.startsWith('{"id":1')).toBe(true);
    expect(el.size).toBeGreaterThan(text.length - 60);
  });

  test('past the depth bound is dropped as too deep', () => {
    const el = new CappedElement(1000, 2, 50);
    const tokens = tokensOf('[[[1]]]');
    expect(feed(el, tokens)).toBe(tokens.length - 1);
    expect(el.overflow).toBe('depth');
  });

  test('reads on from part of another element', () => {
    const whole = new CappedElement(1000, 10, 50);
    const tokens = tokensOf('{"outer": {"inner": [1, 2], "x": true}}');
    // Up to and with `[1, 2]`: the assembler's stack holds the outer object; `outer`'s object is current.
    const upTo = tokens.findIndex((t) => t.name === 'endArray');
    for (const t of tokens.slice(0, upTo + 1)) whole.consume(t);
    const asm = whole.asm!;
    const rest = new Assembler();
    rest.stack = asm.stack.slice(2);
    rest.current = asm.current;
    rest.key = asm.key;
    rest.done = false;
    const el = new CappedElement(1000, 10, 50, { asm: rest, depth: 1, size: 0 });
    const after = tokens.slice(upTo + 1);
    expect(feed(el, after)).toBe(after.findIndex((t) => t.name === 'endObject'));
    expect(el.value).toEqual({ inner: [1, 2], x: true });
  });
});
