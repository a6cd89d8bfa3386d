// jsonChunks: the pieces join to exactly JSON.stringify's text, whatever the value, indent and depth; each piece is small.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../src/output/json-chunks.js';

const joined = (value: unknown, opts?: { indent?: number; depth?: number }) => [...jsonChunks(value, opts)].join('');

describe('jsonChunks', () => {
  it('joins to JSON.stringify(value, null, indent) for any JSON value, indent and depth', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 6 }),
        (value, indent, depth) => {
          expect(joined(value, { indent, depth })).toBe(JSON.stringify(value, null, indent));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves out what JSON.stringify leaves out, and calls toJSON, at every depth', () => {
    const value = {
      a: undefined,
      f: () => 1,
      s: Symbol('x'),
      when: new Date(0),
      list: [undefined, () => 1, new Date(1), { b: undefined }, [], {}],
      nested: { deeper: { x: undefined, y: 'line\nbreak', z: '\u2028…', w: [1, [2, [3]]] } },
      only: { gone: undefined },
      custom: { toJSON: () => ({ made: [1, 2] }) },
      hidden: { toJSON: () => undefined },
    };
    for (const depth of [0, 1, 2, 3, 8]) {
      for (const indent of [0, 2, 4])
        expect(joined(value, { indent, depth })).toBe(JSON.stringify(value, null, indent));
    }
    expect([...jsonChunks(undefined)]).toEqual([]);
  });

  it('gives an element below the walked levels as one piece, with its separator', () => {
    const findings = Array.from({ length: 50 }, (_, i) => ({
      seq: i + 1,
      message: `finding ${i + 1}`,
      tags: ['a', 'b'],
    }));
    const pieces = [...jsonChunks({ summary: { n: 50 }, findings }, { depth: 2 })];
    expect(pieces.join('')).toBe(JSON.stringify({ summary: { n: 50 }, findings }, null, 2));
    // Each finding is its own piece: at most one `"seq"` per piece.
    expect(pieces.filter((p) => p.includes('"seq"'))).toHaveLength(50);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(200);
  });
});
