// The SARIF report: checked by hand against the SARIF 2.1.0 schema's required properties, and against the report it came from.
import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../../src/audit/types.js';
import { createPalette } from '../../../src/output/color.js';
import { artifactUri, findingFingerprint, FINGERPRINT_KEY, firstSentence, renderAuditSarif } from '../../../src/output/audit/sarif.js';
import { reportOf } from '../../helpers/audit.js';
import { bad, badFixtures, SAMPLE } from './support.js';

const ctx = { palette: createPalette(false) };
type Json = Record<string, any>;
const sarifOf = (r: AuditReport): Json => JSON.parse(renderAuditSarif(r, ctx));

const LEVELS = new Set(['none', 'note', 'warning', 'error']);
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** RFC 3986 URI-reference characters (unreserved, reserved, percent-escapes). */
const URI_REF = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/**
 * What the SARIF 2.1.0 schema (sarif-schema-2.1.0.json) requires of the parts we emit: sarifLog {version
 * "2.1.0", runs}, run {tool}, tool {driver}, toolComponent {name}, reportingDescriptor {id},
 * multiformatMessageString {text}, reportingConfiguration.level enum, invocation {executionSuccessful},
 * result {message}, message {text or id}, level enum, ruleIndex ≥ -1, location/physicalLocation
 * {artifactLocation or address}, artifactLocation.uri a URI reference, region.startLine ≥ 1,
 * partialFingerprints string values, property bags objects with unique string tags.
 */
function sarifProblems(log: Json): string[] {
  const p: string[] = [];
  const need = (cond: boolean, what: string) => { if (!cond) p.push(what); };
  const message = (m: unknown, at: string) => need(isObj(m) && (typeof m.text === 'string' || typeof m.id === 'string'), `${at}: message needs text or id`);
  const mfms = (m: unknown, at: string) => { if (m !== undefined) need(isObj(m) && typeof m.text === 'string', `${at}: needs text`); };
  const bag = (b: unknown, at: string) => {
    if (b === undefined) return;
    need(isObj(b), `${at}: property bag must be an object`);
    if (isObj(b) && b.tags !== undefined) need(Array.isArray(b.tags) && b.tags.every((t: unknown) => typeof t === 'string') && new Set(b.tags).size === b.tags.length, `${at}.tags`);
  };
  need(log.version === '2.1.0', 'version must be "2.1.0"');
  need(typeof log.$schema === 'string' && URI_REF.test(log.$schema), '$schema must be a URI');
  need(Array.isArray(log.runs), 'runs must be an array');
  for (const [k, run] of (Array.isArray(log.runs) ? log.runs : []).entries()) {
    const at = `runs[${k}]`;
    need(isObj(run?.tool) && isObj(run.tool.driver), `${at}.tool.driver required`);
    const driver = run?.tool?.driver ?? {};
    need(typeof driver.name === 'string' && driver.name !== '', `${at}.tool.driver.name required`);
    if (driver.informationUri !== undefined) need(URI_REF.test(driver.informationUri), `${at} informationUri`);
    const rules: Json[] = driver.rules ?? [];
    need(Array.isArray(rules), `${at}.rules must be an array`);
    need(new Set(rules.map((r) => r.id)).size === rules.length, `${at}.rules ids must be unique`);
    rules.forEach((r, j) => {
      const rat = `${at}.rules[${j}]`;
      need(typeof r.id === 'string', `${rat}.id required`);
      mfms(r.shortDescription, `${rat}.shortDescription`);
      mfms(r.fullDescription, `${rat}.fullDescription`);
      mfms(r.help, `${rat}.help`);
      if (r.helpUri !== undefined) need(URI_REF.test(r.helpUri), `${rat}.helpUri`);
      if (r.defaultConfiguration !== undefined) need(LEVELS.has(r.defaultConfiguration.level), `${rat}.defaultConfiguration.level`);
      bag(r.properties, `${rat}.properties`);
    });
    for (const [j, inv] of (run.invocations ?? []).entries()) {
      need(typeof inv.executionSuccessful === 'boolean', `${at}.invocations[${j}].executionSuccessful required`);
      for (const n of inv.toolExecutionNotifications ?? []) message(n.message, `${at}.invocations[${j}] notification`);
    }
    need(run.results === undefined || Array.isArray(run.results), `${at}.results must be an array`);
    for (const [j, r] of (run.results ?? []).entries()) {
      const rat = `${at}.results[${j}]`;
      message(r.message, rat);
      if (r.level !== undefined) need(LEVELS.has(r.level), `${rat}.level`);
      if (r.ruleIndex !== undefined) {
        need(Number.isInteger(r.ruleIndex) && r.ruleIndex >= -1, `${rat}.ruleIndex`);
        need(rules[r.ruleIndex]?.id === r.ruleId, `${rat}.ruleIndex must point at ruleId`);
      }
      for (const loc of r.locations ?? []) {
        const pl = loc.physicalLocation;
        need(isObj(pl) && (isObj(pl.artifactLocation) || isObj(pl.address)), `${rat} physicalLocation needs artifactLocation`);
        if (isObj(pl?.artifactLocation)) need(typeof pl.artifactLocation.uri === 'string' && URI_REF.test(pl.artifactLocation.uri), `${rat} uri`);
        if (pl?.region !== undefined) need(Number.isInteger(pl.region.startLine) && pl.region.startLine >= 1, `${rat} region.startLine`);
      }
      if (r.partialFingerprints !== undefined) need(isObj(r.partialFingerprints) && Object.values(r.partialFingerprints).every((v) => typeof v === 'string'), `${rat}.partialFingerprints`);
      bag(r.properties, `${rat}.properties`);
    }
    bag(run.properties, `${at}.properties`);
  }
  return p;
}

describe('renderAuditSarif', () => {
  it.each([['sample', SAMPLE], ...badFixtures()])('is a structurally valid SARIF 2.1.0 log for %s', async (_name, file) => {
    const text = renderAuditSarif(await reportOf(file), ctx);
    expect(text.endsWith('}\n')).toBe(true);
    expect(sarifProblems(JSON.parse(text))).toEqual([]);
  });

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
    expect(log.runs[0].tool.driver).toMatchObject({ name: 'mcptrace', version: '0.0.0-test', informationUri: 'https://modelcontextprotocol.io' });
    expect(log.runs[0].invocations[0]).toEqual({ executionSuccessful: true, endTimeUtc: '2026-01-02T03:04:05.000Z' });
  });

  it('lists every active rule with descriptions, spec help URI, doc path and default level', async () => {
    const report = await reportOf(SAMPLE, { rules: { 'slow-response': 'off', 'unknown-method': 'error' } });
    const rules: Json[] = sarifOf(report).runs[0].tool.driver.rules;
    expect(rules.map((r) => r.id)).toEqual(report.rules.map((r) => r.id));
    expect(rules.map((r) => r.id)).not.toContain('slow-response');
    const level = { error: 'error', warning: 'warning', info: 'note' } as const;
    report.rules.forEach((r, k) => {
      const d = rules[k]!;
      expect(d.shortDescription.text).toBe(firstSentence(r.description));
      expect(d.fullDescription.text.startsWith(r.description)).toBe(true);
      expect(d.helpUri).toBe(r.specUrl);
      expect(d.help.text).toContain(r.docUrl);
      expect(d.help.markdown).toContain(`(${r.specUrl})`);
      expect(d.defaultConfiguration.level).toBe(level[r.effectiveSeverity]);
    });
    expect(rules.find((r) => r.id === 'unknown-method')!.defaultConfiguration.level).toBe('error');
  });

  it('has one result per finding with rule, level, message, location and session/seq', async () => {
    const report = await reportOf([bad('invalid-jsonrpc'), bad('orphan-response')], { rules: { 'orphan-response': 'info' } });
    const run = sarifOf(report).runs[0];
    expect(run.results).toHaveLength(report.findings.length);
    const level = { error: 'error', warning: 'warning', info: 'note' } as const;
    report.findings.forEach((f, k) => {
      const r = run.results[k];
      expect(r.ruleId).toBe(f.rule);
      expect(run.tool.driver.rules[r.ruleIndex].id).toBe(f.rule);
      expect(r.level).toBe(level[f.severity]);
      expect(r.message.text).toBe(f.message);
      expect(r.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: f.file }, region: { startLine: f.line } });
      expect(r.properties).toEqual({ session: f.session, seq: f.seq });
    });
    expect(run.results.map((r: Json) => r.level)).toContain('note');
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
    const moved: AuditReport = { ...report, findings: report.findings.map((f, k) => ({ ...f, file: '-', line: k === 0 ? 0 : f.line })) };
    const results = sarifOf(moved).runs[0].results;
    expect(results[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'stdin' } });
    expect(results[1].locations[0].physicalLocation.artifactLocation.uri).toBe('stdin');
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

describe('firstSentence', () => {
  it('stops at the first sentence end, not at e.g. or dotted names', () => {
    expect(firstSentence('A thing, e.g. tools.call happened. More here.')).toBe('A thing, e.g. tools.call happened.');
    expect(firstSentence('"It MUST stop." Then more.')).toBe('"It MUST stop."');
    expect(firstSentence('One sentence only')).toBe('One sentence only');
  });
});
