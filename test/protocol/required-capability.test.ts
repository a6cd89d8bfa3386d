// requiredCapability / requiredCapabilities: conditional requirements, revision gating, receiver resolution.
import { describe, expect, it } from 'vitest';
import { requiredCapabilities, requiredCapability } from '../../src/protocol/index.js';

const L = '2025-11-25';
const srv = (path: string) => ({ side: 'server', path });
const cli = (path: string) => ({ side: 'client', path });

describe('requiredCapability', () => {
  it('needs nothing for lifecycle, ping, cancellation and progress', () => {
    for (const [m, dir] of [
      ['initialize', 'c2s'],
      ['notifications/initialized', 'c2s'],
      ['ping', 'c2s'],
      ['ping', 's2c'],
      ['notifications/cancelled', 's2c'],
      ['notifications/progress', 'unknown'],
    ] as const) {
      expect(requiredCapability(m, {}, L, dir)).toBeNull();
    }
  });

  it('returns null for unknown methods', () => {
    expect(requiredCapability('tools/frobnicate', {}, L, 'c2s')).toBeNull();
    expect(requiredCapability('com.example/foo', {}, null, 'c2s')).toBeNull();
  });

  it('maps resource subscriptions and updates to resources.subscribe', () => {
    expect(requiredCapability('resources/subscribe', { uri: 'x' }, L, 'c2s')).toEqual(srv('resources.subscribe'));
    expect(requiredCapability('resources/unsubscribe', { uri: 'x' }, L, 'c2s')).toEqual(srv('resources.subscribe'));
    expect(requiredCapability('notifications/resources/updated', {}, L, 's2c')).toEqual(srv('resources.subscribe'));
    expect(requiredCapability('resources/read', { uri: 'x' }, L, 'c2s')).toEqual(srv('resources'));
  });

  it('maps list_changed notifications to their listChanged flag', () => {
    expect(requiredCapability('notifications/tools/list_changed', undefined, L, 's2c')).toEqual(
      srv('tools.listChanged'),
    );
    expect(requiredCapability('notifications/roots/list_changed', undefined, L, 'c2s')).toEqual(
      cli('roots.listChanged'),
    );
  });

  it('maps logging both ways to server logging', () => {
    expect(requiredCapability('notifications/message', { level: 'info' }, L, 's2c')).toEqual(srv('logging'));
    expect(requiredCapability('logging/setLevel', { level: 'info' }, L, 'c2s')).toEqual(srv('logging'));
  });

  it('gates completion/complete on completions only from 2025-03-26', () => {
    expect(requiredCapability('completion/complete', {}, '2024-11-05', 'c2s')).toBeNull();
    expect(requiredCapability('completion/complete', {}, '2025-03-26', 'c2s')).toEqual(srv('completions'));
    expect(requiredCapability('completion/complete', {}, '2025-06-18', 'c2s')).toEqual(srv('completions'));
    // Unknown or missing revision: `since` counts as satisfied.
    expect(requiredCapability('completion/complete', {}, null, 'c2s')).toEqual(srv('completions'));
    expect(requiredCapability('completion/complete', {}, '2099-01-01', 'c2s')).toEqual(srv('completions'));
  });

  it('resolves sampling/createMessage conditions in 2025-11-25 only', () => {
    expect(requiredCapability('sampling/createMessage', { messages: [] }, L, 's2c')).toEqual(cli('sampling'));
    expect(requiredCapability('sampling/createMessage', { tools: [] }, L, 's2c')).toEqual(cli('sampling.tools'));
    expect(requiredCapability('sampling/createMessage', { toolChoice: { mode: 'auto' } }, L, 's2c')).toEqual(
      cli('sampling.tools'),
    );
    expect(requiredCapability('sampling/createMessage', { task: { ttl: 1000 } }, L, 's2c')).toEqual(
      cli('tasks.requests.sampling.createMessage'),
    );
    // First match wins: tools before task.
    expect(requiredCapability('sampling/createMessage', { tools: [], task: {} }, L, 's2c')).toEqual(
      cli('sampling.tools'),
    );
    // Before 2025-11-25 the params did not exist: fall back to the base capability.
    expect(requiredCapability('sampling/createMessage', { tools: [], task: {} }, '2025-06-18', 's2c')).toEqual(
      cli('sampling'),
    );
  });

  it('marks the includeContext requirement as SHOULD', () => {
    expect(requiredCapability('sampling/createMessage', { includeContext: 'thisServer' }, L, 's2c')).toEqual({
      ...cli('sampling.context'),
      level: 'should',
    });
    expect(requiredCapability('sampling/createMessage', { includeContext: 'none' }, L, 's2c')).toEqual(cli('sampling'));
    expect(requiredCapability('sampling/createMessage', { includeContext: 'allServers' }, '2024-11-05', 's2c')).toEqual(
      cli('sampling'),
    );
  });

  it('resolves elicitation/create by revision and mode', () => {
    expect(requiredCapability('elicitation/create', { message: 'hi' }, '2025-06-18', 's2c')).toEqual(
      cli('elicitation'),
    );
    expect(requiredCapability('elicitation/create', { mode: 'url' }, '2025-06-18', 's2c')).toEqual(cli('elicitation'));
    expect(requiredCapability('elicitation/create', { mode: 'url', url: 'https://x' }, L, 's2c')).toEqual(
      cli('elicitation.url'),
    );
    expect(requiredCapability('elicitation/create', { mode: 'form' }, L, 's2c')).toEqual(cli('elicitation.form'));
    expect(requiredCapability('elicitation/create', { message: 'hi' }, L, 's2c')).toEqual(cli('elicitation.form'));
    expect(requiredCapability('elicitation/create', { task: {} }, L, 's2c')).toEqual(
      cli('tasks.requests.elicitation.create'),
    );
    // An unknown mode matches no condition: only the base capability is certain.
    expect(requiredCapability('elicitation/create', { mode: 'telepathy' }, L, 's2c')).toEqual(cli('elicitation'));
    // A null param counts as absent.
    expect(requiredCapability('elicitation/create', { mode: null, task: null }, L, 's2c')).toEqual(
      cli('elicitation.form'),
    );
  });

  it('maps notifications/elicitation/complete to elicitation.url', () => {
    expect(requiredCapability('notifications/elicitation/complete', { elicitationId: 'e' }, L, 's2c')).toEqual(
      cli('elicitation.url'),
    );
  });

  it('needs tasks.requests.tools.call for a task-augmented tools/call', () => {
    expect(requiredCapability('tools/call', { name: 't' }, L, 'c2s')).toEqual(srv('tools'));
    expect(requiredCapability('tools/call', { name: 't', task: { ttl: 60000 } }, L, 'c2s')).toEqual(
      srv('tasks.requests.tools.call'),
    );
    expect(requiredCapability('tools/call', { name: 't', task: {} }, '2025-06-18', 'c2s')).toEqual(srv('tools'));
  });

  it('resolves the tasks/* receiver from the sender direction', () => {
    expect(requiredCapability('tasks/list', {}, L, 'c2s')).toEqual(srv('tasks.list'));
    expect(requiredCapability('tasks/list', {}, L, 's2c')).toEqual(cli('tasks.list'));
    expect(requiredCapability('tasks/cancel', { taskId: 'a' }, L, 's2c')).toEqual(cli('tasks.cancel'));
    expect(requiredCapability('tasks/get', { taskId: 'a' }, L, 'c2s')).toEqual(srv('tasks'));
    expect(requiredCapability('tasks/result', { taskId: 'a' }, L, 's2c')).toEqual(cli('tasks'));
    expect(requiredCapability('tasks/list', {}, L, 'unknown')).toBeNull();
  });

  it('puts notifications/tasks/status on its sender (the task receiver)', () => {
    expect(requiredCapability('notifications/tasks/status', {}, L, 's2c')).toEqual(srv('tasks'));
    expect(requiredCapability('notifications/tasks/status', {}, L, 'c2s')).toEqual(cli('tasks'));
    expect(requiredCapability('notifications/tasks/status', {}, L, 'unknown')).toBeNull();
  });

  it('keeps a fixed side whatever the direction says', () => {
    expect(requiredCapability('resources/list', {}, L, 'unknown')).toEqual(srv('resources'));
    expect(requiredCapability('roots/list', {}, L, 'c2s')).toEqual(cli('roots'));
  });

  it('is not fooled by hostile or odd params', () => {
    const proto = JSON.parse('{"__proto__": {"task": {}}}');
    expect(requiredCapability('tools/call', proto, L, 'c2s')).toEqual(srv('tools'));
    expect(requiredCapability('tools/call', Object.create({ task: {} }), L, 'c2s')).toEqual(srv('tools'));
    for (const params of [null, undefined, 'task', 7, ['task']]) {
      expect(requiredCapability('tools/call', params, L, 'c2s')).toEqual(srv('tools'));
      expect(requiredCapability('elicitation/create', params, L, 's2c')).toEqual(cli('elicitation.form'));
    }
  });
});

describe('requiredCapabilities', () => {
  it('lists every matching requirement, then the base one', () => {
    expect(requiredCapabilities('tools/call', { task: {} }, L, 'c2s')).toEqual([
      srv('tasks.requests.tools.call'),
      srv('tools'),
    ]);
    expect(requiredCapabilities('elicitation/create', { task: {} }, L, 's2c')).toEqual([
      cli('tasks.requests.elicitation.create'),
      cli('elicitation.form'),
      cli('elicitation'),
    ]);
    expect(requiredCapabilities('sampling/createMessage', { tools: [], toolChoice: {} }, L, 's2c')).toEqual([
      cli('sampling.tools'),
      cli('sampling'),
    ]);
  });

  it('is empty when nothing is needed', () => {
    expect(requiredCapabilities('ping', {}, L, 'c2s')).toEqual([]);
    expect(requiredCapabilities('completion/complete', {}, '2024-11-05', 'c2s')).toEqual([]);
    expect(requiredCapabilities('nope', {}, L, 'c2s')).toEqual([]);
  });

  it('starts with what requiredCapability returns', () => {
    const cases: [string, unknown, string, 'c2s' | 's2c'][] = [
      ['elicitation/create', { mode: 'url', task: {} }, L, 's2c'],
      ['sampling/createMessage', { includeContext: 'allServers' }, L, 's2c'],
      ['tasks/cancel', {}, L, 's2c'],
      ['resources/subscribe', {}, '2024-11-05', 'c2s'],
    ];
    for (const [m, p, r, d] of cases)
      expect(requiredCapabilities(m, p, r, d)[0]).toEqual(requiredCapability(m, p, r, d));
  });
});
