// `--body pretty` line by line: wide characters wrapped by their columns, the width kept however deep, text escaped,
// a huge body cut.
import { describe, expect, it } from 'vitest';
import { createPalette } from '../../src/output/color.js';
import { PRETTY_MAX_LINES, PRETTY_STRING_LINES, prettyLines, prettyTextLines } from '../../src/output/pretty-body.js';
import { displayWidth } from '../../src/output/width.js';

const plain = createPalette(false);

describe('prettyLines', () => {
  it('wraps wide characters (CJK, emoji) by the columns they take', () => {
    const msg = {
      result: { content: [{ type: 'text', text: '日本語のテキストです。✅ 絵文字も 🎉 二列ずつ数えます。\n二行目' }] },
    };
    const { lines } = prettyLines(msg, plain, 40);
    expect(lines).toEqual([
      '{',
      '  "result": {',
      '    "content": [',
      '      {',
      '        "type": "text",',
      '        "text": (2 lines)',
      '          │ 日本語のテキストです。✅',
      '          │ 絵文字も 🎉 二列ずつ数えます',
      '          │ 。',
      '          │ 二行目',
      '      }',
      '    ]',
      '  }',
      '}',
    ]);
    for (const x of lines) expect(displayWidth(x)).toBeLessThanOrEqual(40);
  });

  it('a long string of wide characters wraps under its key within the width', () => {
    const { lines } = prettyLines({ description: '漢字'.repeat(30) }, plain, 40);
    expect(lines.length).toBeGreaterThan(3);
    for (const x of lines) expect(displayWidth(x)).toBeLessThanOrEqual(40);
    expect(lines.slice(1, -1).join('').replace(/[\s"]/g, '').replace('description:', '')).toBe('漢字'.repeat(30));
  });

  it('stops indenting when the nesting would leave the content too little room', () => {
    let v: unknown = { leaf: 'the innermost value of a deeply nested object' };
    for (let i = 0; i < 40; i++) v = { level: v };
    const { lines } = prettyLines(v, plain, 60);
    for (const x of lines) expect(displayWidth(x)).toBeLessThanOrEqual(60);
    expect(lines.some((x) => x.includes('"the innermost'))).toBe(true);
  });

  it('escapes terminal controls in text and keys', () => {
    const { lines } = prettyLines({ 'k\x1b[2J': 'a', text: 'red \x1b[31mX\nline two\ttab' }, plain, 80);
    expect(lines.join('\n')).not.toContain('\x1b');
    expect(lines).toEqual([
      '{',
      '  "k\\u001b[2J": "a",',
      '  "text": (2 lines)',
      '    │ red \\x1b[31mX',
      '    │ line two    tab',
      '}',
    ]);
  });

  it('colours keys, strings, numbers and literals only when colour is on', () => {
    const { lines } = prettyLines({ a: 'x', n: 1, b: true }, createPalette(true), 80);
    expect(lines[1]).toBe('  \x1b[34m"a"\x1b[39m: \x1b[32m"x"\x1b[39m,');
    expect(lines[2]).toBe('  \x1b[34m"n"\x1b[39m: \x1b[33m1\x1b[39m,');
    expect(lines[3]).toBe('  \x1b[34m"b"\x1b[39m: \x1b[35mtrue\x1b[39m');
  });

  it('cuts a huge body at its lines, and a long string at its own, with its length', () => {
    const big = prettyLines({ items: Array.from({ length: 100_000 }, (_, i) => i) }, plain, 80);
    expect(big.lines.length).toBe(PRETTY_MAX_LINES);
    expect(big.cut).toBe(true);
    const blob = prettyLines({ data: 'A'.repeat(5_000_000) }, plain, 80);
    expect(blob.lines.length).toBe(PRETTY_STRING_LINES + 2);
    expect(blob.lines[PRETTY_STRING_LINES]).toMatch(/A… \(5,000,000 chars\)$/);
    expect(blob.shortened).toBe(true);
    expect(blob.cut).toBe(false);
    const text = prettyTextLines('line\n'.repeat(1_000_000), plain, 80);
    expect(text.lines.length).toBe(PRETTY_MAX_LINES);
    expect(text.cut).toBe(true);
  });
});
