// Statistics of modern requests: latency per leg in Methods, and per logical operation (all rounds) with server and client time.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { StatsCollector } from '../../src/stats/collector.js';
import type { Stats } from '../../src/stats/types.js';

async function statsOf(...files: string[]): Promise<Stats> {
  const c = new StatsCollector();
  const sessions = [];
  const open = [];
  for (const file of files) {
    const bytes = readFileSync(`test/fixtures/modern/${file}`);
    const out = await analyze(
      (async function* () {
        yield bytes;
      })(),
      { file },
    );
    for (const r of out.records) c.add(r);
    sessions.push(...out.sessions);
    open.push(...out.open);
  }
  return c.finish(sessions, open);
}

describe('operations of modern requests', () => {
  it("MRTR: every leg in the method's latency; one operation of all rounds, split into server and client time", async () => {
    const st = await statsOf('mrtr-rounds.txt');
    const call = st.methods['tools/call']!;
    expect(call).toMatchObject({ count: 4, errors: 0, latencyMs: { p50: 25, max: 45 } });
    expect(call.operations).toEqual({
      count: 1,
      multiRound: 1,
      failures: 0,
      latencyMs: { p50: 1170, p95: 1170, max: 1170 },
      serverMs: { p50: 115, p95: 115, max: 115 },
      clientMs: { p50: 1055, p95: 1055, max: 1055 },
    });
  });

  it("an input_required leg is neither an operation's latency nor a failure; a single round is its own leg", async () => {
    const st = await statsOf('mrtr-one.txt', 'plain.txt');
    expect(st.methods['tools/call']!.operations).toMatchObject({
      count: 2,
      multiRound: 1,
      failures: 0,
      latencyMs: { max: 1580 },
    });
    expect(st.methods['resources/read']!.operations).toMatchObject({
      count: 2,
      multiRound: 0,
      failures: 1,
      clientMs: { max: 0 },
    });
  });

  it('a version retry after -32022 is one operation, not a failure', async () => {
    const st = await statsOf('dual-era-version-retry.txt');
    expect(st.methods['tools/list']).toMatchObject({ count: 2, errors: 1 });
    expect(st.methods['tools/list']!.operations).toMatchObject({
      count: 1,
      multiRound: 1,
      failures: 0,
      latencyMs: { max: 20 },
    });
  });

  it('a legacy session has no operations', async () => {
    const st = await statsOf('dual-era-fallback.txt');
    expect(st.methods['tools/list']!.operations).toBeUndefined();
    expect(st.methods['server/discover']!.operations).toMatchObject({ count: 1, failures: 1 });
  });
});

describe('the Tools table of modern sessions', () => {
  it("counts a chain as one call with the operation's latency; its input_required legs are neither calls nor errors", async () => {
    const st = await statsOf('mrtr-rounds.txt', 'mrtr-one.txt', 'plain.txt');
    expect(st.tools['release-notes']).toEqual({
      count: 1,
      errors: 0,
      isError: 0,
      latencyMs: { p50: 1170, p95: 1170, max: 1170 },
    });
    // deploy: the MRTR chain of mrtr-one (1580 ms over two rounds) and plain's single-round call (its leg, 40 ms).
    expect(st.tools.deploy).toEqual({ count: 2, errors: 0, isError: 0, latencyMs: { p50: 40, p95: 1580, max: 1580 } });
    expect(st.methods['tools/call']).toMatchObject({ count: 7, errors: 0 });
  });
});

describe('stats JSON of modern sessions', () => {
  it("keeps operations and the sessions' eras; a legacy session has neither key", async () => {
    const { orderedStats } = await import('../../src/output/stats-json.js');
    const st = orderedStats(await statsOf('mrtr-one.txt'));
    expect(st.methods['tools/call']!.operations).toMatchObject({
      count: 1,
      multiRound: 1,
      serverMs: { max: 80 },
      clientMs: { max: 1500 },
    });
    expect(st.sessions.map((s) => [s.eras, s.modernRevision])).toEqual([[['modern'], '2026-07-28']]);
    const dual = orderedStats(await statsOf('dual-era-fallback.txt'));
    expect(dual.sessions.map((s) => [s.eras, s.modernRevision])).toEqual([[['modern', 'legacy'], '2026-07-28']]);
    expect(Object.keys(dual.methods['tools/list']!)).toEqual(['count', 'errors', 'latencyMs']);
  });
});
