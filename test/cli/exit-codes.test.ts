// Exit codes and usage errors of the built CLI (ARCHITECTURE.md principle 3 and 9: exit 2, one clear line, no stack trace).
// Usage errors and one sample's exit 0 run the built executable (the process's exit code and stderr are the subject);
// the other samples' exit 0 runs `main` in-process (test/helpers/in-process.ts), whose result the executable exits with.
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const SAMPLES = [
  'samples/everything.envelope.ndjson',
  'samples/everything.ndjson',
  'samples/everything.transcript.txt',
  'samples/everything.json',
  'samples/memory.envelope.ndjson',
];

/** A stack trace line as Node prints it (`    at fn (file:line:col)`). */
const STACK = /^\s+at\s/m;

/** Exit 2, nothing on stdout, exactly one line on stderr starting `mcptrace:`, no stack trace. */
function expectUsageError(r: CliResult, mentions: RegExp): void {
  expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
  expect(r.stderr.endsWith('\n')).toBe(true);
  const lines = r.stderr.slice(0, -1).split('\n');
  expect(lines, `stderr was:\n${r.stderr}`).toHaveLength(1);
  expect(lines[0].startsWith('mcptrace: ')).toBe(true);
  expect(lines[0]).toMatch(mentions);
  expect(r.stderr).not.toMatch(STACK);
}

describe('exit 0', () => {
  // annotate text/ndjson and stats table/json are run, with exit 0 and empty stderr, by the golden tests (in-process,
  // and the built executable on two samples).
  it.each(SAMPLES)('annotate -f json, stats -f markdown and the default command on %s', async (file) => {
    const runs = [['annotate', '-f', 'json', file], ['stats', '-f', 'markdown', file], [file]];
    const run = file === 'samples/memory.envelope.ndjson' ? runCli : runMain;
    const results = await Promise.all(runs.map((args) => run(args)));
    results.forEach((r, i) => {
      expect({ args: runs[i], code: r.code, stderr: r.stderr }).toEqual({ args: runs[i], code: 0, stderr: '' });
      expect(r.stdout.length).toBeGreaterThan(200);
    });
  });

  it('annotate is the default command', async () => {
    // In-process: the built executable runs the default command on this sample above.
    const [a, b] = await Promise.all([
      runMain(['samples/memory.envelope.ndjson']),
      runMain(['annotate', 'samples/memory.envelope.ndjson']),
    ]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain('tools/call');
  });
});

describe('exit 2 on usage and input errors', () => {
  /** Each command line with what its one line of stderr must mention; the runs are concurrent. */
  async function expectUsageErrors(cases: [string[], RegExp][]): Promise<void> {
    const results = await Promise.all(cases.map(([args]) => runCli(args)));
    results.forEach((r, i) => expectUsageError(r, cases[i][1]));
  }

  it('a missing file', async () => {
    await expectUsageErrors([
      [['annotate', 'no-such-file.ndjson'], /no-such-file\.ndjson/],
      [['stats', 'no-such-file.ndjson'], /no-such-file\.ndjson/],
      [['no-such-file.ndjson'], /no-such-file\.ndjson/],
    ]);
  });

  it('a missing file after a good one: checked before anything is read, so nothing is printed', async () => {
    expectUsageError(
      await runCli(['annotate', '-f', 'ndjson', 'samples/memory.envelope.ndjson', 'missing.ndjson']),
      /missing\.ndjson/,
    );
  });

  it('a folder with no file named as a log (a folder with logs is read: test/cli/folders.test.ts)', async () => {
    expectUsageError(await runCli(['annotate', 'bin']), /no logs in bin/);
  });

  it('stdin named twice', async () => {
    expectUsageError(await runCli(['annotate', '-', '-'], { input: '' }), /stdin/);
  });

  it('an unknown option (root, annotate, stats)', async () => {
    await expectUsageErrors([
      [['--bogus', 'samples/memory.envelope.ndjson'], /bogus/],
      [['annotate', '--bogus', 'samples/memory.envelope.ndjson'], /bogus/],
      [['stats', '--bogus', 'samples/memory.envelope.ndjson'], /bogus/],
      [['annotate', 'samples/memory.envelope.ndjson', '--frobnicate'], /frobnicate/],
    ]);
  });

  it('a bad --format choice', async () => {
    await expectUsageErrors([
      [['annotate', '--format', 'yaml', 'samples/memory.envelope.ndjson'], /yaml/],
      [['annotate', '-f', 'table', 'samples/memory.envelope.ndjson'], /table/],
      [['stats', '-f', 'text', 'samples/memory.envelope.ndjson'], /text/],
      [['stats', '--format', 'ndjson', 'samples/memory.envelope.ndjson'], /ndjson/],
    ]);
  });

  it('a bad --input-format, --phase or --dir choice', async () => {
    await expectUsageErrors([
      [['annotate', 'samples/memory.envelope.ndjson', '--input-format', 'xml'], /xml/],
      [['annotate', 'samples/memory.envelope.ndjson', '--phase', 'teardown'], /teardown/],
      [['annotate', 'samples/memory.envelope.ndjson', '--dir', 'sideways'], /sideways/],
    ]);
  });
});

describe('option order as documented in --help', () => {
  // `mcptrace annotate --method 'tools/*' --phase operation log.ndjson` is an example in `annotate --help`:
  // filter options are lists, and must not swallow the file that follows them. (Argument parsing: in-process.)
  it("annotate --method 'tools/*' --phase operation FILE reads FILE", async () => {
    const r = await runMain([
      'annotate',
      '-f',
      'ndjson',
      '--method',
      'tools/*',
      '--phase',
      'operation',
      'samples/memory.envelope.ndjson',
    ]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const methods = r.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).method);
    expect(methods.length).toBe(24); // tools/list + 11 tools/call, each answered
    expect(methods.every((m) => m.startsWith('tools/'))).toBe(true);
  });

  it('stats --dir s2c FILE reads FILE', async () => {
    const r = await runMain(['stats', '-f', 'json', '--dir', 's2c', 'samples/memory.envelope.ndjson']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).byDirection.s2c.messages).toBe(24);
  });
});

describe('exit 3 on internal errors', () => {
  /** A stdout that fails in a way no input can cause: a bug's stand-in, thrown from inside a running command. */
  function brokenIO(): { io: CliIO; stderr: () => string } {
    let err = '';
    const stdout = new Writable({ write: (_c, _e, cb) => cb() });
    stdout.write = () => {
      throw new Error('stdout exploded');
    };
    const stderr = new Writable({
      write: (c, _e, cb) => {
        err += String(c);
        cb();
      },
    });
    return { io: { stdin: Readable.from([]), stdout, stderr, env: {} }, stderr: () => err };
  }

  it.each([['annotate'], ['stats'], ['audit']])(
    '%s: an error that is not a usage error exits 3 with one line, no stack trace',
    async (command) => {
      const { io, stderr } = brokenIO();
      const code = await main([command, 'samples/memory.envelope.ndjson'], io);
      expect({ code, stderr: stderr() }).toEqual({
        code: 3,
        stderr: 'mcptrace: internal error: stdout exploded (run with --debug for details)\n',
      });
    },
  );

  it('--debug adds the stack trace', async () => {
    const { io, stderr } = brokenIO();
    expect(await main(['stats', '--debug', 'samples/memory.envelope.ndjson'], io)).toBe(3);
    expect(stderr()).toMatch(STACK);
  });
});
