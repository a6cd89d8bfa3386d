// The SARIF that `mcptrace audit -f sarif` writes, checked by Microsoft's SARIF Multitool (`validate`): the SARIF 2.1.0
// schema, the spec's SARIF1xxx rules, its SARIF2xxx advice and GitHub code scanning's GH1xxx ingestion rules.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAuditSarif } from '../../../src/output/audit/sarif.js';
import { createPalette } from '../../../src/output/color.js';
import { reportOf } from '../../helpers/audit.js';
import { REPO_ROOT, runCli } from '../../helpers/cli.js';
import { leftAlone, validateSarif } from '../../helpers/sarif-multitool.js';
import { sarifProblems } from './sarif-check.js';
import { bad, badFixtures, writeEvilLog } from './support.js';
import { tempDir } from '../../helpers/temp.js';
import { failureLogs } from '../../helpers/failures.js';

type Json = Record<string, any>;

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
  if (Object.keys(rest).length + Object.keys(restRule).length > 0)
    throw new Error(`${rule}/options.json: no flag for ${JSON.stringify({ ...rest, ...restRule })}`);
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
let checked: Awaited<ReturnType<typeof validateSarif>>;

beforeAll(async () => {
  dir = tempDir('sarif-multitool');
  evilLog = writeEvilLog();
  const audit = async (name: string, args: string[], opts: { cwd?: string; input?: string } = {}) => {
    const r = await runCli(['audit', '-f', 'sarif', '-o', join(dir, name), ...args], opts);
    if (r.code !== 0 && r.code !== 1) throw new Error(`audit ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
    reports.push(name);
  };
  const samples = readdirSync(join(REPO_ROOT, 'samples'))
    .filter((f) => f !== 'README.md')
    .sort()
    .map((f) => `samples/${f}`);
  // The violation fixtures in as few runs as their options allow: one report per set of flags.
  const groups = new Map<string, string[]>();
  for (const [rule, path] of badFixtures()) {
    const key = flagsOf(rule).join(' ');
    groups.set(key, [...(groups.get(key) ?? []), path]);
  }
  await Promise.all([
    audit('samples.sarif', samples),
    ...[...groups].map(([flags, files], k) =>
      audit(`violations-${k}.sarif`, [...(flags === '' ? [] : flags.split(' ')), ...files]),
    ),
    // The failure corpus: every cause the diagnosis finds, as results of their own rules with the evidence's lines;
    // one log by its absolute path, so that a diagnosis's evidence names a file: URI.
    audit('failures.sarif', [...failureLogs().slice(1), join(REPO_ROOT, failureLogs()[0]!)]),
    // An absolute path (a file: URI) and stdin.
    audit('absolute-and-stdin.sarif', [join(REPO_ROOT, bad('unknown-method')), '-'], {
      input: readFileSync(bad('invalid-json'), 'utf8'),
    }),
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

  checked = await validateSarif(
    [...reports, CANARY_SCHEMA, CANARY_GITHUB].map((f) => join(dir, f)),
    join(dir, 'validation.sarif.out'),
  );
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (evilLog) rmSync(dirname(evilLog), { recursive: true, force: true });
});

describe('sarif-multitool validate', () => {
  it('read every report whole', () => {
    // samples, 5 groups of violation fixtures, failures, absolute-and-stdin, hostile-name, omitted
    expect(reports).toHaveLength(10);
    for (const name of [...reports, CANARY_SCHEMA, CANARY_GITHUB])
      expect(checked.hashes.get(name), name).toBe(sha256(join(dir, name)));
  });

  it('finds no error or warning in the reports, and only the advice we leave alone', () => {
    const left = checked.findings.filter((f) => reports.includes(f.file) && !leftAlone(f));
    expect(left.map((f) => `${f.file}: ${f.level} ${f.rule}: ${f.text}`)).toEqual([]);
  });

  it('catches the canaries: schema errors, and an absolute path GitHub cannot place', () => {
    const on = (file: string) =>
      checked.findings
        .filter((f) => f.file === file && f.level === 'error')
        .map((f) => f.rule)
        .sort();
    expect(on(CANARY_SCHEMA)).toEqual(['JSON1002', 'JSON1008', 'JSON1019']);
    expect(on(CANARY_GITHUB)).toEqual(['GH1006']);
  });

  it('leaves the structural checks it does not make to sarif-check.ts, which the reports pass too', () => {
    for (const name of reports)
      expect(sarifProblems(JSON.parse(readFileSync(join(dir, name), 'utf8'))), name).toEqual([]);
  });
});
