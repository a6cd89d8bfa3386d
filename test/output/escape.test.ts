// escapeTerminal never lets a control character through; truncate/displayWidth count terminal columns.
import { describe, expect, it } from 'vitest';
import { displayWidth, escapeTerminal, truncate } from '../../src/output/escape.js';
import { fit, padStart } from '../../src/output/width.js';

/** Every code point a terminal may act on instead of printing. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('escapeTerminal', () => {
  it('shows ESC sequences escaped: clear screen and OSC window title', () => {
    expect(escapeTerminal('a\x1b[2Jb')).toBe('a\\x1b[2Jb');
    expect(escapeTerminal('\x1b]0;title\x07')).toBe('\\x1b]0;title\\x07');
  });

  it('uses short names for newline, carriage return and tab', () => {
    expect(escapeTerminal('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
  });

  it('escapes NUL, DEL, 8-bit CSI/OSC (C1) and bidi overrides', () => {
    expect(escapeTerminal('\x00\x7f')).toBe('\\x00\\x7f');
    expect(escapeTerminal('\u009b2J\u009d0;t')).toBe('\\u009b2J\\u009d0;t');
    expect(escapeTerminal('abc\u202eevil\u2066\u2028')).toBe('abc\\u202eevil\\u2066\\u2028');
  });

  it('leaves printable text, including non-ASCII, unchanged (same string)', () => {
    const s = 'héllo 世界 → {"a":"b\\n"} 👍';
    expect(escapeTerminal(s)).toBe(s);
  });

  it('lets no control character through for any code point below U+0100 or in the bidi range', () => {
    let all = '';
    for (let c = 0; c < 0x100; c++) all += String.fromCharCode(c);
    all += '\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    const out = escapeTerminal(all);
    expect(CONTROL.test(out)).toBe(false);
    expect(out).toContain('\\x1b');
    expect(out).toContain('\\u0085');
  });
});

describe('displayWidth and truncate', () => {
  it('counts wide, combining and emoji characters by terminal columns', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('世界')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('👍')).toBe(2);
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('→✓')).toBe(2);
  });

  it('cuts to the width with an ellipsis, by columns not code units', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abcd', 4)).toBe('abcd');
    expect(truncate('世界世界', 5)).toBe('世界…');
    expect(displayWidth(truncate('世界世界', 6))).toBeLessThanOrEqual(6);
    expect(truncate('👨‍👩‍👧👨‍👩‍👧', 3)).toBe('👨‍👩‍👧…');
    expect(truncate('abc', 0)).toBe('');
    expect(truncate('abc', 1)).toBe('…');
  });

  it('fit pads and cuts to exactly the width; padStart aligns right', () => {
    expect(fit('ab', 4)).toBe('ab  ');
    expect(fit('世界世界', 5)).toBe('世界…');
    expect(displayWidth(fit('世界世界', 6))).toBe(6);
    expect(padStart('7', 3)).toBe('  7');
  });
});
