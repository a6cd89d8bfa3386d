// exportState/mergeFrom of every audit collector: the samples and rule fixtures cut into parts at input boundaries (as
// --jobs cuts a run into files) and merged in order give what one collector fed everything gives.
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditBuilder } from '../../src/audit/build.js';
import { CapabilityMatrix } from '../../src/audit/capability-matrix.js';
import { AuditCollector, DEFAULT_AUDIT_LIMITS, type AuditRenumbering } from '../../src/audit/collector.js';
import { SequenceKeeper } from '../../src/audit/sequence.js';
import { StatsCollector } from '../../src/stats/collector.js';
import type { Stats } from '../../src/stats/types.js';
import { readCorpus, type Corpus } from '../helpers/corpus.js';
import { expectMergedAsWhole } from '../helpers/merge.js';

let corpus: Corpus;
let stats: Stats;
beforeAll(async () => {
  corpus = await readCorpus();
  const s = new StatsCollector();
  for (const r of corpus.inputs.flat()) s.add(r);
  stats = s.finish(corpus.summary.sessions, corpus.summary.open);
});

/** The parts are numbered as the whole run numbers them, so the merge moves nothing. */
const SAME: AuditRenumbering = { seq: (n) => n, session: (k) => k, message: (f) => f.message };
const TOOL = { name: 'mcptrace', version: '0' };
const finishInput = () => ({
  summary: corpus.summary,
  stats,
  inputs: corpus.files,
  generatedAt: 'now',
  failOn: 'warning' as const,
  tool: TOOL,
  diagnoses: [],
});

describe('merging audit collectors (exportState, mergeFrom)', () => {
  it('the corpus has what the merges must carry: findings, capabilities used, sessions longer than a diagram keeps', () => {
    const all = corpus.inputs.flat();
    expect(all.filter((r) => r.findings.length > 0).length).toBeGreaterThan(40);
    expect(all.filter((r) => r.capability !== null).length).toBeGreaterThan(40);
    expect(Math.max(...corpus.inputs.map((rs) => rs.length))).toBeGreaterThan(100);
  });

  it('CapabilityMatrix: the use counts of each capability', () => {
    expectMergedAsWhole(
      {
        make: () => new CapabilityMatrix(),
        feed: (m, r) =>
          r.capability &&
          (r.kind === 'request' || r.kind === 'notification') &&
          m.use(r.capability.side, r.capability.path, r.capability.negotiated),
        state: (m) => structuredClone(m.exportState()),
        merge: (m, o) => m.mergeFrom(o),
        out: (m) =>
          m.finish({ roots: { listChanged: true }, sampling: {} }, { tools: {}, resources: { subscribe: true } }),
      },
      corpus.inputs,
    );
  });

  for (const [head, tail, body] of [
    [3, 2, 40],
    [60, 40, 4096],
    [0, 0, 0],
  ] as const) {
    it(`SequenceKeeper: the first ${head} and last ${tail} steps and how many were left out (bodies of ${body})`, () => {
      expectMergedAsWhole(
        {
          make: () => new SequenceKeeper(head, tail, body),
          feed: (k, r) => k.add(r),
          state: (k) => k.exportState(),
          merge: (k, o) => k.mergeFrom(o, (s) => s),
          out: (k) => k.finish(),
        },
        corpus.inputs,
      );
    });
  }

  for (const [name, limits] of [
    ['the default limits', DEFAULT_AUDIT_LIMITS],
    [
      'few findings and sessions kept',
      { ...DEFAULT_AUDIT_LIMITS, findings: 25, sessions: 7, sequenceHead: 4, sequenceTail: 3, bodyChars: 30 },
    ],
  ] as const) {
    it(`AuditCollector, ${name}: findings, totals, per-rule and per-session counts, matrices, sequences`, () => {
      expectMergedAsWhole(
        {
          make: () => new AuditCollector(limits),
          feed: (a, r) => a.add(r),
          state: (a) => a.exportState(),
          merge: (a, o) => a.mergeFrom(o, SAME),
          out: (a) => a.finish(finishInput()),
        },
        corpus.inputs,
      );
    });
  }

  it('AuditBuilder: the report (statistics and audit together)', () => {
    expectMergedAsWhole(
      {
        make: () => new AuditBuilder({ inputs: corpus.files, failOn: 'error', tool: TOOL, generatedAt: 'now' }),
        feed: (b, r) => b.add(r),
        // Each part's diagnoses as of the run's summary (a worker passes its own): the part's own sessions only.
        state: (b) => b.exportState(corpus.summary),
        merge: (b, o) => b.mergeFrom(o, SAME),
        out: (b) => b.report(corpus.summary),
      },
      corpus.inputs,
    );
  });
});
