// `mcptrace diff` on real sessions: the SDK client runs one scenario against a real SDK server (test/fixtures/live/
// variant-server.mjs) through `wrap`, as it is and changed (a tool renamed, a schema narrowed, a tool made to fail, made
// slow, no longer read-only); the diff of the two captures must be exactly those changes, and the diff of two sessions
// of the same server, or two sets of them, none.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FIXTURES, tempDir } from './helpers.js';
import { runSdkSession } from './sdk-session.js';

const VARIANT = join(FIXTURES, 'variant-server.mjs');

/** The scenario: every tool called, errors kept as answers (a renamed tool's call fails). */
async function scenario(client: Client): Promise<void> {
  await client.listTools();
  const calls: [string, Record<string, unknown>][] = [
    ['lookup', { id: '42' }],
    ['convert', { amount: 2.5 }],
    ['total', { values: [1, 2, 3] }],
    ['ping-db', {}],
    ...Array.from({ length: 5 }, () => ['report', {}] as [string, Record<string, unknown>]),
  ];
  for (const [name, args] of calls) await client.callTool({ name, arguments: args }).catch(() => undefined);
}

const sessions: string[] = [];
let dir: string;

async function record(name: string, flags: string[]): Promise<string> {
  const s = await runSdkSession(name, ['node', VARIANT, ...flags], scenario);
  sessions.push(s.dir);
  const to = join(dir, `${name}.ndjson`);
  copyFileSync(s.capture, to);
  return to;
}

let base: string;
let again: string;
let changed: string;

beforeAll(async () => {
  dir = tempDir('diff');
  base = await record('base', []);
  again = await record('again', []);
  changed = await record('changed', ['--rename', '--narrow', '--fail', '--slow', '--loosen']);
}, 120_000);

afterAll(() => {
  for (const d of [...sessions, dir]) if (d) rmSync(d, { recursive: true, force: true });
});

const diffJson = async (...args: string[]) => {
  const r = await runCli(['diff', '-f', 'json', ...args], { timeoutMs: 60_000 });
  return {
    code: r.code,
    stderr: r.stderr,
    report: JSON.parse(r.stdout) as {
      changes: { category: string; breaking: boolean; subject: string; what: string }[];
      failing: number;
    },
  };
};

describe('diff on real captures', () => {
  it('two sessions of the same server: no change, exit 0', async () => {
    const { code, report } = await diffJson(base, again);
    expect(report.changes).toEqual([]);
    expect(code).toBe(0);
  });

  it('a capture compared with itself: exit 0 whatever --fail-on', async () => {
    const r = await runCli(['diff', '--fail-on', 'surface,behaviour,latency,findings', base, base]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Nothing that fails the run.');
  });

  it('the changed server: exactly the changes made, breaking ones marked, exit 1', async () => {
    const { code, report } = await diffJson(base, changed);
    const seen = report.changes.map((c) => `${c.category}${c.breaking ? '!' : ''} ${c.subject}: ${c.what}`);
    // the surface: the version, the renamed tool, the narrowed schema, the tool gone, the loosened hint
    expect(seen.filter((s) => s.startsWith('surface'))).toEqual([
      'surface server: variant 1.0.0 → variant 1.1.0',
      'surface! tool lookup: removed',
      'surface! tool ping-db: removed',
      'surface tool find: added',
      'surface! tool convert: argument unit became required',
      'surface! tool convert: argument amount: type number → integer (narrowed)',
      'surface tool report: readOnlyHint true → false (loosened)',
    ]);
    const behaviour = seen.filter((s) => s.startsWith('behaviour'));
    expect(
      behaviour.some((s) =>
        /^behaviour.* tools\/call \{"arguments":\{"values":\[1,2,3\]\},"name":"total"\}: answered, now a tool error \(isError\)$/.test(
          s,
        ),
      ),
    ).toBe(true);
    expect(
      behaviour.some((s) => /"name":"lookup"\}: answered, now (error -32602|a tool error \(isError\))$/.test(s)),
    ).toBe(true);
    expect(
      behaviour.some((s) => /"name":"convert"\}: answered, now (error -32602|a tool error \(isError\))$/.test(s)),
    ).toBe(true);
    expect(seen.filter((s) => s.startsWith('latency'))).toEqual([
      expect.stringMatching(
        /^latency tools\/call report: median \d+ms → (\d{3}ms|[\d.]+s), [\d.]+× slower \(95% interval [\d.]+×–([\d.]+|∞)×\)$/,
      ),
    ]);
    expect(code).toBe(1);
    expect(report.failing).toBe(report.changes.filter((c) => c.breaking).length);
  });

  it('text at 80 columns: every line fits, breaking changes marked', async () => {
    const r = await runCli(['diff', '--width', '80', base, changed]);
    expect(r.code).toBe(1);
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(r.stdout).toMatch(/Surface: 7 changes, 4 breaking/);
    expect(r.stdout).toMatch(/ {2}✗ tool lookup: removed/);
  });

  it('--fail-on none: exit 0 with the same report; --fail-on latency: only the slowdown fails', async () => {
    expect((await runCli(['diff', '--fail-on', 'none', base, changed])).code).toBe(0);
    const latency = await diffJson('--fail-on', 'latency', base, changed);
    expect(latency.code).toBe(1);
    expect(latency.report.failing).toBe(1);
    // slower than 1.5x, but not past a 500x bound
    expect((await diffJson('--fail-on', 'latency', '--max-slowdown', '500x', base, changed)).code).toBe(0);
  });

  it('markdown and SARIF carry the same changes', async () => {
    const md = await runCli(['diff', '-f', 'markdown', base, changed]);
    expect(md.stdout).toContain('| ✗ breaking | tool lookup | removed |');
    const sarif = JSON.parse((await runCli(['diff', '-f', 'sarif', base, changed])).stdout);
    const results = sarif.runs[0].results as { ruleId: string; level: string; message: { text: string } }[];
    expect(results.filter((x) => x.level === 'error').map((x) => x.message.text)).toContain('tool lookup: removed');
    expect(
      results.every((x) =>
        ['diff/breaking', 'diff/surface', 'diff/behaviour', 'diff/latency', 'diff/findings'].includes(x.ruleId),
      ),
    ).toBe(true);
  });
});

describe('diff on sets, and a baseline', () => {
  it('two folders of captures of the same server: nothing called; the changed set: its changes', async () => {
    const setA = join(dir, 'a');
    const setB = join(dir, 'b');
    mkdirSync(setA);
    mkdirSync(setB);
    copyFileSync(base, join(setA, 'one.ndjson'));
    copyFileSync(again, join(setA, 'two.ndjson'));
    copyFileSync(again, join(setB, 'one.ndjson'));
    copyFileSync(base, join(setB, 'two.ndjson'));
    const same = await diffJson(setA, setB);
    expect(same.report.changes).toEqual([]);
    expect(same.code).toBe(0);
    const glob = await diffJson(join(setA, '*.ndjson'), changed);
    expect(glob.report.changes.filter((c) => c.breaking).map((c) => c.subject)).toContain('tool lookup');
  });

  it('--write-baseline then --baseline: the same report as comparing the captures', async () => {
    const file = join(dir, 'baseline.json');
    const w = await runCli(['diff', '--write-baseline', file, base]);
    expect(w.code).toBe(0);
    expect(w.stderr).toContain(`to ${file}`);
    expect(JSON.parse(readFileSync(file, 'utf8')).kind).toBe('mcptrace-diff-baseline/1');
    const viaBaseline = await diffJson('--baseline', file, changed);
    const direct = await diffJson(base, changed);
    expect(viaBaseline.report.changes).toEqual(direct.report.changes);
    expect(viaBaseline.code).toBe(1);
  });

  it('says what it needs', async () => {
    const one = await runCli(['diff', base]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('diff compares two things: mcptrace diff A B');
    const none = await runCli(['diff', base, join(dir, 'nothing-*.ndjson')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no such file, folder or capture matching the glob');
  });
});
