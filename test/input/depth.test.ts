import { describe, expect, test } from 'vitest';
import { MAX_NESTING, nestedDeeper } from '../../src/input/shared/depth.js';

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('nestedDeeper', () => {
  test('nesting at the limit passes, one level more does not', () => {
    expect(nestedDeeper(deep(MAX_NESTING))).toBe(false);
    expect(nestedDeeper(deep(MAX_NESTING + 1))).toBe(true);
    expect(nestedDeeper(`{"a":${'{"b":'.repeat(MAX_NESTING)}1${'}'.repeat(MAX_NESTING)}}`)).toBe(true);
  });

  test('many brackets side by side are not deep', () => {
    const flat = `[${Array.from({ length: 5000 }, () => '{"a":[1]}').join(',')}]`;
    expect(nestedDeeper(flat)).toBe(false);
  });

  test('brackets inside strings (escaped quotes included) do not count', () => {
    const inString = JSON.stringify({ text: '\\"' + '['.repeat(5000) + '"\\' });
    expect(nestedDeeper(inString)).toBe(false);
    expect(nestedDeeper(`[${inString},${deep(MAX_NESTING)}]`)).toBe(true);
  });

  test('a long text with few brackets is not deep', () => {
    expect(nestedDeeper(JSON.stringify({ text: 'x'.repeat(100_000) }))).toBe(false);
  });
});
