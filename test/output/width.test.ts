// Strings whose characters each take one column and join no cluster are measured by their length (no grapheme
// segmentation): the result must be what segmentation gives, for every character of those ranges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, truncate } from '../../src/output/width.js';

/** The ranges of the fast path (see width.ts), every code point of them. */
const RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0x2ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2190, 0x21ff],
  [0x2500, 0x257f],
];
const CHARS = RANGES.flatMap(([lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, i) => String.fromCodePoint(lo + i)));

/** The width by grapheme segmentation: a wide character in front keeps the string off the fast path. */
const segmented = (s: string) => displayWidth(`中${s}`) - 2;

describe('displayWidth', () => {
  it('measures every character of the one-column ranges as segmentation does: one column', () => {
    for (const ch of CHARS) expect(segmented(ch), `U+${ch.codePointAt(0)!.toString(16)}`).toBe(1);
  });

  it('gives the length of strings of those characters, as segmentation does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { maxLength: 40 }), (chars) => {
        const s = chars.join('');
        expect(displayWidth(s)).toBe(s.length);
        expect(displayWidth(s)).toBe(segmented(s));
      }),
    );
  });

  it('still measures what is outside them by segmentation: soft hyphen, combining marks, wide and emoji', () => {
    expect(displayWidth('a\u00adb')).toBe(2);
    expect(displayWidth('e\u0301 → x')).toBe(5);
    expect(displayWidth('中文 → ok')).toBe(9);
    expect(displayWidth('👍 ✓')).toBe(4);
    expect(truncate('→ tools/call · echo', 8)).toBe('→ tools…');
  });
});
