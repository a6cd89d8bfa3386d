import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { wireRecord } from '../../src/input/readers/wire-record.js';

const dir = fc.constantFrom('c2s', 's2c');
/** Times as `wrap` writes them, and others a capture might hold. */
const ts = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const message = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', '  ', '{"jsonrpc":"2.0","id":1,"result":{"text":"a\\"b\\\\"}}', '"}', '\\'),
);

describe('wireRecord', () => {
  test('reads a wire line as wrap writes it: what JSON.parse reads', () => {
    fc.assert(
      fc.property(ts, dir, message, (t, d, line) => {
        const text = JSON.stringify({ ts: t, dir: d, line });
        const got = wireRecord(text);
        // A time with an escape (a quote, a control character) is left to the parser.
        if (JSON.stringify(t) === `"${t}"`) expect(got).toEqual({ ts: t, dir: d, line });
        else expect(got).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  /** A wire line changed somewhere: a character replaced, inserted or removed. */
  const mutated = fc
    .tuple(ts, dir, message, fc.nat(), fc.constantFrom('"', '\\', '}', ' ', ',', 'x', '\n', '\u0001', ''), fc.nat(2))
    .map(([t, d, line, at, c, op]) => {
      const text = JSON.stringify({ ts: t, dir: d, line });
      const i = at % (text.length + 1);
      return op === 0
        ? text.slice(0, i) + c + text.slice(i + 1)
        : op === 1
          ? text.slice(0, i) + c + text.slice(i)
          : text.slice(0, i) + text.slice(i + 1);
    });

  test('a line it reads is JSON of exactly those three members, as JSON.parse reads it; any other is null', () => {
    fc.assert(
      fc.property(mutated, (text) => {
        const got = wireRecord(text);
        if (got === null) return;
        const parsed = JSON.parse(text) as Record<string, unknown>;
        expect(Object.keys(parsed)).toEqual(['ts', 'dir', 'line']);
        expect(got).toEqual(parsed);
      }),
      { numRuns: 5000 },
    );
  });

  test('other shapes are left to the parser', () => {
    for (const l of [
      '{"ts":"t","dir":"stderr","line":"x"}',
      '{"ts":"t","dir":"c2s","line":"x","truncated":true,"bytes":9}',
      '{"ts":"t","dir":"c2s","line":"x","line":"y"}',
      '{"ts": "t","dir":"c2s","line":"x"}',
      '{"ts":"t\\u0041","dir":"c2s","line":"x"}',
      '{"ts":"t","event":"start"}',
      '{"dir":"c2s","ts":"t","line":"x"}',
      '{"ts":"t","dir":"c2s","line":"x"} ',
    ])
      expect(wireRecord(l)).toBeNull();
    expect(wireRecord('{"ts":"t","dir":"s2c","line":"{\\"a\\":\\"\\\\u00e9\\"}"}')).toEqual({
      ts: 't',
      dir: 's2c',
      line: '{"a":"\\u00e9"}',
    });
  });
});
