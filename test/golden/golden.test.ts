// Golden tests: the built CLI's output for every recorded sample, compared with test/golden/expected/.
// Regenerate with `npm run build && node scripts/update-golden.mjs` and review the diff by eye.
//
// Every case runs the built `main` in-process (test/helpers/in-process.ts); the built executable runs the cases of two
// samples again under another time zone, locale and terminal width, and one from another directory.
//
// Nothing is masked: for a committed input the output is deterministic (cases.mjs explains why), so the
// comparison is exact. The last tests check the two assumptions that make that safe: no absolute path in the
// output, and no dependence on the time zone, locale or terminal width.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { EXPECTED_DIR, GOLDEN_COMMANDS, goldenCases, sampleFiles, STORY_GOLDENS } from './cases.mjs';

const cases = goldenCases(REPO_ROOT);
const REGENERATE = 'regenerate with `npm run build && node scripts/update-golden.mjs` and review the diff';

/** Where the first difference is, so a failure says more than "strings differ" on a 100 KB output. */
function firstDifference(actual: string, expected: string): string {
  const a = actual.split('\n');
  const e = expected.split('\n');
  for (let i = 0; i < Math.max(a.length, e.length); i++) {
    if (a[i] !== e[i]) return `line ${i + 1}:\n  expected: ${e[i] ?? '(end of output)'}\n  actual:   ${a[i] ?? '(end of output)'}`;
  }
  return 'no line differs';
}

describe('golden outputs', () => {
  it('covers every sample with every golden command', () => {
    const samples = sampleFiles(REPO_ROOT);
    expect(samples).toEqual(
      expect.arrayContaining([
        'everything.envelope.ndjson',
        'everything.json',
        'everything.ndjson',
        'everything.transcript.txt',
        'memory.envelope.ndjson',
        'everything-http.pcap',
        'everything-http.har',
        'everything-http.curl.txt',
      ]),
    );
    expect(cases).toHaveLength(samples.length * GOLDEN_COMMANDS.length + STORY_GOLDENS.length);
  });

  it('has no stale expected files', () => {
    const wanted = new Set(cases.flatMap((c) => [c.expected, c.stderr]).map((f) => f.slice(EXPECTED_DIR.length + 1)));
    const stale = readdirSync(join(REPO_ROOT, EXPECTED_DIR)).filter((f) => !wanted.has(f));
    expect(stale, `expected files without a case; ${REGENERATE}`).toEqual([]);
  });

  describe.each(cases.map((c) => [`${c.sample} → ${c.command}`, c] as const))('%s', (_name, c) => {
    it('matches the expected output exactly', async () => {
      const path = join(REPO_ROOT, c.expected);
      expect(existsSync(path), `${c.expected} is missing; ${REGENERATE}`).toBe(true);
      const expected = readFileSync(path, 'utf8');
      const r = await runMain(c.args);
      // What a command writes to stderr (a capture's summary line) is expected too, when it writes anything.
      const stderr = join(REPO_ROOT, c.stderr);
      expect(r.stderr, `stderr differs from ${existsSync(stderr) ? c.stderr : 'nothing'}; ${REGENERATE}`).toBe(existsSync(stderr) ? readFileSync(stderr, 'utf8') : '');
      expect(r.code).toBe(0);
      if (r.stdout !== expected) {
        expect.fail(`mcptrace ${c.args.join(' ')} differs from ${c.expected} at ${firstDifference(r.stdout, expected)}\n${REGENERATE}`);
      }
      // Guards against an expected file regenerated from a broken build: there must be real content.
      expect(expected.length).toBeGreaterThan(500);
    });
  });
});

describe('golden outputs hold nothing volatile', () => {
  it('no absolute path of the checkout appears in any expected file', () => {
    for (const c of cases) {
      const text = readFileSync(join(REPO_ROOT, c.expected), 'utf8') + (existsSync(join(REPO_ROOT, c.stderr)) ? readFileSync(join(REPO_ROOT, c.stderr), 'utf8') : '');
      expect(text.includes(REPO_ROOT), `${c.expected} contains ${REPO_ROOT}`).toBe(false);
      expect(text.includes(REPO_ROOT.replace(/\/$/, '')), `${c.expected} contains the repository path`).toBe(false);
    }
  });

  it('the same output under another time zone, locale and terminal width (the built executable)', async () => {
    const env = { TZ: 'Pacific/Chatham', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8', COLUMNS: '40' };
    // The stories print offsets and gaps, never a clock time: the transcripts' times are the subject here.
    const commands = new Set(GOLDEN_COMMANDS.map((g) => g.name));
    const picked = cases.filter((c) => ['everything.envelope.ndjson', 'everything.transcript.txt', 'everything-http.pcap'].includes(c.sample) && commands.has(c.command));
    expect(picked.length).toBe(3 * GOLDEN_COMMANDS.length);
    // A command laid out for `--width` ignores $COLUMNS; audit and stats, piped without it, follow $COLUMNS (their
    // goldens are made with none: whole lines), so they get none here either.
    const results = await Promise.all(picked.map((c) => runCli(c.args, { env: c.args.includes('--width') ? env : { ...env, COLUMNS: '' } })));
    for (const [i, c] of picked.entries()) {
      const r = results[i];
      expect(r.code).toBe(0);
      const expected = readFileSync(join(REPO_ROOT, c.expected), 'utf8');
      if (r.stdout !== expected) expect.fail(`${c.args.join(' ')} under ${JSON.stringify(env)}: ${firstDifference(r.stdout, expected)}`);
    }
  });

  it('the same output when run from another directory, apart from the input path', async () => {
    // From samples/ the input is named `everything.envelope.ndjson`: only the echoed path may change.
    const c = cases.find((x) => x.sample === 'everything.envelope.ndjson' && x.command === 'annotate.ndjson')!;
    const r = await runCli([...c.args.slice(0, -1), 'everything.envelope.ndjson'], { cwd: join(REPO_ROOT, 'samples') });
    expect(r.code).toBe(0);
    const expected = readFileSync(join(REPO_ROOT, c.expected), 'utf8');
    expect(r.stdout.replaceAll('"source":"everything.envelope.ndjson:', '"source":"samples/everything.envelope.ndjson:')).toBe(expected);
  });
});
