// Own-property reads of keys from a log: no key reaches a prototype.
import { describe, expect, it } from 'vitest';
import { getOwn, getOwnPath, isPlainObject, setOwn } from '../../src/util/own.js';

describe('own properties', () => {
  it('getOwn reads own keys only', () => {
    const o = JSON.parse('{"a":1,"__proto__":{"x":2}}') as Record<string, unknown>;
    expect(getOwn(o, 'a')).toBe(1);
    expect(getOwn(o, '__proto__')).toEqual({ x: 2 });
    expect(getOwn({}, 'constructor')).toBeUndefined();
    expect(getOwn({}, 'toString')).toBeUndefined();
  });

  it('setOwn keeps __proto__ as a key', () => {
    const o: Record<string, unknown> = {};
    setOwn(o, '__proto__', { polluted: true });
    expect(Object.keys(o)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('getOwnPath walks plain objects only', () => {
    const v = { a: { b: { c: 3 }, list: [1] }, n: null };
    expect(getOwnPath(v, ['a', 'b', 'c'])).toBe(3);
    expect(getOwnPath(v, ['a', 'b'])).toEqual({ c: 3 });
    expect(getOwnPath(v, [])).toBe(v);
    expect(getOwnPath(v, ['a', 'list', '0'])).toBeUndefined();
    expect(getOwnPath(v, ['n', 'x'])).toBeUndefined();
    expect(getOwnPath(v, ['a', 'constructor'])).toBeUndefined();
    expect(getOwnPath(v, ['a', 'constructor', 'name'])).toBeUndefined();
    expect(getOwnPath('text', ['length'])).toBeUndefined();
  });

  it('isPlainObject: objects, not arrays or null', () => {
    expect([{}, { a: 1 }, Object.create(null)].every(isPlainObject)).toBe(true);
    expect([null, [], 'x', 1, undefined, true].some(isPlainObject)).toBe(false);
  });
});
