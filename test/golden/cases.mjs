// The golden cases — every sample in samples/ × every golden command — shared by golden.test.ts and
// scripts/update-golden.mjs, so the test and the regeneration script can never disagree on what is run.
//
// Nothing is masked. The outputs are deterministic for a given input, and the inputs are committed files:
// - times: every `ts` and latency comes from the log itself; nothing reads the clock (no Date.now / new Date()
//   of the present). Transcript clock times are kept as written; text output prints the logged clock without
//   time-zone conversion; counts use fixed `,` separators, not the locale (golden.test.ts checks this by
//   running under another TZ, locale and terminal width).
// - paths: the CLI runs with the repository root as cwd and gets relative paths (`samples/…`), and `source`
//   and the stats `file` fields echo the path as given, so no absolute path can appear (also checked).
// - terminal: stdout is a pipe, NO_COLOR / FORCE_COLOR are removed from the environment, so there is no
//   colour; the transcript is laid out for an explicit `--width 100` (else it would follow $COLUMNS), and cli-table3
//   widths depend on content only, not on the terminal width ($COLUMNS, which audit and stats follow when piped, is
//   removed).
// - the fields samples/README.md lists as volatile (ts, pid, task ids, random log level …) change only when
//   the samples are re-recorded, and then the expected files must be regenerated and reviewed anyway.
// So expected files are compared byte for byte.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One golden command per expected file: `<sample>.<name>` in test/golden/expected/. */
export const GOLDEN_COMMANDS = [
  // The transcript fits its width: given here, so that no terminal or $COLUMNS decides it.
  { name: 'annotate.txt', args: ['annotate', '--format', 'text', '--width', '100'] },
  { name: 'annotate.ndjson', args: ['annotate', '--format', 'ndjson'] },
  { name: 'stats.txt', args: ['stats', '--format', 'table'] },
  { name: 'stats.json', args: ['stats', '--format', 'json'] },
];

/**
 * One request's story (`mcptrace story`) of a sample, at 80 columns and as JSON: `<sample>.<name>` in
 * test/golden/expected/ too. A cancelled call with progress and findings, a task-augmented call, and a call during which
 * the server asked for sampling through a client-side task.
 */
export const STORY_GOLDENS = [
  { sample: 'everything.envelope.ndjson', name: 'story-12.txt', args: ['story', '--width', '80'], request: '12' },
  { sample: 'everything.envelope.ndjson', name: 'story-39.txt', args: ['story', '--width', '80'], request: '39' },
  { sample: 'everything.envelope.ndjson', name: 'story-37.json', args: ['story', '-f', 'json'], request: '37' },
];

/** Relative folder names, from the repository root. */
export const SAMPLES_DIR = 'samples';
export const EXPECTED_DIR = 'test/golden/expected';

/** Every sample log in samples/ (everything except the README and dot files), sorted. */
export function sampleFiles(root) {
  return readdirSync(join(root, SAMPLES_DIR))
    .filter((f) => !f.startsWith('.') && f !== 'README.md')
    .sort();
}

/**
 * Every golden case: `args` for the CLI (the sample as a path relative to `root`, which must be the cwd), `expected`,
 * the expected stdout's path relative to `root`, and `stderr`, the path of the expected stderr: a file only when the
 * command writes something there (a capture's summary line: the packets, connections and entries it held), else none.
 */
export function goldenCases(root) {
  const cases = [];
  for (const sample of sampleFiles(root)) {
    for (const cmd of GOLDEN_COMMANDS) {
      const input = `${SAMPLES_DIR}/${sample}`;
      cases.push({
        sample,
        command: cmd.name,
        args: [...cmd.args, input],
        expected: `${EXPECTED_DIR}/${sample}.${cmd.name}`,
        stderr: `${EXPECTED_DIR}/${sample}.${cmd.name}.stderr`,
      });
    }
  }
  for (const g of STORY_GOLDENS) {
    cases.push({
      sample: g.sample,
      command: g.name,
      args: [...g.args, `${SAMPLES_DIR}/${g.sample}`, g.request],
      expected: `${EXPECTED_DIR}/${g.sample}.${g.name}`,
      stderr: `${EXPECTED_DIR}/${g.sample}.${g.name}.stderr`,
    });
  }
  return cases;
}

/** The environment the CLI runs in for golden output: the caller's, without NO_COLOR / FORCE_COLOR. */
export function goldenEnv(base = process.env) {
  const env = { ...base };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  // audit and stats follow $COLUMNS when piped; their goldens keep whole lines.
  delete env.COLUMNS;
  return env;
}
