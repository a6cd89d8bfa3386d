// Key paths: a key with a dot (an extension identifier) stays one key from the path's text back to its keys.
import { describe, expect, it } from 'vitest';
import { isBelow, joinKey, pathKeys } from '../../src/util/key-path.js';

describe('key paths', () => {
  it('joins plain names with dots and brackets any other key as a JSON string', () => {
    expect(joinKey(joinKey('', 'tasks'), 'requests')).toBe('tasks.requests');
    expect(joinKey('extensions', 'io.modelcontextprotocol/ui')).toBe('extensions["io.modelcontextprotocol/ui"]');
    expect(joinKey('', 'a"]b')).toBe('["a\\"]b"]');
  });

  it('gives back the keys it joined, whatever they hold', () => {
    for (const keys of [
      ['tasks', 'requests', 'tools', 'call'],
      ['extensions', 'io.modelcontextprotocol/ui'],
      ['x', 'a"]b', '', '[', 'c\\d.e'],
    ]) {
      expect(pathKeys(keys.reduce(joinKey, ''))).toEqual(keys);
    }
    expect(pathKeys('**._meta["io.modelcontextprotocol/related-task"]')).toEqual([
      '**',
      '_meta',
      'io.modelcontextprotocol/related-task',
    ]);
  });

  it('keeps the empty steps of a malformed path, so that it names no key an object has', () => {
    expect(pathKeys('tools.')).toEqual(['tools', '']);
    expect(pathKeys('.tools')).toEqual(['', 'tools']);
    expect(pathKeys('')).toEqual(['']);
    expect(pathKeys('a..b')).toEqual(['a', '', 'b']);
    expect(pathKeys('a["x"]b')).toEqual(['a', 'x', 'b']);
    expect(pathKeys('a["\\x"].b')).toEqual(['a', '["\\x"]', 'b']);
    expect(pathKeys('a[b')).toEqual(['a', '[b']);
  });

  it('tells a path below another from one that only starts with the same letters', () => {
    expect(isBelow('elicitation.url', 'elicitation')).toBe(true);
    expect(isBelow('extensions["io.modelcontextprotocol/ui"]', 'extensions')).toBe(true);
    expect(isBelow('elicitationX', 'elicitation')).toBe(false);
    expect(isBelow('elicitation', 'elicitation')).toBe(false);
  });
});
