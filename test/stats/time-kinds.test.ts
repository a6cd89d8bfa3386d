// Times of different kinds (dated, clock without a date, none) are never compared: every pair of inputs gives the time
// span and latencies of docs/commands/stats.md (timeSpan), in one collector and merged from one per input (as --jobs merges).
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Analyzer, type AnalysisSummary } from '../../src/analyzer.js';
import { analyzeStream } from '../../src/analyze-stream.js';
import { AuditBuilder } from '../../src/audit/build.js';
import { timeKind } from '../../src/input/shared/time.js';
import { renderAuditHtml } from '../../src/output/audit/html.js';
import { formatMs } from '../../src/util/numbers.js';
import { formatStatsMarkdown } from '../../src/output/stats-markdown.js';
import { StatsCollector } from '../../src/stats/collector.js';
import type { PipelineRecord } from '../../src/types.js';
import { expectedSpan, LOGS, pairs, type TimedLog } from '../helpers/time-kinds.js';

/** The records of each log, read one after the other by one analyzer (one thread), and its summary. */
async function analyse(
  logs: readonly Pick<TimedLog, 'name' | 'text'>[],
): Promise<{ inputs: PipelineRecord[][]; summary: AnalysisSummary }> {
  const analyzer = new Analyzer();
  const inputs: PipelineRecord[][] = [];
  for (const l of logs) {
    const records: PipelineRecord[] = [];
    for await (const r of analyzeStream(analyzer, Readable.from([l.text]), l.name)) records.push(r);
    inputs.push(records);
  }
  return { inputs, summary: analyzer.summary() };
}

const SAME = { seq: (n: number) => n, session: (k: string) => k, message: (f: { message: string }) => f.message };

/** Stats and the audit report of one collector fed every input, and of one collector per input merged in order. */
async function collect(logs: readonly Pick<TimedLog, 'name' | 'text'>[]) {
  const { inputs, summary } = await analyse(logs);
  const one = new StatsCollector();
  const oneAudit = new AuditBuilder({
    inputs: logs.map((l) => l.name),
    failOn: 'none',
    tool: { name: 't', version: '0' },
    generatedAt: 'now',
  });
  for (const r of inputs.flat()) {
    one.add(r);
    oneAudit.add(r);
  }
  const [merged, mergedAudit] = [
    new StatsCollector(),
    new AuditBuilder({
      inputs: logs.map((l) => l.name),
      failOn: 'none',
      tool: { name: 't', version: '0' },
      generatedAt: 'now',
    }),
  ];
  for (const records of inputs) {
    const part = new StatsCollector();
    const partAudit = new AuditBuilder({ inputs: [], failOn: 'none', tool: { name: '', version: '' } });
    for (const r of records) {
      part.add(r);
      partAudit.add(r);
    }
    merged.mergeFrom(structuredClone(part.exportState()));
    mergedAudit.mergeFrom(structuredClone(partAudit.exportState(summary)), SAME);
  }
  return {
    stats: [one.finish(summary.sessions, summary.open), merged.finish(summary.sessions, summary.open)],
    reports: [oneAudit.report(summary), mergedAudit.report(summary)],
  };
}

/** The HTML report's "time span". */
function htmlSpan(html: string): string {
  return /<dt>time span<\/dt><dd>(.*?)<\/dd>/s.exec(html)![1]!;
}

describe('time kinds', () => {
  it('are told apart as the readers set them', () => {
    expect(timeKind('2026-11-30T10:00:00.000Z', Date.parse('2026-11-30T10:00:00.000Z'))).toBe('dated');
    expect(timeKind('23:59:59.000', 86_399_000)).toBe('clock');
    expect(timeKind('1:02:03', 3_723_000)).toBe('clock');
    expect(timeKind('00:00:01,250', 86_401_250)).toBe('clock');
    expect(timeKind(null, 12_345)).toBe('relative');
    expect(timeKind('not a time', null)).toBeNull();
    expect(timeKind(null, null)).toBeNull();
  });

  for (const { name, logs } of pairs()) {
    it(`${name}: the span of each timeline, the latencies of each input`, async () => {
      const span = expectedSpan(logs, (l) => l.name);
      const { stats, reports } = await collect(logs);
      for (const s of stats) {
        expect(s.timeSpan).toEqual(span);
        const latencies = logs.map((l) => l.listLatency).filter((x) => x !== null);
        expect(s.methods['tools/list']!.latencyMs.max).toBe(latencies.length === 0 ? null : Math.max(...latencies));
      }
      for (const r of reports) expect(r.stats.timeSpan).toEqual(span);
      // The page says the same, one timeline a line.
      const lines = [
        ...(span.first === null ? [] : [`${span.first} – ${span.last} (${formatMs(span.durationMs)})`]),
        ...span.clockOnly.map(
          (c) => `${c.file}: ${c.first} – ${c.last} (${formatMs(c.durationMs)}), clock times without a date`,
        ),
      ];
      for (const r of reports)
        expect(htmlSpan(renderAuditHtml(r))).toBe(lines.length === 0 ? 'no timestamps' : lines.join('<br>'));
      // The Markdown (and table) totals: first, last and duration of the run's span, a row per clock-only input.
      const md = formatStatsMarkdown(stats[0]!);
      if (span.first === null) expect(md).not.toMatch(/\| first \|/);
      else expect(md).toContain(`| first | ${span.first} |`);
      expect(md.match(/\| clock only \|/g)?.length ?? 0).toBe(span.clockOnly.length);
    });
  }

  it("a response whose time is of another kind than its request's has no latency; each kind keeps its own span", async () => {
    const [init, result, initialized, list, listResult] = LOGS.none[0].text.split('\n').slice(1);
    const text = [
      '=== session mixed ===',
      `[2026-11-30T10:00:00.000Z] ${init}`,
      `[10:00:00.100] ${result}`, // a clock time answering a dated request: no latency
      `[2026-11-30T10:00:00.150Z] ${initialized}`,
      `[5.000] ${list}`, // seconds since capture start (no date, no clock)
      `[5.250] ${listResult}`, // of the same kind: 250 ms
      '',
    ].join('\n');
    const { inputs } = await analyse([{ name: 'mixed.txt', text }]);
    const [r] = inputs;
    expect(r!.filter((x) => x.kind === 'response').map((x) => x.latencyMs)).toEqual([null, 250]);
    const { stats } = await collect([{ name: 'mixed.txt', text }]);
    for (const s of stats) {
      expect(s.timeSpan).toEqual({
        first: '2026-11-30T10:00:00.000Z',
        last: '2026-11-30T10:00:00.150Z',
        durationMs: 150,
        clockOnly: [{ file: 'mixed.txt', first: '10:00:00.100', last: '10:00:00.100', durationMs: 0 }],
      });
    }
  });

  it('the same clock-only file twice is one timeline (the same times)', async () => {
    const c = LOGS.clock[0];
    const { stats } = await collect([c, c]);
    for (const s of stats) expect(s.timeSpan).toEqual({ ...c.span, clockOnly: [] });
  });
});
