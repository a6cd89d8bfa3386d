// The SARIF report: its structure (sarif-check.ts; the SARIF Multitool's verdict is sarif-multitool.test.ts), and its content against the report it came from.
import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../../src/audit/types.js';
import { createPalette } from '../../../src/output/color.js';
import {
  artifactUri,
  findingFingerprint,
  FINGERPRINT_KEY,
  renderAuditSarif,
  ruleName,
} from '../../../src/output/audit/sarif.js';
import { reportOf } from '../../helpers/audit.js';
import { sarifProblems } from './sarif-check.js';
import { bad, badFixtures, SAMPLE } from './support.js';

const ctx = { palette: createPalette(false) };
type Json = Record<string, any>;
const sarifOf = (r: AuditReport): Json => JSON.parse(renderAuditSarif(r, ctx));
/** The results of the findings (the diagnosis's come first, under `cause/` rule ids). */
const findingResults = (log: Json): Json[] => log.runs[0].results.filter((r: Json) => !r.ruleId.startsWith('cause/'));

describe('renderAuditSarif', () => {
  it.each([['sample', SAMPLE], ...badFixtures()])(
    'is a structurally valid SARIF 2.1.0 log for %s',
    async (_name, file) => {
      const text = renderAuditSarif(await reportOf(file), ctx);
      expect(text.endsWith('}\n')).toBe(true);
      expect(sarifProblems(JSON.parse(text))).toEqual([]);
    },
  );

  it('the structural check catches what the schema forbids', async () => {
    const good = sarifOf(await reportOf(bad('invalid-jsonrpc')));
    const broken = structuredClone(good);
    broken.version = '2.0.0';
    delete broken.runs[0].tool.driver.name;
    broken.runs[0].results[0].level = 'fatal';
    broken.runs[0].results[0].ruleIndex = 0;
    broken.runs[0].results[1].locations[0].physicalLocation.region.startLine = 0;
    broken.runs[0].results[1].locations[0].physicalLocation.artifactLocation.uri = 'a b|c';
    delete broken.runs[0].invocations[0].executionSuccessful;
    expect(sarifProblems(broken)).toHaveLength(7);
  });

  it('has the schema, version, one run and the tool with its information URI', async () => {
    const log = sarifOf(await reportOf(SAMPLE));
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].tool.driver).toMatchObject({
      name: 'mcptrace',
      version: '0.0.0-test',
      informationUri: 'https://modelcontextprotocol.io',
    });
    expect(log.runs[0].invocations[0]).toEqual({ executionSuccessful: true, endTimeUtc: '2026-01-02T03:04:05.000Z' });
  });

  it('lists every active rule with its summary, spec help URI, doc path and default level', async () => {
    const report = await reportOf(SAMPLE, { rules: { 'slow-response': 'off', 'unknown-method': 'error' } });
    const rules: Json[] = sarifOf(report).runs[0].tool.driver.rules;
    expect(rules.map((r) => r.id).filter((id) => !id.startsWith('cause/'))).toEqual(report.rules.map((r) => r.id));
    expect(rules.map((r) => r.id)).not.toContain('slow-response');
    const level = { error: 'error', warning: 'warning', info: 'note' } as const;
    report.rules.forEach((r, k) => {
      const d = rules[k]!;
      expect(d.shortDescription.text).toBe(r.summary);
      expect(d.fullDescription.text.startsWith(r.summary)).toBe(true);
      expect(d.helpUri).toBe(r.specUrl);
      expect(d.help.text).toContain(r.docUrl);
      expect(d.help.markdown).toContain(`(${r.specUrl})`);
      expect(d.defaultConfiguration.level).toBe(level[r.effectiveSeverity]);
    });
    expect(rules.find((r) => r.id === 'unknown-method')!.defaultConfiguration.level).toBe('error');
  });

  it('has one result per finding with rule, level, message, location and session/seq', async () => {
    const report = await reportOf([bad('invalid-jsonrpc'), bad('orphan-response')], {
      rules: { 'orphan-response': 'info' },
    });
    const log = sarifOf(report);
    const run = log.runs[0];
    const results = findingResults(log);
    expect(results).toHaveLength(report.findings.length);
    const level = { error: 'error', warning: 'warning', info: 'note' } as const;
    report.findings.forEach((f, k) => {
      const r = results[k]!;
      expect(r.ruleId).toBe(f.rule);
      expect(run.tool.driver.rules[r.ruleIndex].id).toBe(f.rule);
      expect(r.level).toBe(level[f.severity]);
      expect(r.message.text).toBe(f.message);
      expect(r.locations[0].physicalLocation).toEqual({
        artifactLocation: { uri: f.file },
        region: { startLine: f.line },
      });
      expect(r.properties).toEqual({ session: f.session, seq: f.seq });
    });
    expect(results.map((r: Json) => r.level)).toContain('note');
  });

  it('gives fingerprints that are stable across runs and distinct between findings', async () => {
    const a = sarifOf(await reportOf(bad('invalid-jsonrpc')));
    const b = sarifOf(await reportOf(bad('invalid-jsonrpc')));
    const prints = (log: Json) => log.runs[0].results.map((r: Json) => r.partialFingerprints[FINGERPRINT_KEY]);
    expect(prints(a)).toEqual(prints(b));
    expect(new Set(prints(a)).size).toBe(prints(a).length);
    const f = (await reportOf(bad('invalid-jsonrpc'))).findings[0]!;
    // Not tied to the run: seq and session may change when other files come first.
    expect(findingFingerprint({ ...f, seq: f.seq + 100, session: '9' })).toBe(findingFingerprint(f));
    expect(findingFingerprint({ ...f, line: f.line + 1 })).not.toBe(findingFingerprint(f));
  });

  it('names stdin "stdin" and leaves out the region of a finding without a line', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    const moved: AuditReport = {
      ...report,
      findings: report.findings.map((f, k) => ({ ...f, file: '-', line: k === 0 ? 0 : f.line })),
    };
    const results = findingResults(sarifOf(moved));
    expect(results[0]!.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'stdin' } });
    expect(results[1]!.locations[0].physicalLocation.artifactLocation.uri).toBe('stdin');
  });

  it('gives each rule a friendly name, its id in Pascal case, unless that differs from the id only in case', async () => {
    const rules: Json[] = sarifOf(await reportOf(SAMPLE)).runs[0].tool.driver.rules;
    expect(rules.find((r) => r.id === 'unknown-method')!.name).toBe('UnknownMethod');
    expect(rules.find((r) => r.id === 'request-before-initialize-response')!.name).toBe(
      'RequestBeforeInitializeResponse',
    );
    expect(rules.find((r) => r.id === 'oversized')).not.toHaveProperty('name');
    expect(rules.filter((r) => r.name === undefined).map((r) => r.id)).toEqual(['oversized']);
    expect(ruleName('a-b2-c')).toBe('AB2C');
  });

  it('names the working directory when a finding is in a log given by an absolute path, and only then', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    const cwd = '/home/x y/repo';
    expect(sarifOf(report).runs[0].invocations[0]).not.toHaveProperty('workingDirectory');
    expect(JSON.parse(renderAuditSarif(report, { ...ctx, cwd })).runs[0].invocations[0]).not.toHaveProperty(
      'workingDirectory',
    );
    const absolute: AuditReport = {
      ...report,
      findings: report.findings.map((f, k) => (k === 1 ? { ...f, file: '/var/log/a.ndjson' } : f)),
    };
    const log = JSON.parse(renderAuditSarif(absolute, { ...ctx, cwd }));
    expect(log.runs[0].invocations[0].workingDirectory).toEqual({ uri: 'file:///home/x%20y/repo/' });
    expect(findingResults(log)[1]!.locations[0].physicalLocation.artifactLocation.uri).toBe('file:///var/log/a.ndjson');
    expect(sarifProblems(log)).toEqual([]);
    expect(
      JSON.parse(renderAuditSarif(absolute, { ...ctx, cwd: '/' })).runs[0].invocations[0].workingDirectory,
    ).toEqual({ uri: 'file:///' });
    expect(
      JSON.parse(renderAuditSarif(absolute, { ...ctx, cwd: 'C:\\work' })).runs[0].invocations[0].workingDirectory,
    ).toEqual({ uri: 'file:///C:/work/' });
  });

  it('reports findings past the limit as a tool notification', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    const log = sarifOf({ ...report, findingsOmitted: 7 });
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toContain('7 findings');
    expect(sarifProblems(log)).toEqual([]);
  });
});

describe('artifactUri', () => {
  it('keeps relative paths relative and percent-encodes what a URI cannot hold', () => {
    expect(artifactUri('logs/a.ndjson')).toBe('logs/a.ndjson');
    expect(artifactUri('logs/a b#1?.ndjson')).toBe('logs/a%20b%231%3F.ndjson');
    expect(artifactUri('c:x.ndjson')).toBe('c%3Ax.ndjson');
    expect(artifactUri('-')).toBe('stdin');
    expect(artifactUri('/var/log/x y.ndjson')).toBe('file:///var/log/x%20y.ndjson');
    expect(artifactUri('C:\\logs\\x.ndjson')).toBe('file:///C:/logs/x.ndjson');
  });
});

describe('renderAuditSarif: the diagnosis', () => {
  const CRASH = 'test/fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log';
  const TOOL_ERRORS = 'test/fixtures/failures/vscode/mcp-server-filesystem-access-denied.log';

  it("gives each diagnosis a result of its cause's rule, before the findings, at the evidence's line", async () => {
    const report = await reportOf(CRASH);
    const log = sarifOf(report);
    const run = log.runs[0];
    const causes = run.results.filter((r: Json) => r.ruleId.startsWith('cause/'));
    expect(causes.map((r: Json) => r.ruleId)).toEqual([
      'cause/server-exited',
      'cause/server-exited',
      'cause/spawn-failed',
    ]);
    expect(run.results.slice(0, 3)).toEqual(causes);
    const [first] = causes;
    expect(first.level).toBe('error');
    expect(first.message.text).toBe(
      "notes-search exited before answering initialize: AttributeError: 'NoneType' object has no attribute 'tools_changed'",
    );
    expect(first.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: CRASH },
      region: { startLine: 44 },
    });
    expect(first.locations[0].message.text).toContain("AttributeError: 'NoneType'");
    expect(first.relatedLocations[0].physicalLocation.region.startLine).toBeGreaterThan(44);
    expect(first.properties).toEqual({
      session: 'notes-search',
      server: 'notes-search',
      verdict: 'failed',
      side: 'server',
      impact: 'failed',
    });
    expect(run.tool.driver.rules[first.ruleIndex].id).toBe('cause/server-exited');
    expect(causes[2].properties.side).toBe('client');
    // Distinct fingerprints for the two launches that crashed alike: their lines differ.
    expect(new Set(causes.map((r: Json) => r.partialFingerprints[FINGERPRINT_KEY])).size).toBe(3);
    expect(sarifProblems(log)).toEqual([]);
  });

  it('describes each cause found once, from its meta, with its doc page; degraded is a warning, a note a note', async () => {
    const report = await reportOf(CRASH);
    const rules: Json[] = sarifOf(report).runs[0].tool.driver.rules;
    const causes = rules.filter((r) => r.id.startsWith('cause/'));
    expect(causes.map((r) => r.id)).toEqual(['cause/spawn-failed', 'cause/server-exited']);
    expect(causes[1]).toMatchObject({ name: 'CauseServerExited', shortDescription: { text: 'The server exited.' } });
    expect(causes[1]!.fullDescription.text).toMatch(/^The server's process or transport ended/);
    expect(causes[1]!.help.text).toContain('docs/causes/server-exited.md');
    const degraded = sarifOf(await reportOf(TOOL_ERRORS)).runs[0].results.find(
      (r: Json) => r.ruleId === 'cause/tool-errors',
    );
    expect(degraded.level).toBe('warning');
    const base = await reportOf(TOOL_ERRORS);
    const noted: AuditReport = {
      ...base,
      diagnoses: base.diagnoses.map((s) => ({
        ...s,
        diagnoses: s.diagnoses.map((d) => ({ ...d, impact: 'note' as const, evidence: [] })),
      })),
    };
    const note = sarifOf(noted).runs[0].results[0];
    expect(note.level).toBe('note');
    // No evidence: the session's log, without a region.
    expect(note.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: TOOL_ERRORS } });
  });
});
