// `--max-sessions N` on annotate, stats and audit: the least recently active session is retired past N, reported once.
// In-process (test/helpers/in-process.ts); its line in each command's --help is checked in help-version.test.ts.
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';

/** Sessions a, b, c, d; b (open tools/list) is the least recently active when c starts, then a when d starts. */
const LOG = 'test/fixtures/violations/session-limit/bad.envelope.ndjson';

interface Rec {
  seq: number;
  session: string;
  pair: number | null;
  findings: { rule: string; message: string }[];
}

describe('--max-sessions', () => {
  it('annotate: the session-limit finding is on the record whose new session went past the bound', async () => {
    const r = await runMain(['annotate', '-f', 'ndjson', '--max-sessions', '2', LOG]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const records = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Rec);
    expect(records.map((x) => [x.seq, x.session, x.pair])).toEqual([
      [1, 'a', null],
      [2, 'b', null],
      [3, 'a', 1],
      [4, 'c', null],
      [5, 'c', 4],
      [6, 'd', null],
      [7, 'd', 6],
    ]);
    expect(records.flatMap((x) => x.findings.map((f) => [x.seq, f.rule, f.message]))).toEqual([
      [
        4,
        'session-limit',
        'more than 2 sessions at once: stopped tracking the least recently active one (last record #2); raise --max-sessions to keep more',
      ],
    ]);
  });

  it("annotate text: the retired session's open request is listed as unanswered at the end", async () => {
    const r = await runMain(['annotate', '--max-sessions', '2', LOG]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('session-limit: more than 2 sessions at once');
    expect(r.stdout).toMatch(/unanswered at end of input: 1 request\n\s+#2 → id 1 tools\/list session b/);
  });

  it('audit: the finding (a warning) and the unanswered request, with and without the bound', async () => {
    const bounded = await runMain(['audit', '-f', 'json', '--max-sessions', '2', LOG]);
    expect(bounded.code).toBe(0);
    const report = JSON.parse(bounded.stdout);
    expect(report.summary.byRule).toEqual({ 'session-limit': 1, 'unanswered-request': 1 });
    expect(report.findings.find((f: { rule: string }) => f.rule === 'session-limit')).toMatchObject({
      severity: 'warning',
      seq: 4,
      session: 'c',
      line: 4,
      docUrl: 'docs/rules/session-limit.md',
    });
    expect((await runMain(['audit', '-f', 'json', '--fail-on', 'warning', '--max-sessions', '2', LOG])).code).toBe(1);
    // Under the default (10,000) nothing is retired: no session-limit finding, and b's request, which the log never
    // answers, is unanswered all the same.
    const free = JSON.parse((await runMain(['audit', '-f', 'json', LOG])).stdout);
    expect(free.summary.byRule).toEqual({ 'unanswered-request': 1 });
  });

  it('stats: counts every record whatever was retired', async () => {
    const r = await runMain(['stats', '-f', 'json', '--max-sessions', '1', LOG]);
    expect(r.code).toBe(0);
    const st = JSON.parse(r.stdout);
    expect(st.messages).toBe(7);
    expect(st.sessions.map((s: { key: string; messages: number }) => [s.key, s.messages])).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 2],
      ['d', 2],
    ]);
  });

  it('is a usage error below 1 or not a whole number (exit 2)', async () => {
    for (const bad of ['0', '-3', '1.5', 'lots']) {
      const r = await runMain(['audit', '--max-sessions', bad, LOG]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain('--max-sessions');
    }
  });
});
