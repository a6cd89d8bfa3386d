// --help for the root and each command (with examples), and --version. yargs prints help and version itself (not to the
// streams `main` is given), so these run the built executable; each command line runs once and its tests share it.
import { readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, REPO_ROOT, runCli, type CliResult } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/** Lines of the `Examples:` section (up to the next blank line). */
function examples(help: string): string[] {
  const start = help.indexOf('\nExamples:\n');
  if (start < 0) return [];
  const rest = help.slice(start + '\nExamples:\n'.length);
  const end = rest.search(/\n\s*\n/);
  return (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((l) => l.trim() !== '');
}

const LINES = [['--help'], ['-h'], ['annotate', '--help'], ['stats', '--help'], ['audit', '--help'], ['--version']];
const runs = new Map<string, CliResult>();
const out = (args: string[]): CliResult => runs.get(args.join(' '))!;

beforeAll(async () => {
  // No input is given: help must not wait for stdin (runCli closes it, so a hang would be a timeout anyway).
  const results = await Promise.all(LINES.map((args) => runCli(args)));
  LINES.forEach((args, i) => runs.set(args.join(' '), results[i]));
});

describe('--help', () => {
  it.each([
    [['--help'], ['annotate', 'stats']],
    [['-h'], ['annotate', 'stats']],
    [['annotate', '--help'], ['annotate']],
    [['stats', '--help'], ['stats']],
  ])('%j shows usage with examples and exits 0', (args, commands) => {
    const r = out(args);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^mcptrace /);
    const ex = examples(r.stdout);
    expect(ex.length, `no Examples section in:\n${r.stdout}`).toBeGreaterThanOrEqual(2);
    expect(ex.filter((l) => /\bmcptrace (?:annotate|stats|-|\S+\.ndjson)/.test(l)).length).toBeGreaterThanOrEqual(2);
    for (const c of commands) expect(r.stdout).toMatch(new RegExp(`mcptrace ${c}\\b`));
  });

  it('annotate --help documents the formats and filters; stats --help its formats', () => {
    const a = out(['annotate', '--help']);
    for (const s of [
      '--format',
      '"text"',
      '"ndjson"',
      '"json"',
      '--method',
      '--primitive',
      '--phase',
      '--dir',
      '--session',
      '--no-body',
      '--input-format',
    ]) {
      expect(a.stdout).toContain(s.replace('--no-body', 'no-body'));
    }
    const s = out(['stats', '--help']);
    for (const x of ['"table"', '"json"', '"markdown"']) expect(s.stdout).toContain(x);
    expect(s.stdout).not.toContain('"ndjson"]');
  });

  it('the root help shows an example for stats too, not only the default command', () => {
    expect(examples(out(['--help']).stdout).some((l) => /mcptrace stats\b/.test(l))).toBe(true);
  });

  it('--max-sessions is in the --help of annotate, stats and audit with its default', () => {
    for (const command of ['annotate', 'stats', 'audit']) {
      const r = out([command, '--help']);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(/--max-sessions\s+sessions tracked at once[\s\S]*?\[default: 10000\]/);
    }
  });
});

describe('--version', () => {
  it('prints the package version and exits 0', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = out(['--version']);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: `${pkg.version}\n`,
      stderr: '',
    });
  });

  it("from any working directory, not only the repository's", async () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await runCli(['--version'], { cwd: tempDir('version-cwd') });
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: `${pkg.version}\n` });
  });
});

describe('the built executable', () => {
  it('is executable after a build, and runs as a command (its #! line)', () => {
    expect(statSync(CLI_PATH).mode & 0o111).toBe(0o111);
    expect(execFileSync(CLI_PATH, ['--version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('--help fits $COLUMNS and names the README where this copy is installed', async () => {
    const r = await runCli(['--help'], { env: { COLUMNS: '80' }, cwd: tempDir('help-cwd') });
    expect(r.code).toBe(0);
    for (const l of r.stdout.trimEnd().split('\n'))
      if (l.trim().includes(' ')) expect(l.length, l).toBeLessThanOrEqual(80);
    const docs = /Docs: (\S+README\.md)/.exec(r.stdout)?.[1];
    expect(docs).toBe(join(REPO_ROOT, 'README.md'));
    expect(readFileSync(docs!, 'utf8')).toMatch(/^# mcptrace/);
  });
});
