// Exit codes and usage errors of the built CLI (DESIGN principle 3 and 9: exit 2, one clear line, no stack trace).
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';
import { runCli, type CliResult } from '../helpers/cli.js';

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
  // annotate text/ndjson and stats table/json are run, with exit 0 and empty stderr, by the golden tests.
  it.each(SAMPLES)('annotate -f json, stats -f markdown and the default command on %s', async (file) => {
    const runs = [['annotate', '-f', 'json', file], ['stats', '-f', 'markdown', file], [file]];
    const results = await Promise.all(runs.map((args) => runCli(args)));
    results.forEach((r, i) => {
      expect({ args: runs[i], code: r.code, stderr: r.stderr }).toEqual({ args: runs[i], code: 0, stderr: '' });
      expect(r.stdout.length).toBeGreaterThan(200);
    });
  });

  it('annotate is the default command', async () => {
    const [a, b] = await Promise.all([runCli(['samples/memory.envelope.ndjson']), runCli(['annotate', 'samples/memory.envelope.ndjson'])]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain('tools/call');
  });
});

describe('exit 2 on usage and input errors', () => {
  it('a missing file', async () => {
    expectUsageError(await runCli(['annotate', 'no-such-file.ndjson']), /no-such-file\.ndjson/);
    expectUsageError(await runCli(['stats', 'no-such-file.ndjson']), /no-such-file\.ndjson/);
    expectUsageError(await runCli(['no-such-file.ndjson']), /no-such-file\.ndjson/);
  });

  it('a missing file after a good one: checked before anything is read, so nothing is printed', async () => {
    expectUsageError(await runCli(['annotate', '-f', 'ndjson', 'samples/memory.envelope.ndjson', 'missing.ndjson']), /missing\.ndjson/);
  });

  it('a directory instead of a file', async () => {
    expectUsageError(await runCli(['annotate', 'samples']), /samples/);
  });

  it('stdin named twice', async () => {
    expectUsageError(await runCli(['annotate', '-', '-'], { input: '' }), /stdin/);
  });

  it('an unknown option (root, annotate, stats)', async () => {
    expectUsageError(await runCli(['--bogus', 'samples/memory.envelope.ndjson']), /bogus/);
    expectUsageError(await runCli(['annotate', '--bogus', 'samples/memory.envelope.ndjson']), /bogus/);
    expectUsageError(await runCli(['stats', '--bogus', 'samples/memory.envelope.ndjson']), /bogus/);
    expectUsageError(await runCli(['annotate', 'samples/memory.envelope.ndjson', '--frobnicate']), /frobnicate/);
  });

  it('a bad --format choice', async () => {
    expectUsageError(await runCli(['annotate', '--format', 'yaml', 'samples/memory.envelope.ndjson']), /yaml/);
    expectUsageError(await runCli(['annotate', '-f', 'table', 'samples/memory.envelope.ndjson']), /table/);
    expectUsageError(await runCli(['stats', '-f', 'text', 'samples/memory.envelope.ndjson']), /text/);
    expectUsageError(await runCli(['stats', '--format', 'ndjson', 'samples/memory.envelope.ndjson']), /ndjson/);
  });

  it('a bad --input-format, --phase or --dir choice', async () => {
    expectUsageError(await runCli(['annotate', 'samples/memory.envelope.ndjson', '--input-format', 'xml']), /xml/);
    expectUsageError(await runCli(['annotate', 'samples/memory.envelope.ndjson', '--phase', 'teardown']), /teardown/);
    expectUsageError(await runCli(['annotate', 'samples/memory.envelope.ndjson', '--dir', 'sideways']), /sideways/);
  });
});

describe('option order as documented in --help', () => {
  // `mcptrace annotate --method 'tools/*' --phase operation log.ndjson` is an example in `annotate --help`:
  // filter options are lists, and must not swallow the file that follows them.
  it("annotate --method 'tools/*' --phase operation FILE reads FILE", async () => {
    const r = await runCli(['annotate', '-f', 'ndjson', '--method', 'tools/*', '--phase', 'operation', 'samples/memory.envelope.ndjson']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const methods = r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l).method);
    expect(methods.length).toBe(24); // tools/list + 11 tools/call, each answered
    expect(methods.every((m) => m.startsWith('tools/'))).toBe(true);
  });

  it('stats --dir s2c FILE reads FILE', async () => {
    const r = await runCli(['stats', '-f', 'json', '--dir', 's2c', 'samples/memory.envelope.ndjson']);
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

  it.each([['annotate'], ['stats'], ['audit']])('%s: an error that is not a usage error exits 3 with one line, no stack trace', async (command) => {
    const { io, stderr } = brokenIO();
    const code = await main([command, 'samples/memory.envelope.ndjson'], io);
    expect({ code, stderr: stderr() }).toEqual({ code: 3, stderr: 'mcptrace: internal error: stdout exploded (run with --debug for details)\n' });
  });

  it('--debug adds the stack trace', async () => {
    const { io, stderr } = brokenIO();
    expect(await main(['stats', '--debug', 'samples/memory.envelope.ndjson'], io)).toBe(3);
    expect(stderr()).toMatch(STACK);
  });
});
