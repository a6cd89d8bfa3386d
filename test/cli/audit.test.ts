// The audit command end to end: exit codes, --fail-on, --rule, --config, --out, and the rules command. Most runs are
// in-process (test/helpers/in-process.ts: `main`'s result is the exit code the executable sets); a failing audit, a
// passing one and the rules command run the built executable.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { lazyTempDir } from '../helpers/temp.js';

const BAD_JSON = 'test/fixtures/violations/invalid-json/bad.ndjson';
const ORPHAN = 'test/fixtures/violations/orphan-response/bad.txt';
const dir = lazyTempDir('audit');

async function auditJson(args: string[], run: (args: string[]) => Promise<CliResult> = runMain) {
  const r = await run(['audit', '-f', 'json', ...args]);
  return { ...r, report: r.stdout ? JSON.parse(r.stdout) : null };
}

describe('audit exit codes', () => {
  it('exits 1 when a finding reaches the default --fail-on error, and reports it (the built executable)', async () => {
    const { code, report } = await auditJson([BAD_JSON], runCli);
    expect(code).toBe(1);
    expect(report.summary).toMatchObject({ failOn: 'error', failed: true });
    expect(report.findings.map((f: { rule: string }) => f.rule)).toContain('invalid-json');
    const f = report.findings.find((x: { rule: string }) => x.rule === 'invalid-json');
    expect(f).toMatchObject({ file: BAD_JSON, line: 2, severity: 'error', docUrl: 'docs/rules/invalid-json.md' });
  });

  it('exits 0 when findings stay below --fail-on', async () => {
    // orphan-response is a warning: fails at --fail-on warning, passes at the default.
    expect((await auditJson([ORPHAN])).code).toBe(0);
    expect((await auditJson(['--fail-on', 'warning', ORPHAN])).code).toBe(1);
    expect((await auditJson(['--fail-on', 'none', BAD_JSON])).code).toBe(0);
  });

  it('--rule changes a severity or turns a rule off', async () => {
    const off = await auditJson(['--rule', 'invalid-json=off', BAD_JSON]);
    expect(off.code).toBe(0);
    expect(off.report.findings.map((f: { rule: string }) => f.rule)).not.toContain('invalid-json');
    const raised = await auditJson(['--rule', 'orphan-response=error', ORPHAN]);
    expect(raised.code).toBe(1);
    expect(raised.report.findings.find((f: { rule: string }) => f.rule === 'orphan-response').severity).toBe('error');
  });

  it('reads --config, and flags override it', async () => {
    const cfg = join(dir.path, 'cfg.json');
    writeFileSync(cfg, JSON.stringify({ rules: { 'orphan-response': 'error' }, failOn: 'error' }));
    expect((await auditJson(['--config', cfg, ORPHAN])).code).toBe(1);
    expect((await auditJson(['--config', cfg, '--rule', 'orphan-response=info', ORPHAN])).code).toBe(0);
    expect((await auditJson(['--config', cfg, '--fail-on', 'none', ORPHAN])).code).toBe(0);
  });

  it.each([
    [['--rule', 'no-such-rule=error'], /unknown rule "no-such-rule"/],
    [['--rule', 'orphan-response=loud'], /expected id=off\|info\|warning\|error/],
    [['--fail-on', 'sometimes'], /Invalid values/],
    [['--config', 'missing.json'], /cannot read config missing.json/],
  ])('exits 2 with one line for bad usage %j', async (args, pattern) => {
    const r = await runMain(['audit', ...args, ORPHAN]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
  });

  it('rejects a config with an unknown key or a bad value, naming it', async () => {
    const cfg = join(dir.path, 'bad.json');
    writeFileSync(cfg, JSON.stringify({ rulez: {} }));
    const r = await runMain(['audit', '--config', cfg, ORPHAN]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown key "rulez"/);
    writeFileSync(cfg, JSON.stringify({ slowMs: -1 }));
    expect((await runMain(['audit', '--config', cfg, ORPHAN])).stderr).toMatch(/slowMs must be a number/);
  });

  it('--out writes the report to a file and nothing to stdout', async () => {
    const out = join(dir.path, 'report.json');
    const r = await runMain(['audit', '-f', 'json', '--out', out, BAD_JSON]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).summary.totals.error).toBeGreaterThan(0);
    // One line on stderr says what was written: the file, its size, the format and the verdict.
    const size = readFileSync(out).length.toLocaleString('en-US');
    expect(r.stderr).toMatch(
      new RegExp(
        `^mcptrace: wrote .*report\\.json \\(${size} bytes; json; \\d+ errors?, .* — FAILED at --fail-on error\\)\n$`,
      ),
    );
  });

  it('to stdout, nothing on stderr about it', async () => {
    expect((await runMain(['audit', '-f', 'json', 'samples/everything.ndjson'])).stderr).toBe('');
  });

  it.each(['json', 'sarif', 'html', 'markdown'])(
    '-f %s: the report written in pieces to stdout and to --out is the same text',
    async (format) => {
      const out = join(dir.path, `same.${format}`);
      const masked = (s: string) => s.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME');
      // The largest report through the built executable's stdout, a pipe that fills; the others in-process.
      const printed = await (format === 'html' ? runCli : runMain)([
        'audit',
        '-f',
        format,
        'samples/everything.envelope.ndjson',
      ]);
      await runMain(['audit', '-f', format, '--out', out, 'samples/everything.envelope.ndjson']);
      expect(printed.stdout.length).toBeGreaterThan(10_000);
      expect(masked(readFileSync(out, 'utf8'))).toBe(masked(printed.stdout));
    },
  );

  it('audits the real samples without errors (the built executable, exit 0)', async () => {
    for (const f of ['samples/everything.envelope.ndjson', 'samples/memory.envelope.ndjson']) {
      const { code, report } = await auditJson([f], runCli);
      expect(
        report.summary.totals.error,
        `${f}: ${JSON.stringify(report.findings.filter((x: { severity: string }) => x.severity === 'error'))}`,
      ).toBe(0);
      expect(code).toBe(0);
    }
  });
});

describe('rules command', () => {
  it('lists every rule with severity, revisions and what it checks; with -f json its doc link', async () => {
    const r = await runMain(['rules', '-f', 'json']);
    expect(r.code).toBe(0);
    const rules = JSON.parse(r.stdout) as { id: string; docUrl: string; specUrl: string; severity: string }[];
    expect(rules.map((x) => x.id)).toContain('orphan-response');
    for (const x of rules) {
      expect(x.docUrl).toBe(`docs/rules/${x.id}.md`);
      expect(readFileSync(x.docUrl, 'utf8')).toContain(`# ${x.id}`);
    }
    const text = await runCli(['rules']); // the built executable
    expect(text.stdout).toMatch(/^orphan-response\s+warning\s+all\s+A response or error whose id/m);
  });
});
