// The line splitter: physical line numbers, line endings, BOM, UTF-8 across chunk boundaries.
import { describe, expect, test } from 'vitest';
import { isBlank, LineSplitter, splitLines, type Line } from '../../src/input/lines/lines.js';
import { BomSkipper } from '../../src/input/lines/bom.js';
import { chunked, fixtures, physicalLines, toCrlf } from './helpers.js';

function split(bytes: Buffer, size = 0): Line[] {
  const s = new LineSplitter();
  const out: Line[] = [];
  if (size <= 0) s.push(bytes, out);
  else for (let i = 0; i < bytes.length; i += size) s.push(bytes.subarray(i, i + size), out);
  return s.end(out);
}

describe('LineSplitter', () => {
  test('numbers physical lines from 1 and yields empty lines', () => {
    const lines = split(Buffer.from('a\n\nb\n'));
    expect(lines).toEqual([
      { text: 'a', line: 1, bytes: 1 },
      { text: '', line: 2, bytes: 0 },
      { text: 'b', line: 3, bytes: 1 },
    ]);
  });

  test('a final line without a line ending is a line; a final line ending adds none', () => {
    expect(split(Buffer.from('a\nb')).map((l) => l.text)).toEqual(['a', 'b']);
    expect(split(Buffer.from('a\nb\n')).map((l) => l.text)).toEqual(['a', 'b']);
    expect(split(Buffer.from(''))).toEqual([]);
    expect(split(Buffer.from('\n'))).toEqual([{ text: '', line: 1, bytes: 0 }]);
  });

  test('strips the CR of CRLF and leaves it out of the byte count; a lone CR is text', () => {
    expect(split(Buffer.from('ab\r\n\r\nc\rd\r\n'))).toEqual([
      { text: 'ab', line: 1, bytes: 2 },
      { text: '', line: 2, bytes: 0 },
      { text: 'c\rd', line: 3, bytes: 3 },
    ]);
  });

  test('a CRLF split between chunks is still one line ending', () => {
    const s = new LineSplitter();
    const out = [...s.push('ab\r'), ...s.push('\ncd'), ...s.end()];
    expect(out).toEqual([
      { text: 'ab', line: 1, bytes: 2 },
      { text: 'cd', line: 2, bytes: 2 },
    ]);
  });

  test('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(split(Buffer.from('é🚀中\n'))).toEqual([{ text: 'é🚀中', line: 1, bytes: 2 + 4 + 3 }]);
  });

  test('skips a BOM at the very start only, even when split over chunks', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x\n\uFEFFy\n')]);
    for (const size of [0, 1, 2, 3, 7]) {
      expect(split(bytes, size), `chunk ${size}`).toEqual([
        { text: 'x', line: 1, bytes: 1 },
        { text: '\uFEFFy', line: 2, bytes: 4 },
      ]);
    }
  });

  test('bytes that only start like a BOM are kept', () => {
    expect(split(Buffer.from([0xef, 0xbb]), 1)).toEqual([{ text: '\uFFFD', line: 1, bytes: 2 }]);
    expect(split(Buffer.from([0xef, 0x41, 0x0a]), 1)[0].bytes).toBe(2);
  });

  test('multi-byte characters split across chunk boundaries decode whole', () => {
    const text = '{"emoji":"🚀😀","cjk":"中文字符","accent":"ünïcödé"}\n第二行 🎉\n';
    const whole = split(Buffer.from(text));
    expect(whole.map((l) => l.text)).toEqual(['{"emoji":"🚀😀","cjk":"中文字符","accent":"ünïcödé"}', '第二行 🎉']);
    for (const size of [1, 2, 3, 5, 7]) expect(split(Buffer.from(text), size), `chunk ${size}`).toEqual(whole);
  });

  test('a line spanning many chunks comes out whole', () => {
    const long = 'x'.repeat(100_000) + '🚀';
    const lines = split(Buffer.from(`${long}\nend`), 997);
    expect(lines).toEqual([
      { text: long, line: 1, bytes: 100_004 },
      { text: 'end', line: 2, bytes: 3 },
    ]);
  });

  test('accepts strings and Uint8Arrays as chunks', () => {
    const s = new LineSplitter();
    const out = [...s.push('a\nb'), ...s.push(new Uint8Array([0x63, 0x0a])), ...s.end()];
    expect(out.map((l) => l.text)).toEqual(['a', 'bc']);
  });

  test('does not keep a reference to a chunk the source may reuse', () => {
    const s = new LineSplitter();
    const chunk = Buffer.from('abc');
    s.push(chunk);
    chunk.fill(0x7a);
    expect(s.end()[0].text).toBe('abc');
  });

  test('peekPending shows the start of the incomplete line', () => {
    const s = new LineSplitter();
    s.push('done\n{"jsonrpc"');
    expect(s.peekPending()).toBe('{"jsonrpc"');
    expect(s.peekPending(3)).toBe('{"j');
    expect(s.pending).toBe(10);
  });

  test('every fixture splits into its physical lines, in any chunking and with CRLF', () => {
    const all = fixtures();
    expect(all.length).toBeGreaterThan(8);
    for (const fx of all) {
      const expected = physicalLines(fx.bytes);
      const whole = split(fx.bytes);
      expect(
        whole.map((l) => l.text),
        fx.name,
      ).toEqual(expected);
      expect(whole.map((l) => l.line)).toEqual(expected.map((_, i) => i + 1));
      for (const size of [1, 3, 7]) expect(split(fx.bytes, size), `${fx.name} chunk ${size}`).toEqual(whole);
      expect(split(toCrlf(fx.bytes), 3), `${fx.name} CRLF`).toEqual(whole);
    }
  });
});

describe('splitLines', () => {
  test('the async wrapper yields the same lines', async () => {
    const bytes = Buffer.from('a\r\nb\n\nc');
    const lines: Line[] = [];
    for await (const l of splitLines(chunked(bytes, 2))) lines.push(l);
    expect(lines).toEqual(split(bytes));
    expect(lines.length).toBe(4);
  });
});

describe('BomSkipper', () => {
  test('holds back at most a BOM prefix and releases it at the end when it was not one', () => {
    const b = new BomSkipper();
    expect(b.push(Buffer.from([0xef]))).toBeNull();
    expect(b.end()).toEqual(Buffer.from([0xef]));
  });
});

describe('isBlank', () => {
  test('empty and whitespace-only lines are blank; anything else is not', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t ')).toBe(true);
    expect(isBlank(' x')).toBe(false);
    expect(isBlank('{}')).toBe(false);
  });
});
