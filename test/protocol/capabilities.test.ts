// isDeclared: presence rules, boolean flags, the empty-elicitation rule, and hostile capability objects.
import { afterAll, describe, expect, it } from 'vitest';
import { isDeclared } from '../../src/protocol/index.js';

describe('isDeclared', () => {
  it('treats presence of an object key as declared, even when empty', () => {
    expect(isDeclared({ tools: {} }, 'tools')).toBe(true);
    expect(isDeclared({ logging: {} }, 'logging')).toBe(true);
    expect(isDeclared({ tasks: { requests: { tools: { call: {} } } } }, 'tasks.requests.tools.call')).toBe(true);
    expect(isDeclared({ tasks: { requests: { tools: {} } } }, 'tasks.requests.tools.call')).toBe(false);
    expect(isDeclared({ prompts: {} }, 'tools')).toBe(false);
    expect(isDeclared({}, 'tools')).toBe(false);
  });

  it('does not count false, null, strings, numbers or arrays as a declared object', () => {
    for (const v of [false, null, 'yes', 1, []]) expect(isDeclared({ logging: v }, 'logging')).toBe(false);
  });

  it('accepts `true` for an object key (clear intent) but not as a parent', () => {
    expect(isDeclared({ logging: true }, 'logging')).toBe(true);
    expect(isDeclared({ resources: true }, 'resources.subscribe')).toBe(false);
  });

  it('requires boolean flags to be exactly true', () => {
    expect(isDeclared({ tools: { listChanged: true } }, 'tools.listChanged')).toBe(true);
    expect(isDeclared({ tools: { listChanged: false } }, 'tools.listChanged')).toBe(false);
    expect(isDeclared({ tools: {} }, 'tools.listChanged')).toBe(false);
    expect(isDeclared({ resources: { subscribe: 'true' } }, 'resources.subscribe')).toBe(false);
    expect(isDeclared({ resources: { subscribe: {} } }, 'resources.subscribe')).toBe(false);
    expect(isDeclared({ resources: { subscribe: 1 } }, 'resources.subscribe')).toBe(false);
    // The parent is still declared when its boolean sub-flag is false.
    expect(isDeclared({ resources: { subscribe: false } }, 'resources')).toBe(true);
  });

  describe('elicitation modes (client/elicitation.mdx 2025-11-25)', () => {
    it('reads an empty elicitation object as form mode only', () => {
      expect(isDeclared({ elicitation: {} }, 'elicitation.form')).toBe(true);
      expect(isDeclared({ elicitation: {} }, 'elicitation.url')).toBe(false);
      expect(isDeclared({ elicitation: {} }, 'elicitation')).toBe(true);
    });

    it('reads url-only as no form mode', () => {
      expect(isDeclared({ elicitation: { url: {} } }, 'elicitation.form')).toBe(false);
      expect(isDeclared({ elicitation: { url: {} } }, 'elicitation.url')).toBe(true);
    });

    it('reads explicit modes as declared', () => {
      const caps = { elicitation: { form: {}, url: {} } };
      expect(isDeclared(caps, 'elicitation.form')).toBe(true);
      expect(isDeclared(caps, 'elicitation.url')).toBe(true);
      expect(isDeclared({ elicitation: { form: {} } }, 'elicitation.url')).toBe(false);
    });

    it('does not apply the empty-object rule when elicitation is missing or not an object', () => {
      expect(isDeclared({}, 'elicitation.form')).toBe(false);
      expect(isDeclared({ elicitation: null }, 'elicitation.form')).toBe(false);
      expect(isDeclared({ elicitation: [] }, 'elicitation.form')).toBe(false);
      // A form key with a non-object value is not "neither form nor url".
      expect(isDeclared({ elicitation: { form: false } }, 'elicitation.form')).toBe(false);
    });

    it('keeps unknown sibling keys from hiding form mode', () => {
      expect(isDeclared({ elicitation: { somethingNew: {} } }, 'elicitation.form')).toBe(true);
    });
  });

  describe('hostile input', () => {
    it('ignores a JSON __proto__ key instead of following it', () => {
      const caps = JSON.parse('{"__proto__": {"tools": {"listChanged": true}, "logging": {}}}');
      expect(isDeclared(caps, 'tools')).toBe(false);
      expect(isDeclared(caps, 'tools.listChanged')).toBe(false);
      expect(isDeclared(caps, 'logging')).toBe(false);
      const nested = JSON.parse('{"tools": {"__proto__": {"listChanged": true}}}');
      expect(isDeclared(nested, 'tools.listChanged')).toBe(false);
      const elicit = JSON.parse('{"elicitation": {"__proto__": {"url": {}}}}');
      expect(isDeclared(elicit, 'elicitation.url')).toBe(false);
    });

    it('does not see Object.prototype members as capabilities', () => {
      for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
        expect(isDeclared({}, key)).toBe(false);
        expect(isDeclared({ tools: {} }, `tools.${key}`)).toBe(false);
      }
      expect(isDeclared({}, 'constructor.prototype')).toBe(false);
    });

    it('does not read inherited properties', () => {
      expect(isDeclared(Object.create({ tools: {} }), 'tools')).toBe(false);
      const nullProto = Object.assign(Object.create(null), { tools: {} });
      expect(isDeclared(nullProto, 'tools')).toBe(true);
    });

    it('returns false for non-object capabilities', () => {
      for (const caps of [undefined, null, 0, 'tools', true, [], [{ tools: {} }]]) {
        expect(isDeclared(caps, 'tools')).toBe(false);
      }
    });

    it('survives odd paths', () => {
      expect(isDeclared({ tools: {} }, '')).toBe(false);
      expect(isDeclared({ tools: {} }, 'tools.')).toBe(false);
      expect(isDeclared({ tools: {} }, '.tools')).toBe(false);
    });

    afterAll(() => {
      // Nothing above may have polluted the shared prototype.
      expect(({} as Record<string, unknown>).tools).toBeUndefined();
      expect(({} as Record<string, unknown>).listChanged).toBeUndefined();
    });
  });
});
