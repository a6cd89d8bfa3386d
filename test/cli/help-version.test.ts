// --help for the root and each command (with examples), and --version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/cli.js';

/** Lines of the `Examples:` section (up to the next blank line). */
function examples(help: string): string[] {
  const start = help.indexOf('\nExamples:\n');
  if (start < 0) return [];
  const rest = help.slice(start + '\nExamples:\n'.length);
  const end = rest.search(/\n\s*\n/);
  return (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((l) => l.trim() !== '');
}

describe('--help', () => {
  it.each([
    [['--help'], ['annotate', 'stats']],
    [['-h'], ['annotate', 'stats']],
    [['annotate', '--help'], ['annotate']],
    [['stats', '--help'], ['stats']],
  ])('%j shows usage with examples and exits 0', async (args, commands) => {
    // No input is given: help must not wait for stdin (runCli closes it, so a hang would be a timeout anyway).
    const r = await runCli(args);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^mcptrace /);
    const ex = examples(r.stdout);
    expect(ex.length, `no Examples section in:\n${r.stdout}`).toBeGreaterThanOrEqual(2);
    expect(ex.filter((l) => /\bmcptrace (?:annotate|stats|-|\S+\.ndjson)/.test(l)).length).toBeGreaterThanOrEqual(2);
    for (const c of commands) expect(r.stdout).toMatch(new RegExp(`mcptrace ${c}\\b`));
  });

  it('annotate --help documents the formats and filters; stats --help its formats', async () => {
    const a = await runCli(['annotate', '--help']);
    for (const s of ['--format', '"text"', '"ndjson"', '"json"', '--method', '--primitive', '--phase', '--dir', '--session', '--no-body', '--input-format']) {
      expect(a.stdout).toContain(s.replace('--no-body', 'no-body'));
    }
    const s = await runCli(['stats', '--help']);
    for (const x of ['"table"', '"json"', '"markdown"']) expect(s.stdout).toContain(x);
    expect(s.stdout).not.toContain('"ndjson"]');
  });

  it('the root help shows an example for stats too, not only the default command', async () => {
    const r = await runCli(['--help']);
    expect(examples(r.stdout).some((l) => /mcptrace stats\b/.test(l))).toBe(true);
  });
});

describe('--version', () => {
  it('prints the package version and exits 0', async () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await runCli(['--version']);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});
