import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compactMember } from '../../src/input/json/compact-span.js';

/** What compactMember must give: JSON.stringify of the member JSON.parse kept, when that text is in the line; else null. */
function mayGive(line: string, key: string): string | null {
  const o = JSON.parse(line) as Record<string, unknown>;
  return Object.hasOwn(o, key) ? JSON.stringify(o[key]) : null;
}

/** A JSON value as JSON.stringify writes it, or a hand-written variant: spaces, other escapes, number forms, repeated keys. */
const text: fc.Arbitrary<string> = fc.letrec<{ v: string; o: string; a: string; s: string; n: string }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, tie('s'), tie('n'), tie('o'), tie('a'), fc.constantFrom('true', 'false', 'null')),
  s: fc.oneof(
    fc.string({ unit: 'grapheme' }).map((s) => JSON.stringify(s)),
    fc.constantFrom(
      '"a\\/b"',
      '"\\u0041"',
      '"\\u001b"',
      '"\\u001B"',
      '"\\u0008"',
      '"\\b\\f\\n\\r\\t\\"\\\\"',
      '"\\ud83d\\ude00"',
      '"\\"}"',
      '"\\\\"',
    ),
  ),
  n: fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    fc.integer().map(String),
    fc.constantFrom('-0', '1.0', '1e2', '1E2', '0.10', '1e400', '12345678901234567890', '-0.0', '100', '0', '-12'),
  ),
  o: fc
    .array(
      fc.tuple(
        fc.oneof(tie('s'), fc.constantFrom('"a"', '"b"', '"1"', '"0x"', '"__proto__"', '"m\\u0065ssage"')),
        tie('v'),
      ),
      { maxLength: 5 },
    )
    .map((ms) => `{${ms.map(([k, v]) => `${k}:${v}`).join(',')}}`),
  a: fc.array(tie('v'), { maxLength: 5 }).map((vs) => `[${vs.join(',')}]`),
})).v;

/** Whitespace JSON allows, or none. */
const space = fc.constantFrom('', '', ' ', '\t', '\n ', '\r\n');

/** An envelope line: members around the message, spaced or not, the message key maybe twice or escaped. */
const line = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom('"ts"', '"dir"', '"message"', '"m\\u0065ssage"', '"x"'), text, space), {
      maxLength: 4,
    }),
    text,
    space,
    fc.nat(4),
  )
  .map(([others, message, sp, at]) => {
    const members = others.map(([k, v, s]) => `${s}${k}${s}:${s}${v}`);
    members.splice(Math.min(at, members.length), 0, `"message":${sp}${message}`);
    return `{${members.join(',')}${sp}}`;
  });

/** A key JSON.stringify might move (integer-like ones come first): compactMember gives up on any key opening with a digit. */
function hasDigitKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasDigitKey);
  if (v === null || typeof v !== 'object') return false;
  return Object.entries(v).some(([k, x]) => /^[0-9]/.test(k) || hasDigitKey(x));
}

describe('compactMember', () => {
  test('gives the member JSON.parse keeps, as JSON.stringify writes it, or null; never anything else', () => {
    fc.assert(
      fc.property(line, (l) => {
        const got = compactMember(l, 'message');
        if (got !== null) expect(got).toBe(mayGive(l, 'message'));
      }),
      { numRuns: 3000 },
    );
  });

  test('gives it whenever the line holds it as JSON.stringify writes it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (message, other) => {
        fc.pre(!hasDigitKey(message));
        const l = JSON.stringify({ ts: 1, message, other });
        expect(compactMember(l, 'message')).toBe(JSON.stringify(message));
        const first = JSON.stringify({ message, other });
        expect(compactMember(first, 'message')).toBe(JSON.stringify(message));
      }),
      { numRuns: 2000 },
    );
  });

  test('what JSON.stringify would write otherwise is not copied', () => {
    for (const m of [
      '{"a": 1}',
      '{"a":1,"a":2}',
      '{"2":1,"1":2}',
      '"\\/"',
      '"\\u00e9"',
      '"\\u001B"',
      '1.0',
      '-0',
      '1e2',
      '[1 ]',
      '"\\ud800"',
    ]) {
      expect(compactMember(`{"message":${m}}`, 'message')).toBeNull();
    }
    expect(compactMember('{"m\\u0065ssage":1,"message":2}', 'message')).toBeNull();
    expect(compactMember('{"message":{"a":[1,"x\\n",true,null,{}]},"dir":"c2s"}', 'message')).toBe(
      '{"a":[1,"x\\n",true,null,{}]}',
    );
    expect(compactMember('{"message":1, "message" : {"b":2}}', 'message')).toBe('{"b":2}');
    expect(compactMember('{"message":{"b":2},"message":{"b": 2}}', 'message')).toBeNull();
    expect(compactMember('{"dir":"c2s"}', 'message')).toBeNull();
    expect(compactMember('[{"message":1}]', 'message')).toBeNull();
  });
});
