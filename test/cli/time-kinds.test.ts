// `stats` and `audit` on every pair of inputs whose times are of different kinds (dated, clock without a date, none),
// in one thread and with --jobs 2: no span or latency mixes kinds (docs/commands/stats.md, Time span). In-process, the workers'
// work done in this thread (MCPTRACE_JOBS_IN_THREAD, test/cli/jobs.test.ts); the recorded sample also with real threads.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { expectedSpan, KINDS, LOGS, pairs, type TimedLog } from '../helpers/time-kinds.js';
import { tempDir } from '../helpers/temp.js';

let dir = '';
const path = (l: TimedLog) => join(dir, l.name);

beforeAll(() => {
  dir = tempDir('time-kinds');
  for (const k of KINDS) for (const l of LOGS[k]) writeFileSync(path(l), l.text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('time kinds across inputs', () => {
  for (const { name, logs } of pairs()) {
    it(`${name}: stats and audit give each timeline its own span, with 1 and 2 workers`, async () => {
      const files = logs.map(path);
      const span = expectedSpan(logs, path);
      const latencies = logs.map((l) => l.listLatency).filter((x) => x !== null);
      const env = { MCPTRACE_JOBS_IN_THREAD: '1' };
      for (const jobs of [[], ['--jobs', '2']]) {
        const stats = await runMain(['stats', '-f', 'json', ...jobs, ...files], { env });
        expect(stats.stderr).toBe('');
        const s = JSON.parse(stats.stdout);
        expect(s.timeSpan, `stats ${jobs.join(' ')}`).toEqual(span);
        expect(s.methods['tools/list'].latencyMs.max).toBe(latencies.length === 0 ? null : Math.max(...latencies));
        const audit = await runMain(['audit', '-f', 'json', '--fail-on', 'none', ...jobs, ...files], { env });
        expect(JSON.parse(audit.stdout).stats.timeSpan, `audit ${jobs.join(' ')}`).toEqual(span);
        const html = (await runMain(['audit', '-f', 'html', '--fail-on', 'none', ...jobs, ...files], { env })).stdout;
        const shown = /<dt>time span<\/dt><dd>(.*?)<\/dd>/s.exec(html)![1]!;
        if (span.first === null && span.clockOnly.length === 0) expect(shown).toBe('no timestamps');
        if (span.first !== null) expect(shown.startsWith(`${span.first} – ${span.last} (`)).toBe(true);
        for (const c of span.clockOnly) expect(shown).toContain(`${c.file}: ${c.first} – ${c.last} (`);
        expect(shown.split('<br>')).toHaveLength((span.first === null ? 0 : 1) + span.clockOnly.length || 1);
      }
    });
  }

  it("the recorded sample and its transcript: the capture's dated span, the transcript's clock span apart (the command, run)", async () => {
    const files = ['samples/everything.envelope.ndjson', 'samples/everything.transcript.txt'];
    const span = {
      first: '2026-11-30T00:13:15.395Z',
      last: '2026-11-30T00:13:31.176Z',
      durationMs: 15781,
      clockOnly: [
        { file: 'samples/everything.transcript.txt', first: '00:13:15.395', last: '00:13:31.176', durationMs: 15781 },
      ],
    };
    for (const jobs of [[], ['--jobs', '2']])
      expect(JSON.parse((await runCli(['stats', '-f', 'json', ...jobs, ...files])).stdout).timeSpan).toEqual(span);
  });
});
