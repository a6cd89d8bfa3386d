// Method lookups: revision membership, extension-method detection, direction inference, spec URLs.
import { describe, expect, it } from 'vitest';
import {
  inferDirection,
  isExperimentalMethod,
  methodInRevision,
  methodInfo,
  methodsOf,
  specUrl,
} from '../../src/protocol/index.js';

describe('methodInfo / methodsOf', () => {
  it('finds known methods and nothing else', () => {
    expect(methodInfo('tools/call')?.primitive).toBe('tools');
    expect(methodInfo('notifications/message')?.feature).toBe('logging');
    expect(methodInfo('Tools/Call')).toBeUndefined();
    expect(methodInfo('__proto__')).toBeUndefined();
    expect(methodInfo('constructor')).toBeUndefined();
  });

  // Each revision's changelog (https://modelcontextprotocol.io/specification/<rev>/changelog) adds methods up to 2025-11-25.
  it('grows from revision to revision without losing methods', () => {
    const sizes = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'].map((r) => methodsOf(r).length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(methodsOf('2026-07-28')).toEqual([]);
  });
});

describe('methodInRevision', () => {
  it('follows the revision a method appeared in', () => {
    expect(methodInRevision('elicitation/create', '2025-03-26')).toBe(false);
    expect(methodInRevision('elicitation/create', '2025-06-18')).toBe(true);
    expect(methodInRevision('tasks/get', '2025-06-18')).toBe(false);
    expect(methodInRevision('tasks/get', '2025-11-25')).toBe(true);
    expect(methodInRevision('notifications/elicitation/complete', '2025-06-18')).toBe(false);
    expect(methodInRevision('resources/templates/list', '2025-03-26')).toBe(true);
  });

  it('treats a missing or unknown revision as "any revision"', () => {
    expect(methodInRevision('tasks/get', null)).toBe(true);
    expect(methodInRevision('tasks/get', '2024-10-07')).toBe(true);
    expect(methodInRevision('tasks/get', 'banana')).toBe(true);
    expect(methodInRevision('server/discover', null)).toBe(false);
  });
});

describe('isExperimentalMethod', () => {
  it('recognises experimental/ and reverse-DNS prefixes', () => {
    expect(isExperimentalMethod('experimental/foo')).toBe(true);
    expect(isExperimentalMethod('com.example/foo')).toBe(true);
    expect(isExperimentalMethod('io.modelcontextprotocol/x')).toBe(true);
    expect(isExperimentalMethod('com.example/tools/run')).toBe(true);
  });

  it('rejects table methods and names without an extension prefix', () => {
    expect(isExperimentalMethod('tools/call')).toBe(false);
    expect(isExperimentalMethod('tools/frobnicate')).toBe(false);
    expect(isExperimentalMethod('notifications/x.y')).toBe(false);
    expect(isExperimentalMethod('foo.bar')).toBe(false);
    expect(isExperimentalMethod('.hidden/x')).toBe(false);
    expect(isExperimentalMethod('experimental')).toBe(false);
    expect(isExperimentalMethod('')).toBe(false);
  });
});

describe('inferDirection', () => {
  it('gives one-way requests and notifications their direction', () => {
    expect(inferDirection('tools/call', 'request')).toBe('c2s');
    expect(inferDirection('sampling/createMessage', 'request')).toBe('s2c');
    expect(inferDirection('notifications/initialized', 'notification')).toBe('c2s');
    expect(inferDirection('notifications/message', 'notification')).toBe('s2c');
  });

  it('reverses the direction for responses and errors', () => {
    expect(inferDirection('initialize', 'response')).toBe('s2c');
    expect(inferDirection('roots/list', 'error')).toBe('c2s');
  });

  it('gives up for two-way, unknown or mismatched methods', () => {
    expect(inferDirection('ping', 'request')).toBeNull();
    expect(inferDirection('tasks/get', 'response')).toBeNull();
    expect(inferDirection('notifications/progress', 'notification')).toBeNull();
    expect(inferDirection('com.example/foo', 'request')).toBeNull();
    expect(inferDirection('tools/call', 'notification')).toBeNull();
    expect(inferDirection('notifications/initialized', 'response')).toBeNull();
    expect(inferDirection('tools/call', 'invalid')).toBeNull();
    expect(inferDirection('tools/call', 'event')).toBeNull();
  });
});

describe('specUrl', () => {
  it('builds the public page for a table spec path', () => {
    expect(specUrl(methodInfo('ping')!.spec, '2025-06-18')).toBe(
      'https://modelcontextprotocol.io/specification/2025-06-18/basic/utilities/ping',
    );
    expect(specUrl('server/tools.mdx')).toBe('https://modelcontextprotocol.io/specification/2025-11-25/server/tools');
  });
});
