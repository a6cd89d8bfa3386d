// Node's util.inspect output read back into the value it printed: escapes, quotes, split strings, keys, the cuts
// inspect makes (depth, long arrays, long strings), and text that is not inspect output.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InspectExtent, readInspect } from '../../src/input/dialects/literals/inspect-literal.js';

const back = (v: unknown, opts: Parameters<typeof inspect>[1] = { depth: null }) => readInspect(inspect(v, opts));

describe('readInspect', () => {
  it('reads back what util.inspect printed of JSON values, in every layout', () => {
    const proto = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    const values: unknown[] = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      {
        result: {
          content: [{ type: 'text', text: 'line one\nline two\n'.repeat(8) }],
          structuredContent: { a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
        },
        jsonrpc: '2.0',
        id: 'x',
      },
      // Keys that are no identifier are quoted; an own `__proto__` is shown as `['__proto__']`.
      { 'a-b': 1, '': 2, $schema: 'x', '1': true, é: null, nested: proto },
      // Each quote: ' by default, " when the text has a ', ` when it has both.
      ["it's", 'say "hi"', `both ' and "`, 'all \' " ` three', 'back\\slash'],
      // Escapes: controls, DEL and C1, lone surrogates; the rest as is.
      ['\u0000\u0007\b\t\n\u000b\f\r\u001b\u007f\u0085', '\ud800 lone', '\u2028 é 😀 中'],
      [1e21, 5e-324, -1.5, 0, 123456789012, true, false, null, [], {}],
    ];
    for (const v of values) {
      for (const compact of [3, false] as const) {
        for (const breakLength of [80, Infinity])
          expect(back(v, { depth: null, compact, breakLength }), JSON.stringify(v)).toEqual({ value: v, cut: false });
      }
    }
  });

  it('a value inspect cut is read as far as it survives: placeholders are strings, and it says so', () => {
    const deep = { result: { capabilities: { tools: { listChanged: true }, list: [[1]] } }, id: 0 };
    expect(back(deep, {})).toEqual({
      value: { result: { capabilities: { tools: '[Object]', list: '[Array]' } }, id: 0 },
      cut: true,
    });
    const long = back({ items: Array.from({ length: 150 }, (_, i) => i) });
    expect(long!.cut).toBe(true);
    expect((long!.value as { items: number[] }).items).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(back({ text: 'x'.repeat(30) }, { maxStringLength: 10 })).toEqual({
      value: { text: 'x'.repeat(10) },
      cut: true,
    });
  });

  it('leaves out undefined members and reads `<ref>` and null-prototype prefixes', () => {
    expect(readInspect('{ a: undefined, b: 1 }')).toEqual({ value: { b: 1 }, cut: false });
    expect(readInspect('<ref *1> [Object: null prototype] { a: [Circular *1] }')).toEqual({
      value: { a: '[Circular *1]' },
      cut: true,
    });
  });

  it('is null for text that is not inspect output of a value', () => {
    for (const t of [
      'hello',
      '{ a: }',
      '{ a: 1 } and more',
      "{ a: 'open",
      '{ a: 1',
      "'a\nb'",
      '{ a: 1, , }',
      'x'.repeat(3),
      "'\\x4'",
      '{ [Symbol(a)]: 1 }',
    ]) {
      expect(readInspect(t), t).toBeNull();
    }
    expect(readInspect('['.repeat(5000) + ']'.repeat(5000))).toBeNull();
  });
});

describe('InspectExtent', () => {
  it('finds where a body ends over lines, brackets inside any of the three quotes not counted', () => {
    const e = new InspectExtent();
    expect(e.scan('{ a: \'}\', b: "]",')).toBe(-1);
    expect(e.scan('  c: `{`, d: [Object],')).toBe(-1);
    expect(e.scan("  e: 'it\\'s }'")).toBe(-1);
    expect(e.scan('} %o')).toBe(1);
    expect(new InspectExtent().scan('{ a: 1 } { metadata: undefined }')).toBe(8);
  });
});
