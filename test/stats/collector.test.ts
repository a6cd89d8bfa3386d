// StatsCollector on hand-built sequences: totals, lifecycle/operation split, methods, tools, errors, pairs, sessions, bounds.
import { describe, expect, it } from 'vitest';
import { StatsCollector } from '../../src/stats/collector.js';
import type { Stats } from '../../src/stats/types.js';
import type { PipelineRecord } from '../../src/types.js';
import { openRequest, Seq, sessionInfo } from '../helpers/records.js';

const TS = (ms: number) => ({
  ts: new Date(Date.UTC(2025, 5, 18, 12, 0, 0) + ms).toISOString(),
  wire: { tsMs: Date.UTC(2025, 5, 18, 12, 0, 0) + ms },
});
const call = (name: string) => ({ primitive: 'tools' as const, feature: null, message: { params: { name } } });

/** A session: handshake, three tool calls (one error, one isError), an open ping, an orphan, junk, an event, a late log. */
function scenario() {
  const s = new Seq();
  const init = s.request('initialize', 0, { phase: 'initialization', feature: 'lifecycle', ...TS(0) }); // 1
  s.response(init, 20, {}, { phase: 'initialization', ...TS(20) }); // 2
  s.notification('notifications/initialized', { phase: 'initialization', feature: 'lifecycle', ...TS(25) }); // 3
  const echo = s.request('tools/call', 1, call('echo')); // 4
  const add = s.request('tools/call', 2, call('add')); // 5
  s.response(add, 30); // 6
  s.response(echo, 50, { content: [], isError: true }); // 7
  const echo2 = s.request('tools/call', 3, call('echo')); // 8
  s.error(echo2, 10, -32602, 'Unknown tool'); // 9
  s.request('ping', 4); // 10, never answered
  s.response(null, null); // 11, orphan
  s.add({
    kind: 'invalid',
    method: null,
    primitive: null,
    feature: null,
    id: null,
    message: null,
    raw: '{x',
    wire: { text: null },
    bytes: 2,
  }); // 12
  s.add({
    kind: 'event',
    method: null,
    primitive: null,
    feature: null,
    id: null,
    message: null,
    event: { name: 'exit' },
    ts: TS(1000).ts,
    wire: { text: null, tsMs: TS(1000).wire.tsMs },
  }); // 13
  s.request('resources/read', 5, { primitive: 'resources', feature: null, ...TS(500) }); // 14, cancelled
  s.notification('notifications/message', { phase: 'shutdown', feature: 'logging', dir: 's2c' }); // 15, after stdin closed
  const open = [
    openRequest({ seq: 10, method: 'ping', id: 4 }),
    openRequest({ seq: 14, method: 'resources/read', id: 5, cancelled: true }),
  ];
  return { records: s.records, open };
}

function collect(
  records: PipelineRecord[],
  sessions = [sessionInfo()],
  open = scenario().open,
  c = new StatsCollector(),
): Stats {
  for (const r of records) c.add(r);
  return c.finish(sessions, open);
}

const sum = (rs: PipelineRecord[]) => rs.reduce((a, r) => a + r.bytes, 0);

describe('StatsCollector totals and split', () => {
  const { records, open } = scenario();
  const st = collect(records, [sessionInfo()], open);
  const messages = records.filter((r) => r.kind !== 'event');

  it('counts every record except events as a message; events apart', () => {
    expect(st.messages).toBe(14);
    expect(st.bytes).toBe(sum(messages));
    expect(st.events).toBe(1);
    expect(st.invalid).toBe(1);
    expect(st.byKind).toEqual({
      request: { messages: 6, bytes: sum(messages.filter((r) => r.kind === 'request')) },
      response: { messages: 4, bytes: sum(messages.filter((r) => r.kind === 'response')) },
      error: { messages: 1, bytes: sum(messages.filter((r) => r.kind === 'error')) },
      notification: { messages: 2, bytes: sum(messages.filter((r) => r.kind === 'notification')) },
      invalid: { messages: 1, bytes: 2 },
    });
    expect(st.byDirection.c2s.messages + st.byDirection.s2c.messages).toBe(14);
    expect(st.byPrimitive.tools.messages).toBe(6);
    expect(st.byPrimitive.unknown.messages).toBe(2); // the orphan and the invalid record
    expect(Object.keys(st.byPrimitive)).toEqual([
      'tools',
      'resources',
      'prompts',
      'roots',
      'sampling',
      'elicitation',
      'base',
      'unknown',
    ]);
  });

  it('splits lifecycle (initialization + shutdown) from operation, share by messages and by bytes', () => {
    const life = messages.filter((r) => r.phase !== 'operation');
    expect(st.byPhase.initialization.messages).toBe(3);
    expect(st.byPhase.shutdown.messages).toBe(1);
    expect(st.lifecycle).toEqual({
      messages: 4,
      bytes: sum(life),
      share: 0.2857,
      byteShare: Math.round((sum(life) / st.bytes) * 1e4) / 1e4,
    });
    expect(st.operation.messages).toBe(10);
    expect(st.operation.share).toBe(0.7143);
    expect(st.lifecycle.byteShare + st.operation.byteShare).toBeCloseTo(1, 3);
  });

  it('per method: count of requests/notifications, errors, latency from responses', () => {
    expect(st.methods['tools/call']).toEqual({ count: 3, errors: 1, latencyMs: { p50: 30, p95: 50, max: 50 } });
    expect(st.methods.initialize).toEqual({ count: 1, errors: 0, latencyMs: { p50: 20, p95: 20, max: 20 } });
    expect(st.methods.ping).toEqual({ count: 1, errors: 0, latencyMs: { p50: null, p95: null, max: null } });
    expect(Object.keys(st.methods)).toEqual([
      'initialize',
      'notifications/initialized',
      'notifications/message',
      'ping',
      'resources/read',
      'tools/call',
    ]);
  });

  it('per tool: calls by params.name, errors, isError results, latency from the paired response', () => {
    expect(st.tools).toEqual({
      add: { count: 1, errors: 0, isError: 0, latencyMs: { p50: 30, p95: 30, max: 30 } },
      echo: { count: 2, errors: 1, isError: 1, latencyMs: { p50: 10, p95: 50, max: 50 } },
    });
  });

  it('errors by code with names from the protocol table', () => {
    expect(st.errors).toEqual({ '-32602': { count: 1, name: 'Invalid params' } });
  });

  it('pairs: answered, orphans, and the open list split into unanswered and cancelled', () => {
    expect(st.pairs).toEqual({ answered: 4, unanswered: 1, cancelled: 1, orphans: 1 });
  });

  it('time span from the earliest to the latest wire time', () => {
    expect(st.timeSpan).toEqual({
      first: '2025-06-18T12:00:00.000Z',
      last: '2025-06-18T12:00:01.000Z',
      durationMs: 1000,
      clockOnly: [],
    });
  });

  it('session entry joins counts with the SessionInfo header', () => {
    expect(st.sessions).toHaveLength(1);
    const s0 = st.sessions[0]!;
    expect(s0).toMatchObject({
      key: '1',
      file: 'log.ndjson',
      client: { name: 'test-client', version: '1.0.0' },
      server: { name: 'test-server', version: '2.0.0' },
      requestedRevision: '2025-06-18',
      negotiatedRevision: '2025-06-18',
      messages: 14,
      bytes: st.bytes,
      events: 1,
      pairs: { answered: 4, unanswered: 1, cancelled: 1, orphans: 1 },
    });
    expect(s0.lifecycle).toEqual(st.lifecycle);
    expect(s0.methods['tools/call']).toEqual(st.methods['tools/call']);
  });
});

describe('StatsCollector edge cases', () => {
  it('is all zeros and nulls on empty input', () => {
    const st = new StatsCollector().finish([], []);
    expect(st.messages).toBe(0);
    expect(st.lifecycle).toEqual({ messages: 0, bytes: 0, share: 0, byteShare: 0 });
    expect(st.timeSpan).toEqual({ first: null, last: null, durationMs: null, clockOnly: [] });
    expect(st.sessions).toEqual([]);
  });

  it('keeps sessions apart, in SessionInfo order, adds sessions seen only in records, and leaves out sessions without a message', () => {
    const a = new Seq({ session: 'A' });
    const b = new Seq({ session: 'B' });
    const x = new Seq({ session: 'X' });
    const recs = [a.request('ping', 1), b.request('ping', 1), b.request('ping', 2), x.request('ping', 1)];
    const st = collect(
      recs,
      [sessionInfo({ key: 'B' }), sessionInfo({ key: 'A', clientInfo: null }), sessionInfo({ key: 'EMPTY' })],
      [openRequest({ session: 'B' })],
    );
    expect(st.sessions.map((s) => [s.key, s.messages, s.pairs.unanswered])).toEqual([
      ['B', 2, 1],
      ['A', 1, 0],
      ['X', 1, 0],
    ]);
    expect(st.sessions[1]!.client).toEqual({ name: null, version: null });
    expect(st.sessions[2]!.file).toBeNull();
  });

  it('caps distinct methods, tools and sessions, folding the rest into (other)', () => {
    const s = new Seq();
    const recs: PipelineRecord[] = [];
    for (let i = 0; i < 10; i++) recs.push(s.request(`m${i}`, i));
    for (let i = 0; i < 10; i++) recs.push(s.request('tools/call', 100 + i, { ...call(`t${i}`), session: `s${i}` }));
    const st = collect(recs, [], [], new StatsCollector({ maxKeys: 3, maxSessions: 2 }));
    expect(Object.keys(st.methods)).toEqual(['m0', 'm1', 'm2', '(other)']);
    expect(st.methods['(other)']!.count).toBe(17);
    expect(Object.keys(st.tools)).toEqual(['t0', 't1', 't2', '(other)']);
    expect(st.tools['(other)']!.count).toBe(7);
    expect(st.sessions.map((x) => [x.key, x.messages])).toEqual([
      ['1', 10],
      ['s0', 1],
      ['(other)', 9],
    ]);
  });

  it('lists only the sessions with an entry of their own once the session cap is hit, not the rest with zero counts', () => {
    const recs: PipelineRecord[] = [];
    for (let i = 0; i < 5; i++) recs.push(new Seq({ session: `s${i}` }).request('ping', 1));
    const infos = [0, 1, 2, 3, 4, 5].map((i) => sessionInfo({ key: `s${i}` }));
    const open = [openRequest({ session: 's3' }), openRequest({ session: 's5' }), openRequest({ session: 's0' })];
    const st = collect(recs, infos, open, new StatsCollector({ maxSessions: 2 }));
    // s2…s4 were counted under (other), s5 had no records: none of them gets a (wrong, zero) entry of its own.
    expect(st.sessions.map((x) => [x.key, x.messages, x.pairs.unanswered])).toEqual([
      ['s0', 1, 1],
      ['s1', 1, 0],
      ['(other)', 3, 2],
    ]);
  });

  it('puts the open requests of unlisted sessions under (other) even when no record went there', () => {
    const recs = [new Seq({ session: 'a' }).request('ping', 1), new Seq({ session: 'b' }).request('ping', 1)];
    const st = collect(
      recs,
      ['a', 'b', 'c'].map((key) => sessionInfo({ key })),
      [openRequest({ session: 'c' })],
      new StatsCollector({ maxSessions: 2 }),
    );
    expect(st.sessions.map((x) => [x.key, x.messages, x.pairs.unanswered])).toEqual([
      ['a', 1, 0],
      ['b', 1, 0],
      ['(other)', 0, 1],
    ]);
  });

  it('forgets tools/call requests once answered and bounds those never answered', () => {
    const c = new StatsCollector({ maxPendingTools: 5 });
    const s = new Seq();
    const reqs = Array.from({ length: 100 }, (_, i) => s.request('tools/call', i, call('t')));
    for (const r of reqs) c.add(r);
    expect(c.pendingToolCount).toBe(5);
    for (const r of reqs.slice(-5)) c.add(s.response(r, 1));
    expect(c.pendingToolCount).toBe(0);
    expect(c.finish([], []).tools.t!.latencyMs.max).toBe(1);
  });

  it('uses an injected error-name lookup and keys errors without a numeric code as (none)', () => {
    const s = new Seq();
    const r = s.request('x', 1);
    const st = collect(
      [r, s.error(r, 1, 7), s.error(r, 1, 'bad'), s.error(r, 1, -32601)],
      [],
      [],
      new StatsCollector({ errorName: (c) => `name${c}` }),
    );
    expect(st.errors).toEqual({
      '7': { count: 1, name: 'name7' },
      '-32601': { count: 1, name: 'name-32601' },
      '(none)': { count: 1, name: 'no numeric code' },
    });
  });

  it('keeps 100,000 latency samples per method within 1% of exact p50/p95', () => {
    const c = new StatsCollector();
    const s = new Seq();
    const req = s.request('ping', 1);
    c.add(req);
    const values: number[] = [];
    for (let i = 0; i < 100_000; i++) {
      const v = 1 + ((i * 7919) % 100_000) / 100; // 1 … 1000 ms, a permutation
      values.push(v);
      c.add(s.response(req, v));
    }
    values.sort((a, b) => a - b);
    const exact = (q: number) => values[Math.ceil(q * values.length) - 1]!;
    const got = c.finish([], []).methods.ping!.latencyMs;
    expect(Math.abs(got.p50! - exact(0.5)) / exact(0.5)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(got.p95! - exact(0.95)) / exact(0.95)).toBeLessThanOrEqual(0.01);
    expect(got.max).toBe(1000.99);
  });
});

describe('StatsCollector and log records', () => {
  it('counts log lines apart: not messages, in no breakdown, not in the lifecycle/operation split', () => {
    const { records, open } = scenario();
    const without = collect(records, [sessionInfo()], open);
    const s = new Seq();
    const log = (phase: 'initialization' | 'operation') =>
      s.add({
        kind: 'log',
        method: null,
        primitive: null,
        feature: null,
        id: null,
        message: null,
        phase,
        level: 'info',
        text: 'Server started',
        lines: 1,
        bytes: 0,
        wire: { text: null },
      });
    const logs = [log('initialization'), log('operation'), log('operation')];
    const st = collect([...records, ...logs.map((r, i) => ({ ...r, seq: 100 + i }))], [sessionInfo()], open);
    expect(st.logs).toBe(3);
    expect(without.logs).toBe(0);
    const { logs: _a, sessions: sa, ...a } = st;
    const { logs: _b, sessions: sb, ...b } = without;
    expect(a).toEqual(b);
    expect(sa[0]!.logs).toBe(3);
    expect({ ...sa[0]!, logs: 0 }).toEqual(sb[0]);
  });

  it('merges log counts across --jobs states', () => {
    const s = new Seq();
    const one = new StatsCollector();
    one.add(
      s.add({
        kind: 'log',
        method: null,
        primitive: null,
        feature: null,
        id: null,
        message: null,
        level: null,
        text: 'x',
        lines: 1,
        bytes: 0,
        wire: { text: null },
      }),
    );
    const into = new StatsCollector();
    into.mergeFrom(one.exportState());
    into.mergeFrom(one.exportState());
    expect(into.finish([], []).logs).toBe(2);
  });
});
