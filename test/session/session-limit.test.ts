// The live-session bound (`maxSessions`, `--max-sessions`): least recently active sessions are retired, their open
// requests reported unanswered, the sessions that stay are analysed exactly as without the bound.
import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer, type AnalyzerOptions } from '../../src/analyzer.js';
import type { SessionState } from '../../src/session/state.js';
import { CLOSED_SESSIONS_KEPT, LiveSessions } from '../../src/session/live-sessions.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { event, initReq, initRes, msg, note, req, res, resetLines } from '../helpers/frames.js';

beforeEach(resetLines);

/** A frame of keyed session `key`. */
const on = (key: string, dir: 'c2s' | 's2c', message: unknown): Frame => msg(dir, message, { session: key });

function run(frames: Frame[], opts: AnalyzerOptions = {}) {
  const a = new Analyzer(opts);
  const input = a.input('t.ndjson');
  const records: PipelineRecord[] = [];
  let maxLive = 0;
  for (const f of frames) {
    records.push(...input.push(f));
    maxLive = Math.max(maxLive, a.sessionCounts().live);
  }
  const counts = a.sessionCounts();
  input.end();
  return { records, maxLive, counts, ended: a.sessionCounts(), ...a.summary() };
}

const rules = (r: PipelineRecord) => r.findings.map((f) => f.rule);
/** Records without their findings, for comparing what the session stage made of them. */
const bare = (r: PipelineRecord) => ({ ...r, findings: r.findings.filter((f) => f.rule !== 'session-limit') });

/**
 * The calls `fn` makes of Map's methods and of its iterators' `next`: what a structure built on Maps costs, as a
 * count (a loop over the sessions shows; V8's own walk over deleted slots, which OldestFirst amortises, does not).
 * Patched by hand rather than spied on: a spy keeps its own records.
 */
function countMapSteps(fn: () => void): number {
  const iterator = Object.getPrototypeOf(new Map().entries()) as Record<string, unknown>;
  const map = Map.prototype as unknown as Record<string | symbol, unknown>;
  const targets: [Record<string | symbol, unknown>, string | symbol][] = [
    ...(['get', 'set', 'has', 'delete', 'clear', 'entries', 'keys', 'values', 'forEach', Symbol.iterator] as const).map(
      (k) => [map, k] as [Record<string | symbol, unknown>, string | symbol],
    ),
    [iterator, 'next'],
  ];
  let steps = 0;
  const saved = targets.map(([o, k]) => [o, k, o[k]] as const);
  for (const [o, k, f] of saved) {
    o[k] = function (this: unknown, ...args: unknown[]) {
      steps++;
      return (f as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    fn();
  } finally {
    for (const [o, k, f] of saved) o[k] = f;
  }
  return steps;
}

describe('LiveSessions', () => {
  const s = (n: number) => ({ n }) as unknown as SessionState;

  it('pushes out the least recently touched session, never the newest', () => {
    const live = new LiveSessions<string>(2);
    const [a, b, c, d] = [s(1), s(2), s(3), s(4)];
    expect(live.add(a, 'x')).toBeUndefined();
    expect(live.add(b, 'y')).toBeUndefined();
    live.touch(a);
    expect(live.add(c, 'z')).toEqual({ session: b, owner: 'y' });
    expect([live.has(a), live.has(b), live.has(c)]).toEqual([true, false, true]);
    live.remove(a);
    expect(live.add(d, 'w')).toBeUndefined();
    expect(live.size).toBe(2);
    expect(live.evicted).toBe(1);
  });

  it('keeps evicting in recency order over many touches and evictions', () => {
    const live = new LiveSessions<number>(3);
    const all = Array.from({ length: 1000 }, (_, i) => s(i));
    const out: number[] = [];
    for (let i = 0; i < all.length; i++) {
      const e = live.add(all[i]!, i);
      if (e) out.push(e.owner);
      if (i >= 1) live.touch(all[i - 1]!);
      expect(live.size).toBeLessThanOrEqual(3);
    }
    // Adding session i pushes out session i - 3: the oldest of the three live, though i - 1 was touched after it.
    expect(out).toEqual(Array.from({ length: 997 }, (_, i) => i));
  });

  it('takes as many Map steps per touch, add, eviction and close with 100,000 live sessions as with 1,000', () => {
    const ROUNDS = 300;
    /** The Map steps of the same ROUNDS rounds on `limit` live sessions (limit > 2 * ROUNDS: every touch finds its session). */
    const stepsWith = (limit: number) => {
      const live = new LiveSessions<number>(limit, 8);
      const all = Array.from({ length: limit + 2 * ROUNDS }, (_, i) => s(i));
      for (let i = 0; i < limit; i++) live.add(all[i]!, i);
      const evicted: number[] = [];
      const steps = countMapSteps(() => {
        for (let k = 0; k < ROUNDS; k++) {
          live.touch(all[2 * k]!); // the oldest live session becomes the newest
          const e = live.add(all[limit + 2 * k]!, limit + 2 * k); // evicts the oldest live one
          if (e) evicted.push(e.owner);
          live.close(all[limit + 2 * k]!);
          const c = live.add(all[limit + 2 * k + 1]!, limit + 2 * k + 1); // evicts the closed one first
          if (c) evicted.push(c.owner);
        }
      });
      expect(live.size).toBe(limit);
      expect(evicted.slice(0, 4)).toEqual([1, limit, 3, limit + 2]);
      return steps;
    };
    const small = stepsWith(1_000);
    expect(small).toBeGreaterThan(ROUNDS * 4);
    expect(stepsWith(10_000)).toBe(small);
    expect(stepsWith(100_000)).toBe(small);
  });
});

describe('maxSessions', () => {
  it('retires the least recently active session, not an active one, and reports it once', () => {
    const { records, open, findings, maxLive, counts } = run(
      [
        on('a', 'c2s', req(1, 'tools/list')),
        on('b', 'c2s', req(1, 'tools/list')), // b's request stays open
        on('a', 's2c', res(1, { tools: [] })), // a is now the more recently active
        on('c', 'c2s', req(1, 'tools/list')), // third session: b is retired
        on('a', 'c2s', req(2, 'tools/list')),
        on('a', 's2c', res(2, { tools: [] })),
        on('c', 's2c', res(1, { tools: [] })),
        on('d', 'c2s', req(1, 'ping')), // a new session again: a (last record #6) is older than c (#7), a is retired
        on('d', 's2c', res(1)),
      ],
      { maxSessions: 2 },
    );
    expect(maxLive).toBe(2);
    expect(counts).toEqual({ live: 2, retired: 2 });
    expect(rules(records[3]!)).toEqual(['session-limit']);
    expect(records[3]!.findings[0]!.message).toBe(
      'more than 2 sessions at once: stopped tracking the least recently active one (last record #2); raise --max-sessions to keep more',
    );
    // The second retirement (session a, at #8) is not reported again.
    expect(records.flatMap(rules).filter((r) => r === 'session-limit')).toHaveLength(1);
    // a and c went on pairing as usual: nothing was lost from them.
    expect(records.map((r) => r.pair)).toEqual([null, null, 1, null, null, 5, 4, null, 8]);
    expect(records.flatMap(rules).filter((r) => r === 'orphan-response')).toEqual([]);
    // b's open request is listed and reported as never answered.
    expect(open).toMatchObject([{ seq: 2, session: 'b', method: 'tools/list' }]);
    expect(findings.map((f) => [f.rule, f.seq, f.session])).toEqual([['unanswered-request', 2, 'b']]);
  });

  it('never lets more than N sessions be live, and lists every retired open request as unanswered', () => {
    const frames: Frame[] = [];
    for (let k = 0; k < 500; k++) {
      frames.push(on(`s${k}`, 'c2s', req(1, 'ping')));
      if (k % 10 === 0) frames.push(on(`s${k}`, 'c2s', req(2, 'tools/list')));
      frames.push(on(`s${k}`, 's2c', res(1)));
    }
    const { maxLive, counts, ended, open, findings, sessions } = run(frames, { maxSessions: 7 });
    expect(maxLive).toBe(7);
    expect(counts).toEqual({ live: 7, retired: 493 });
    // An ended input's sessions are retired too: none is live afterwards.
    expect(ended.live).toBe(0);
    expect(open.map((o) => o.session)).toEqual(Array.from({ length: 50 }, (_, i) => `s${i * 10}`));
    expect(findings.filter((f) => f.rule === 'unanswered-request')).toHaveLength(50);
    expect(sessions).toHaveLength(500);
  });

  it('gives the sessions it keeps exactly the records they get without the bound', () => {
    const frames = () => {
      resetLines();
      const out: Frame[] = [];
      // Session "keep" is active throughout (a full handshake, tool calls); 30 short sessions come and go beside it.
      out.push(
        on('keep', 'c2s', initReq(0, {})),
        on('keep', 's2c', initRes(0, { tools: {} })),
        on('keep', 'c2s', note('notifications/initialized')),
      );
      for (let k = 0; k < 30; k++) {
        out.push(on(`x${k}`, 'c2s', req(1, 'ping')));
        out.push(on('keep', 'c2s', req(k + 1, 'tools/call', { name: 'echo', arguments: {} })));
        out.push(on(`x${k}`, 's2c', res(1)));
        out.push(on('keep', 's2c', res(k + 1, { content: [] })));
      }
      return out;
    };
    const bounded = run(frames(), { maxSessions: 2 });
    const free = run(frames());
    expect(bounded.counts.retired).toBe(29);
    expect(free.counts.retired).toBe(0);
    expect(bounded.records.map(bare)).toEqual(free.records.map(bare));
    expect(
      bounded.records.find((r) => r.session === 'keep' && r.kind === 'response' && r.method === 'tools/call'),
    ).toMatchObject({
      phase: 'operation',
      capability: { side: 'server', path: 'tools', negotiated: true },
    });
    expect(bounded.findings).toEqual(free.findings);
  });

  it('starts a retired session afresh when a record with its key comes later, as a log that starts mid-session', () => {
    const { records, findings } = run(
      [
        on('a', 'c2s', initReq(0, {})),
        on('a', 's2c', initRes(0, { tools: {} })),
        on('a', 'c2s', note('notifications/initialized')),
        on('a', 'c2s', req(1, 'tools/list')),
        on('b', 'c2s', req(1, 'ping')), // a is retired: its tools/list is left open
        on('a', 's2c', res(1, { tools: [] })), // a again: a new session, the answer is an orphan
        on('a', 'c2s', req(2, 'tools/list')),
      ],
      { maxSessions: 1 },
    );
    expect(rules(records[4]!)).toEqual(['session-limit']);
    expect(records[5]).toMatchObject({ session: 'a', phase: 'operation', pair: null });
    expect(rules(records[5]!)).toContain('orphan-response');
    expect(records[6]).toMatchObject({
      session: 'a',
      phase: 'operation',
      capability: { side: 'server', path: 'tools', negotiated: null },
    });
    // a's first tools/list, b's ping (b was retired in turn when a came back) and the new a's tools/list.
    expect(findings.filter((f) => f.rule === 'unanswered-request').map((f) => [f.seq, f.session])).toEqual([
      [4, 'a'],
      [5, 'b'],
      [7, 'a'],
    ]);
  });

  it('runs the end-of-session checks of a retired session, with the same findings as without the bound', () => {
    // The client pinged after the initialize result but never sent notifications/initialized (missing-initialized at end).
    const frames = () => {
      resetLines();
      return [
        on('a', 'c2s', initReq(0, {})),
        on('a', 's2c', initRes(0, {})),
        on('a', 'c2s', req(1, 'ping')),
        on('a', 's2c', res(1)),
        on('b', 'c2s', req(1, 'ping')),
        on('b', 's2c', res(1)),
      ];
    };
    const bounded = run(frames(), { maxSessions: 1 });
    const free = run(frames());
    expect(bounded.findings.map((f) => [f.rule, f.seq])).toEqual([['missing-initialized', 2]]);
    expect(bounded.findings).toEqual(free.findings);
  });

  it('reports the bound once per input: each file of a run is its own stream', () => {
    const a = new Analyzer({ maxSessions: 1 });
    const hits: number[] = [];
    for (const file of ['one', 'two']) {
      const input = a.input(file);
      for (const k of ['a', 'b', 'c'])
        for (const r of input.push(on(k, 'c2s', req(1, 'ping'))))
          if (rules(r).includes('session-limit')) hits.push(r.seq);
      input.end();
    }
    expect(hits).toEqual([2, 5]);
    // The first file's sessions were retired when it ended: the second file's first session pushed nothing out.
    expect(a.sessionCounts()).toEqual({ live: 0, retired: 4 });
  });

  it('bounds an unkeyed session too when keyed sessions crowd it out', () => {
    const { records, open } = run(
      [
        msg('c2s', req(1, 'tools/list')), // unkeyed session 1
        on('a', 'c2s', req(1, 'ping')), // pushes session 1 out
        msg('c2s', req(2, 'tools/list')), // unkeyed again: a new session
      ],
      { maxSessions: 1 },
    );
    expect(records.map((r) => r.session)).toEqual(['1', 'a', '2']);
    expect(open.map((o) => [o.seq, o.session])).toEqual([
      [1, '1'],
      [2, 'a'],
      [3, '2'],
    ]);
  });
});

// 200 session ids per live session, as in the broken corpus's 200,000 sessions under --max-sessions 1000, which runs
// the built CLI with a capped heap (test/robustness/broken-corpus.test.ts); here at a tenth of both, in-process, where
// every push can be checked. (The cost of retiring, in Map steps: 'LiveSessions' above.)
describe('a hostile log with 20,000 session ids and 100 live at most', () => {
  it('keeps at most 100 sessions live and retires the rest, every open request accounted for', () => {
    const N = 20_000;
    const a = new Analyzer({ maxSessions: 100, rules: { 'schema-violation': 'off' } });
    const input = a.input('big.ndjson');
    let maxLive = 0;
    let limitFindings = 0;
    let records = 0;
    for (let k = 0; k < N; k++) {
      const key = `s${k}`;
      const frames = [on(key, 'c2s', req(1, 'ping'))];
      if (k % 1000 === 0) frames.push(on(key, 'c2s', req(2, 'tools/list')));
      frames.push(on(key, 's2c', res(1)));
      for (const f of frames) {
        for (const r of input.push(f)) {
          records++;
          for (const x of r.findings) if (x.rule === 'session-limit') limitFindings++;
        }
        const live = a.sessionCounts().live;
        if (live > maxLive) maxLive = live;
      }
    }
    expect(a.sessionCounts()).toEqual({ live: 100, retired: N - 100 });
    input.end();
    const summary = a.summary();
    expect(maxLive).toBe(100);
    expect(records).toBe(2 * N + N / 1000);
    expect(limitFindings).toBe(1);
    expect(summary.open).toHaveLength(N / 1000);
    expect(summary.findings.filter((f) => f.rule === 'unanswered-request')).toHaveLength(N / 1000);
    expect(summary.sessions).toHaveLength(N);
  });
});

describe('closed sessions', () => {
  /** A whole keyed session: handshake, one request answered, one left open, then the process exits. */
  const closedSession = (key: string): Frame[] => [
    on(key, 'c2s', initReq()),
    on(key, 's2c', initRes()),
    on(key, 'c2s', note('notifications/initialized')),
    on(key, 'c2s', req(1, 'ping')),
    on(key, 's2c', res(1)),
    on(key, 'c2s', req(2, 'ping')),
    event('exit', { session: key }),
  ];

  it('only the last CLOSED_SESSIONS_KEPT closed sessions stay live; the rest are retired, their open requests kept', () => {
    const frames = Array.from({ length: 40 }, (_, i) => closedSession(`k${i}`)).flat();
    const r = run(frames);
    expect(r.maxLive).toBeLessThanOrEqual(CLOSED_SESSIONS_KEPT + 1);
    expect(r.counts.live).toBe(CLOSED_SESSIONS_KEPT);
    // Retiring a closed session is no limit: no session-limit finding, and every open request is still reported.
    expect(r.records.flatMap(rules)).not.toContain('session-limit');
    expect(r.open.map((o) => o.session)).toEqual(Array.from({ length: 40 }, (_, i) => `k${i}`));
    // Each session's own findings are those of the session alone (nothing leaks across the retirements).
    const alone = run(closedSession('k39')).records.map(rules);
    expect(r.records.slice(-7).map(rules)).toEqual(alone);
  });

  it('a message after the close of a recently closed session is still judged in its session', () => {
    const frames = [...closedSession('a'), ...closedSession('b'), on('a', 'c2s', req(3, 'ping'))];
    const last = run(frames).records.at(-1)!;
    expect(last.session).toBe('a');
    expect(last.phase).toBe('shutdown');
    expect(rules(last)).toContain('message-after-shutdown');
  });
});
