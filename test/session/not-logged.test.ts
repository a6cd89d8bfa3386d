// Logs whose format never holds some messages (Frame.notLogged): their absence is not taken for the wire's.
import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import type { Frame, NotLogged, PipelineRecord } from '../../src/types.js';
import { err, event, initReq, initRes, msg, note, req, res, resetLines } from '../helpers/frames.js';

const ALL = ['requests', 'answers', 'notifications'] as const;
/** What a server's own log of what it received leaves out, and a client's. */
const SERVER_LOG: NotLogged = { server: ALL };
const CLIENT_LOG: NotLogged = { client: ALL };

function run(frames: Frame[]) {
  const a = new Analyzer();
  const input = a.input('t.log');
  const records: PipelineRecord[] = frames.flatMap((f) => input.push(f));
  const live = a.session(records[records.length - 1]!.session);
  const liveSide = live?.onlySide;
  const ended = input.end();
  return { records, ended, liveSide, ...a.summary() };
}

const rules = (records: PipelineRecord[], findings: { rule: string }[] = []) => [
  ...records.flatMap((r) => r.findings.map((f) => f.rule)),
  ...findings.map((f) => f.rule),
];

beforeEach(resetLines);

describe("a server's log of what it received (the client's side only)", () => {
  const received = (m: unknown) => msg('c2s', m, { notLogged: SERVER_LOG });
  const log = () => [
    event('start'),
    received(initReq(0)),
    received(note('notifications/initialized')),
    received(req(1, 'tools/list')),
    received(req(2, 'tools/call', { name: 'echo', _meta: { progressToken: 't' } })),
    received(note('notifications/cancelled', { requestId: 2 })),
    // The client's answer to a request of the server's that is not in the log, and progress on one.
    received(res(0, { roots: [] })),
    received(note('notifications/progress', { progressToken: 'srv-7', progress: 1 })),
    received(req(3, 'tools/list')),
  ];

  it('reports no request unanswered, no answer orphan, no request before the initialize response', () => {
    const { records, findings, open } = run(log());
    expect(rules(records, findings)).toEqual([]);
    expect(open).toEqual([]);
    expect(records.map((r) => r.dir)).toEqual(['unknown', 'c2s', 'c2s', 'c2s', 'c2s', 'c2s', 'c2s', 'c2s', 'c2s']);
  });

  it('is noted one-sided from its first message, live, and at its end', () => {
    const { sessions, ended, liveSide } = run(log());
    expect(liveSide).toBe('client');
    expect(sessions[0]).toMatchObject({
      onlySide: 'client',
      notLogged: { server: ['requests', 'answers', 'notifications'] },
      initializeSeen: true,
      initializedSeen: true,
    });
    expect(ended.onlySide).toBe('client');
  });

  it('a cancellation still finds the request it cancels', () => {
    const { records } = run(log());
    expect(records[5]!.findings).toEqual([]);
    const { records: again } = run([received(note('notifications/cancelled', { requestId: 99 }))]);
    expect(rules(again)).toEqual(['cancel-unknown-request']);
  });

  it('a reused id is still reported, as used earlier (not as open: its answer is never in the log)', () => {
    const { records } = run([received(req(1, 'tools/list')), received(req(1, 'tools/list'))]);
    expect(records[1]!.findings.map((f) => [f.rule, f.message])).toEqual([
      ['duplicate-request-id', 'id 1 was already used by request #1 from the same sender earlier in this session'],
    ]);
  });
});

describe("a client's log of what it received (the server's side only)", () => {
  const received = (m: unknown) => msg('s2c', m, { notLogged: CLIENT_LOG });

  it('reads the initialize result among its answers; no orphan, no missing notifications/initialized, no unanswered server request', () => {
    const { records, findings, sessions } = run([
      received(initRes('c-0', { tools: { listChanged: true } })),
      received(res('c-1', { tools: [] })),
      received(req(0, 'roots/list')),
      received(err('c-2', -32601, 'Method not found')),
      received(note('notifications/progress', { progressToken: 'c-tok', progress: 1 })),
      received(note('notifications/tools/list_changed')),
    ]);
    expect(rules(records, findings)).toEqual([]);
    expect(records[0]).toMatchObject({ method: 'initialize', phase: 'initialization', pair: null });
    expect(records[5]).toMatchObject({
      phase: 'operation',
      capability: { side: 'server', path: 'tools.listChanged', negotiated: true },
    });
    expect(sessions[0]).toMatchObject({
      onlySide: 'server',
      serverInfo: { name: 'test-server', version: '2.0.0' },
      negotiatedRevision: '2025-11-25',
    });
  });
});

describe("a log that leaves out the client's notifications and answers (the Inspector's first port)", () => {
  const NO_CLIENT_NOTES: NotLogged = { client: ['notifications', 'answers'] };
  const m = (dir: 'c2s' | 's2c', x: unknown) => msg(dir, x, { notLogged: NO_CLIENT_NOTES });

  it("operates after the initialize result; the server's requests are not unanswered, the client's still are", () => {
    const { records, findings, sessions } = run([
      m('c2s', initReq(0, { roots: {} })),
      m('s2c', initRes(0, { tools: {} })),
      m('s2c', req(0, 'roots/list')),
      m('c2s', req(1, 'tools/list')),
      m('s2c', res(1, { tools: [] })),
      m('c2s', req(2, 'tools/list')),
    ]);
    expect(records.map((r) => r.phase)).toEqual([
      'initialization',
      'initialization',
      'operation',
      'operation',
      'operation',
      'operation',
    ]);
    expect(rules(records, findings)).toEqual(['unanswered-request']);
    expect(findings[0]).toMatchObject({ seq: 6 });
    expect(sessions[0]).toMatchObject({ onlySide: null, notLogged: { client: ['answers', 'notifications'] } });
  });
});

describe('what the log turns out to hold, and logs that hold everything', () => {
  it('a class of message the log holds after all is no longer taken for missing', () => {
    const { records, findings, sessions } = run([
      msg('c2s', req(1, 'tools/list'), { notLogged: SERVER_LOG }),
      msg('c2s', req(2, 'tools/list'), { notLogged: SERVER_LOG }),
      msg('s2c', res(1, { tools: [] })),
      msg('s2c', res(42)),
    ]);
    expect(rules(records, findings)).toEqual(['orphan-response', 'unanswered-request']);
    expect(sessions[0]).toMatchObject({ onlySide: null, notLogged: { server: ['requests', 'notifications'] } });
  });

  it('a two-sided log cut short (an initialize, then the server crashed) is no one-sided log: the request is unanswered', () => {
    const { findings, sessions, ended } = run([event('start'), msg('c2s', initReq(0)), event('exit')]);
    expect(findings.map((f) => [f.rule, f.seq])).toEqual([['unanswered-request', 2]]);
    expect(sessions[0]).toMatchObject({ onlySide: null, notLogged: null });
    expect(ended.onlySide).toBeNull();
  });

  it("a two-sided log of the server's messages alone keeps its orphans and its missing notifications/initialized", () => {
    const { records, findings } = run([
      msg('c2s', initReq(0)),
      msg('s2c', initRes(0, { tools: {} })),
      msg('c2s', req(1, 'tools/list')),
      msg('s2c', res(7)),
    ]);
    expect(rules(records, findings)).toEqual(['missing-initialized', 'orphan-response', 'unanswered-request']);
  });
});
