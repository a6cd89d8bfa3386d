import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import type { Frame } from '../../src/types.js';
import { event, initReq, initRes, msg, note, req, res, resetLines } from '../helpers/frames.js';

function run(frames: Frame[]) {
  const a = new Analyzer();
  const input = a.input('t.ndjson');
  const records = frames.flatMap((f) => input.push(f));
  input.end();
  return { records, ...a.summary() };
}

beforeEach(resetLines);

describe('phases and sessions', () => {
  it('walks initialization → operation → shutdown', () => {
    const { records, sessions } = run([
      event('start'),
      msg('c2s', initReq(0, { roots: { listChanged: true } })),
      msg('s2c', initRes(0, { tools: { listChanged: true } })),
      msg('c2s', note('notifications/initialized')),
      msg('c2s', req(1, 'tools/list')),
      msg('s2c', res(1, { tools: [] })),
      event('stdin-closed'),
      event('exit'),
    ]);
    expect(records.map((r) => r.phase)).toEqual([
      'initialization', 'initialization', 'initialization', 'initialization', 'operation', 'operation', 'shutdown', 'shutdown',
    ]);
    expect(records[0]).toMatchObject({ kind: 'event', event: { name: 'start' } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      key: '1', requestedRevision: '2025-11-25', negotiatedRevision: '2025-11-25', initializeSeen: true, initializedSeen: true,
      clientInfo: { name: 'test-client' }, serverInfo: { name: 'test-server' }, transport: 'stdio',
    });
  });

  it('treats a log that starts mid-session as operation with negotiated null', () => {
    const { records } = run([msg('c2s', req(9, 'resources/subscribe', { uri: 'x://a' })), msg('s2c', res(9))]);
    expect(records[0]).toMatchObject({
      phase: 'operation',
      capability: { side: 'server', path: 'resources.subscribe', negotiated: null },
    });
    expect(records[1].capability).toEqual(records[0].capability);
  });

  it('starts a new session at each new initialize', () => {
    const { records, sessions } = run([
      msg('c2s', initReq(0)), msg('s2c', initRes(0)), msg('c2s', note('notifications/initialized')),
      msg('c2s', req(1, 'ping')), msg('s2c', res(1)),
      msg('c2s', initReq(0)), msg('s2c', initRes(0)),
    ]);
    expect(records.map((r) => r.session)).toEqual(['1', '1', '1', '1', '1', '2', '2']);
    expect(records[6].pair).toBe(6);
    expect(sessions.map((s) => s.key)).toEqual(['1', '2']);
  });

  it('keys sessions by the envelope session id and pairs within each', () => {
    const { records } = run([
      msg('c2s', req(1, 'tools/list'), { session: 'A' }),
      msg('c2s', req(1, 'tools/list'), { session: 'B' }),
      msg('s2c', res(1, { tools: [] }), { session: 'B' }),
      msg('s2c', res(1, { tools: [] }), { session: 'A' }),
    ]);
    expect(records.map((r) => [r.session, r.pair])).toEqual([['A', null], ['B', null], ['B', 2], ['A', 1]]);
    expect(records.flatMap((r) => r.findings)).toEqual([]);
  });

  it('annotates capabilities and whether they were negotiated', () => {
    const { records } = run([
      msg('c2s', initReq(0, { sampling: {}, elicitation: {} })),
      msg('s2c', initRes(0, { resources: { subscribe: false, listChanged: true }, tools: {} })),
      msg('c2s', note('notifications/initialized')),
      msg('c2s', req(1, 'resources/subscribe', { uri: 'x://a' })),
      msg('s2c', note('notifications/resources/list_changed')),
      msg('s2c', note('notifications/tools/list_changed')),
      msg('s2c', req(1, 'sampling/createMessage', { messages: [], maxTokens: 5, tools: [] })),
      msg('s2c', req(2, 'elicitation/create', { mode: 'url', url: 'https://x', message: 'm', elicitationId: 'e' })),
      msg('s2c', req(3, 'elicitation/create', { message: 'm', requestedSchema: { type: 'object', properties: {} } })),
      msg('c2s', req(2, 'ping')),
    ]);
    const caps = records.map((r) => r.capability);
    expect(caps[0]).toBeNull();
    expect(caps[3]).toEqual({ side: 'server', path: 'resources.subscribe', negotiated: false });
    expect(caps[4]).toEqual({ side: 'server', path: 'resources.listChanged', negotiated: true });
    expect(caps[5]).toEqual({ side: 'server', path: 'tools.listChanged', negotiated: false });
    expect(caps[6]).toEqual({ side: 'client', path: 'sampling.tools', negotiated: false });
    expect(caps[7]).toEqual({ side: 'client', path: 'elicitation.url', negotiated: false });
    expect(caps[8]).toEqual({ side: 'client', path: 'elicitation.form', negotiated: true });
    expect(caps[9]).toBeNull();
  });

  it('moves to operation when the client goes on without notifications/initialized', () => {
    const { records } = run([msg('c2s', initReq(0)), msg('s2c', initRes(0)), msg('c2s', req(1, 'ping')), msg('c2s', req(2, 'tools/list'))]);
    expect(records.map((r) => r.phase)).toEqual(['initialization', 'initialization', 'initialization', 'operation']);
  });
});
