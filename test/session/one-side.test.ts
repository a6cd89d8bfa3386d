// A raw log of one side of a session (a server's stdout): its responses are the server's, not orphans.
import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { initRes, msg, note, req, res, resetLines } from '../helpers/frames.js';

function run(frames: Frame[]) {
  const a = new Analyzer();
  const input = a.input('t.ndjson');
  const records: PipelineRecord[] = frames.flatMap((f) => input.push(f));
  const ended = input.end();
  return { records, ended, ...a.summary() };
}

const rules = (r: PipelineRecord) => r.findings.map((f) => f.rule);

beforeEach(resetLines);

describe('a server-side-only raw log', () => {
  // What `server < requests.ndjson | mcptrace annotate -` reads: the server's stdout only.
  const stdout = () => [
    msg('unknown', initRes(0, { tools: { listChanged: true } })),
    msg('unknown', note('notifications/tools/list_changed')),
    msg('unknown', res(1, { tools: [] })),
    msg('unknown', req(0, 'roots/list')),
    msg('unknown', { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } }),
  ];

  it("reads its responses as the server's (inferred), and not as orphans", () => {
    const { records, findings } = run(stdout());
    expect(records.map((r) => [r.kind, r.dir, r.dirInferred])).toEqual([
      ['response', 's2c', true],
      ['notification', 's2c', true],
      ['response', 's2c', true],
      ['request', 's2c', true],
      ['error', 's2c', true],
    ]);
    expect(records.flatMap(rules)).not.toContain('orphan-response');
    // The server's own request is still open at the end: the client's answer is not in this log.
    expect(findings.map((f) => [f.rule, f.seq])).toEqual([['unanswered-request', 4]]);
  });

  it('reads the server info, revision and capabilities from the initialize result', () => {
    const { records, sessions } = run(stdout());
    expect(records[0]).toMatchObject({
      method: 'initialize',
      primitive: 'base',
      feature: 'lifecycle',
      phase: 'initialization',
      pair: null,
    });
    expect(records[1]).toMatchObject({
      phase: 'operation',
      capability: { side: 'server', path: 'tools.listChanged', negotiated: true },
    });
    expect(sessions[0]).toMatchObject({
      serverInfo: { name: 'test-server', version: '2.0.0' },
      negotiatedRevision: '2025-11-25',
      serverCapabilities: { tools: { listChanged: true } },
      clientInfo: null,
      clientCapabilities: null,
      initializeSeen: false,
      onlySide: 'server',
    });
  });

  it('says so on the session and the input', () => {
    const { ended } = run(stdout());
    expect(ended).toMatchObject({ messages: 5, onlySide: 'server' });
  });
});

describe('not one-sided', () => {
  it('a response to no request after a client message is an orphan, as before', () => {
    const { records, sessions, ended } = run([
      msg('unknown', req(1, 'tools/list')),
      msg('unknown', res(1)),
      msg('unknown', res(42)),
    ]);
    expect(records[2]).toMatchObject({ dir: 'unknown', pair: null });
    expect(rules(records[2]!)).toEqual(['orphan-response']);
    expect(sessions[0]!.onlySide).toBeNull();
    expect(ended.onlySide).toBeNull();
  });

  it('a log whose directions are read is never taken for one side (an orphan there is an orphan)', () => {
    const { records, sessions } = run([msg('s2c', res(42))]);
    expect(rules(records[0]!)).toEqual(['orphan-response']);
    expect(sessions[0]!.onlySide).toBeNull();
  });

  it('a later client message shows the log was two-sided after all', () => {
    const { sessions, ended } = run([
      msg('unknown', res(7)),
      msg('unknown', req(8, 'tools/list')),
      msg('unknown', res(8)),
    ]);
    expect(sessions[0]!.onlySide).toBeNull();
    expect(ended.onlySide).toBeNull();
  });
});

describe('a client-side-only raw log', () => {
  it('says so; its requests stay unanswered', () => {
    const { sessions, ended, findings } = run([
      msg(
        'unknown',
        req(0, 'initialize', {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'c', version: '1' },
        }),
      ),
      msg('unknown', note('notifications/initialized')),
      msg('unknown', req(1, 'tools/list')),
    ]);
    expect(sessions[0]!.onlySide).toBe('client');
    expect(ended.onlySide).toBe('client');
    expect(findings.filter((f) => f.rule === 'unanswered-request')).toHaveLength(2);
  });
});
