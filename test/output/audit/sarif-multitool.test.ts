// The SARIF that `mcptrace audit -f sarif` writes, checked by Microsoft's SARIF Multitool (`validate`): the SARIF 2.1.0
// schema, the spec's SARIF1xxx rules, its SARIF2xxx advice and GitHub code scanning's GH1xxx ingestion rules.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAuditSarif } from '../../../src/output/audit/sarif.js';
import { createPalette } from '../../../src/output/color.js';
import { reportOf } from '../../helpers/audit.js';
import { REPO_ROOT, runCli } from '../../helpers/cli.js';
import { sarifProblems } from './sarif-check.js';
import { bad, badFixtures, writeEvilLog } from './support.js';

type Json = Record<string, any>;

/** The platform's Multitool binary, from the package's own lookup (@microsoft/sarif-multitool-<platform>). */
const MULTITOOL: string = createRequire(import.meta.url)('@microsoft/sarif-multitool');
const CONFIG = join(REPO_ROOT, 'test/fixtures/sarif/multitool.config.xml');

/**
 * Notes (the Multitool's advice, never an error or a warning) that the reports deliberately do not follow.
 * Any other result fails the test.
 */
const LEFT_ALONE: Record<string, string | RegExp> = {
  // Message strings with {0} arguments in the rule: our messages are made by the rule from its data, and
  // GitHub code scanning shows `message.text`; the text is already what a reader needs.
  SARIF2002: 'ProvideMessageArguments',
  // The inputs are session logs, not files of a repository mcptrace could name a commit of.
  SARIF2003: 'ProvideVersionControlProvenance',
  // Rule ids like `ABC1234`: ours (`unknown-method`) are a public contract (--rule, docs/rules/<id>.md).
  SARIF2009: 'ConsiderConventionalIdentifierValues',
  // The log line as a snippet and its neighbours as context: a log line can be megabytes and hold secrets.
  SARIF2010: 'ProvideCodeSnippets',
  SARIF2011: 'ProvideContextRegion',
  // An absolute path stays as the user named it (README: absolute paths become file: URIs); the run's
  // workingDirectory lets code scanning place it (GH1006).
  SARIF2016: 'FileUrisShouldBeRelative',
  // ProvideRuleProperties wants a friendly name; a one-word id has none that differs from it but in case,
  // and such a name is an error (SARIF1001). Only that rule may lack one.
  SARIF2012: /^runs\[0\]\.tool\.driver\.rules\[\d+\]: The rule 'oversized' does not provide a "friendly name"/,
};

const leftAlone = (f: Finding): boolean => {
  const why = f.level === 'note' ? LEFT_ALONE[f.rule] : undefined;
  return typeof why === 'string' || (why instanceof RegExp && why.test(f.text));
};

/** The rule's message template with the result's arguments, or its text. */
function messageOf(result: Json, rules: Json[]): string {
  if (typeof result.message.text === 'string') return result.message.text;
  const template: string = rules[result.ruleIndex]?.messageStrings?.[result.message.id]?.text ?? result.message.id;
  return template.replace(/\{(\d+)\}/g, (_m, k: string) => String(result.message.arguments?.[Number(k)]));
}

interface Finding {
  file: string;
  rule: string;
  level: string;
  text: string;
}

/** Runs `validate` once over `files` (one .NET start: it is slow to start) and returns its results per file. */
async function validate(files: string[], out: string): Promise<{ findings: Finding[]; hashes: Map<string, string> }> {
  const args = [
    'validate', ...files,
    '--output', out, '--log', 'ForceOverwrite',
    '--config', CONFIG, '--rule-kind', 'Sarif;Gh', '--level', 'Error;Warning;Note',
    // The scanned files and their SHA-256, to prove each was read whole.
    '--insert', 'Hashes',
  ];
  // The binary is self-contained .NET; invariant globalization spares it ICU where a machine lacks it.
  const child = spawn(MULTITOOL, args, { env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' } });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    // EACCES: installed with --ignore-scripts, the package's postinstall did not make the binary executable.
    child.on('error', (e) => reject(new Error(`cannot run ${MULTITOOL} (npm ci without --ignore-scripts makes it executable): ${e.message}`)));
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`sarif-multitool exited ${code}:\n${output}`);
  const run = JSON.parse(readFileSync(out, 'utf8')).runs[0];
  const rules: Json[] = run.tool.driver.rules ?? [];
  const findings = (run.results ?? []).map((r: Json) => ({
    file: basename(decodeURIComponent(new URL(r.locations[0].physicalLocation.artifactLocation.uri).pathname)),
    rule: r.ruleId,
    level: r.level ?? 'warning',
    text: messageOf(r, rules),
  }));
  const hashes = new Map<string, string>((run.artifacts ?? []).map((a: Json) => [basename(new URL(a.location.uri).pathname), a.hashes['sha-256'].toLowerCase()]));
  return { findings, hashes };
}

/** A fixture's options.json as audit flags (its `count` is for the rule tests); an unknown option fails. */
function flagsOf(rule: string): string[] {
  let opts: Json = {};
  try {
    opts = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/violations', rule, 'options.json'), 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const { count: _count, maxPending, maxSessions, maxMessageBytes, ruleOptions, ...rest } = opts;
  const { slowMs, ...restRule } = ruleOptions ?? {};
  if (Object.keys(rest).length + Object.keys(restRule).length > 0) throw new Error(`${rule}/options.json: no flag for ${JSON.stringify({ ...rest, ...restRule })}`);
  return [
    ...(maxPending === undefined ? [] : ['--max-pending', String(maxPending)]),
    ...(maxSessions === undefined ? [] : ['--max-sessions', String(maxSessions)]),
    ...(maxMessageBytes === undefined ? [] : ['--max-message-bytes', String(maxMessageBytes)]),
    ...(slowMs === undefined ? [] : ['--slow-ms', String(slowMs)]),
  ];
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

let dir = '';
let evilLog = '';
/** The reports that must pass, by file name; the canaries that must not. */
const reports: string[] = [];
const CANARY_SCHEMA = 'canary-schema.sarif';
const CANARY_GITHUB = 'canary-github.sarif';
let checked: Awaited<ReturnType<typeof validate>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcptrace-sarif-multitool-'));
  evilLog = writeEvilLog();
  const audit = async (name: string, args: string[], opts: { cwd?: string; input?: string } = {}) => {
    const r = await runCli(['audit', '-f', 'sarif', '-o', join(dir, name), ...args], opts);
    if (r.code !== 0 && r.code !== 1) throw new Error(`audit ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
    reports.push(name);
  };
  const samples = readdirSync(join(REPO_ROOT, 'samples')).filter((f) => f !== 'README.md').sort().map((f) => `samples/${f}`);
  // The violation fixtures in as few runs as their options allow: one report per set of flags.
  const groups = new Map<string, string[]>();
  for (const [rule, path] of badFixtures()) {
    const key = flagsOf(rule).join(' ');
    groups.set(key, [...(groups.get(key) ?? []), path]);
  }
  await Promise.all([
    audit('samples.sarif', samples),
    ...[...groups].map(([flags, files], k) => audit(`violations-${k}.sarif`, [...(flags === '' ? [] : flags.split(' ')), ...files])),
    // An absolute path (a file: URI) and stdin.
    audit('absolute-and-stdin.sarif', [join(REPO_ROOT, bad('unknown-method')), '-'], { input: readFileSync(bad('invalid-json'), 'utf8') }),
    // A relative path full of characters a URI must escape.
    audit('hostile-name.sarif', [basename(evilLog)], { cwd: dirname(evilLog) }),
  ]);
  // More findings than the report lists: the tool notification (no CLI flag sets the limit that low).
  const palette = createPalette(false);
  const report = await reportOf(bad('invalid-jsonrpc'));
  writeFileSync(join(dir, 'omitted.sarif'), renderAuditSarif({ ...report, findingsOmitted: 7 }, { palette }));
  reports.push('omitted.sarif');

  // Canaries, made from a passing report: the batch must catch them, or its silence proves nothing.
  const good: Json = JSON.parse(readFileSync(join(dir, 'samples.sarif'), 'utf8'));
  const schema = structuredClone(good);
  delete schema.runs[0].tool.driver.name;
  schema.runs[0].results[0].level = 'fatal';
  schema.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
  writeFileSync(join(dir, CANARY_SCHEMA), JSON.stringify(schema, null, 2));
  const github = structuredClone(good);
  github.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = 'file:///var/log/mcp.ndjson';
  delete github.runs[0].invocations[0].workingDirectory;
  writeFileSync(join(dir, CANARY_GITHUB), JSON.stringify(github, null, 2));

  checked = await validate([...reports, CANARY_SCHEMA, CANARY_GITHUB].map((f) => join(dir, f)), join(dir, 'validation.sarif.out'));
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (evilLog) rmSync(dirname(evilLog), { recursive: true, force: true });
});

describe('sarif-multitool validate', () => {
  it('read every report whole', () => {
    // samples, 5 groups of violation fixtures, absolute-and-stdin, hostile-name, omitted
    expect(reports).toHaveLength(9);
    for (const name of [...reports, CANARY_SCHEMA, CANARY_GITHUB]) expect(checked.hashes.get(name), name).toBe(sha256(join(dir, name)));
  });

  it('finds no error or warning in the reports, and only the advice we leave alone', () => {
    const left = checked.findings.filter((f) => reports.includes(f.file) && !leftAlone(f));
    expect(left.map((f) => `${f.file}: ${f.level} ${f.rule}: ${f.text}`)).toEqual([]);
  });

  it('catches the canaries: schema errors, and an absolute path GitHub cannot place', () => {
    const on = (file: string) => checked.findings.filter((f) => f.file === file && f.level === 'error').map((f) => f.rule).sort();
    expect(on(CANARY_SCHEMA)).toEqual(['JSON1002', 'JSON1008', 'JSON1019']);
    expect(on(CANARY_GITHUB)).toEqual(['GH1006']);
  });

  it('leaves the structural checks it does not make to sarif-check.ts, which the reports pass too', () => {
    for (const name of reports) expect(sarifProblems(JSON.parse(readFileSync(join(dir, name), 'utf8'))), name).toEqual([]);
  });
});
