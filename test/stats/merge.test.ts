// exportState/mergeFrom of every statistics collector: the samples and rule fixtures cut into parts at input boundaries
// (as --jobs cuts a run into files) and merged in order give what one collector fed everything gives.
import { beforeAll, describe, expect, it } from 'vitest';
import { CappedMap } from '../../src/stats/capped-map.js';
import { StatsCollector } from '../../src/stats/collector.js';
import { LatencySketch } from '../../src/stats/quantiles.js';
import { MethodTally, ScopeTally } from '../../src/stats/scope.js';
import { SessionTable } from '../../src/stats/sessions.js';
import { TimeSpanTracker, type TimeSpanState } from '../../src/stats/time-span.js';
import type { PipelineRecord } from '../../src/types.js';
import { readCorpus, type Corpus } from '../helpers/corpus.js';
import { expectMergedAsWhole } from '../helpers/merge.js';
import { expectedSpan, LOGS } from '../helpers/time-kinds.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await readCorpus();
});

const LIMITS = { maxKeys: 1000, exactSamples: 2048 };
const answered = (r: PipelineRecord) => (r.kind === 'response' || r.kind === 'error') && r.latencyMs !== null;

describe('merging statistics collectors (exportState, mergeFrom)', () => {
  it('the corpus has what the merges must carry: latencies, tool calls, errors, keyed sessions in two inputs, times', () => {
    const all = corpus.inputs.flat();
    expect(corpus.inputs.length).toBeGreaterThan(40);
    expect(all.filter(answered).length).toBeGreaterThan(100);
    expect(all.some((r) => r.method === 'tools/call' && r.kind === 'error')).toBe(true);
    expect(all.some((r) => r.ts !== null && /^\d\d:/.test(r.ts))).toBe(true);
    expect(all.some((r) => r.ts !== null && /^\d{4}-/.test(r.ts))).toBe(true);
    const keyedTwice = corpus.inputs.filter((rs) => rs.some((r) => r.session === 'everything'));
    expect(keyedTwice.length).toBeGreaterThan(1);
  });

  it('LatencySketch: exact, exact up to its limit, and past it as a histogram', () => {
    // Every latency of the corpus: exactly the limit stays exact, one more is a histogram.
    const samples = corpus.inputs.flat().filter(answered).length;
    for (const exactLimit of [2048, samples, samples - 1, 40]) {
      const n = expectMergedAsWhole(
        {
          make: () => new LatencySketch({ exactLimit }),
          feed: (s, r) => answered(r) && s.add(r.latencyMs!),
          state: (s) => s.exportState(),
          merge: (s, o) => s.mergeFrom(o),
          out: (s) => ({ summary: s.summary(), count: s.count, exact: s.isExact }),
        },
        corpus.inputs,
      );
      expect(n).toBeGreaterThan(40);
    }
  });

  it('MethodTally: count, errors and latency of one method', () => {
    expectMergedAsWhole(
      {
        make: () => new MethodTally(16),
        feed: (t, r) => {
          if (r.method !== 'tools/call') return;
          if (r.kind === 'request') t.count++;
          if (r.kind === 'error') t.errors++;
          if (answered(r)) t.latency.add(r.latencyMs!);
        },
        state: (t) => t.exportState(),
        merge: (t, o) => t.mergeFrom(o),
        out: (t) => t.toStats(),
      },
      corpus.inputs,
    );
  });

  it("ScopeTally: the run's counts, breakdowns and methods", () => {
    expectMergedAsWhole(
      {
        make: () => new ScopeTally(LIMITS),
        feed: (t, r) => t.add(r),
        state: (t) => t.exportState(),
        merge: (t, o) => t.mergeFrom(o),
        out: (t) => t.toStats(corpus.summary.open),
      },
      corpus.inputs,
    );
  });

  it('SessionTable: per-session counts, a session key of two inputs merged into one', () => {
    expectMergedAsWhole(
      {
        make: () => new SessionTable(1000, { maxKeys: 200, exactSamples: 256 }),
        feed: (t, r) => t.add(r),
        state: (t) => t.exportState(),
        merge: (t, o) => t.mergeFrom(o, (k) => k),
        out: (t) => t.toStats(corpus.summary.sessions, corpus.summary.open),
      },
      corpus.inputs,
    );
  });

  it("TimeSpanTracker: dated times across inputs, each input's clock times apart", () => {
    expectMergedAsWhole(
      {
        make: () => new TimeSpanTracker(),
        feed: (t, r) => t.add(r),
        state: (t) => t.exportState(),
        merge: (t, o) => t.mergeFrom(o),
        out: (t) => t.toStats(),
      },
      corpus.inputs,
    );
    const span = new TimeSpanTracker();
    for (const r of corpus.inputs.flat()) span.add(r);
    expect(span.toStats().clockOnly.length).toBeGreaterThan(1);
  });

  it('TimeSpanTracker: a later input with earlier dated times, clock-only inputs before and after, one of them twice', async () => {
    const { dated, clock, none } = LOGS;
    const logs = await readCorpus([dated[0], clock[0], none[0], dated[1], clock[1], clock[0], dated[0]]);
    const time = {
      make: () => new TimeSpanTracker(),
      feed: (t: TimeSpanTracker, r: PipelineRecord) => t.add(r),
      state: (t: TimeSpanTracker) => t.exportState(),
      merge: (t: TimeSpanTracker, o: TimeSpanState) => t.mergeFrom(o),
      out: (t: TimeSpanTracker) => t.toStats(),
    };
    expectMergedAsWhole(time, logs.inputs);
    const whole = time.make();
    for (const r of logs.inputs.flat()) whole.add(r);
    expect(whole.toStats()).toEqual(expectedSpan([dated[0], clock[0], none[0], dated[1], clock[1]], (l) => l.name));
  });

  it('CappedMap: entries in the order their keys came, within the cap', () => {
    expectMergedAsWhole(
      {
        make: () => new CappedMap<{ n: number }>(1000, () => ({ n: 0 })),
        feed: (m, r) => r.method !== null && m.get(r.method).n++,
        state: (m) => m.entriesInOrder().map(([k, v]) => [k, { ...v }] as [string, { n: number }]),
        merge: (m, o) => m.mergeFrom(o, (into, from) => (into.n += from.n)),
        out: (m) => m.sortedEntries(),
      },
      corpus.inputs,
    );
  });

  it('CappedMap: past the cap, a part\'s own (other) stays (other) (docs/performance.md "Many files, or one large file")', () => {
    const whole = new CappedMap<{ n: number }>(2, () => ({ n: 0 }));
    for (const k of ['a', 'b', 'c', 'a']) whole.get(k).n++;
    const into = new CappedMap<{ n: number }>(2, () => ({ n: 0 }));
    into.get('a').n++;
    const other = new CappedMap<{ n: number }>(2, () => ({ n: 0 }));
    for (const k of ['b', 'c', 'a']) other.get(k).n++;
    into.mergeFrom(other.entriesInOrder(), (i, f) => (i.n += f.n));
    expect(whole.sortedEntries().map(([k, v]) => [k, v.n])).toEqual([
      ['a', 2],
      ['b', 1],
      ['(other)', 1],
    ]);
    // `a` went to (other) in the part that had no room for it.
    expect(into.sortedEntries().map(([k, v]) => [k, v.n])).toEqual([
      ['a', 1],
      ['b', 1],
      ['(other)', 2],
    ]);
  });

  it('StatsCollector: everything `stats` prints, tools and error codes included', () => {
    expectMergedAsWhole(
      {
        make: () => new StatsCollector(),
        feed: (s, r) => s.add(r),
        state: (s) => s.exportState(),
        merge: (s, o) => s.mergeFrom(o),
        out: (s) => s.finish(corpus.summary.sessions, corpus.summary.open),
      },
      corpus.inputs,
    );
  });
});
