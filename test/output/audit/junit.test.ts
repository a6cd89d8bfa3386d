// The JUnit report: well-formed XML, a suite per session, a case per active rule, failures at --fail-on and the rest in system-out.
import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../../src/audit/types.js';
import { createPalette } from '../../../src/output/color.js';
import { renderAuditJunit } from '../../../src/output/audit/junit.js';
import { xmlAttr, xmlText } from '../../../src/output/audit/xml.js';
import { reportOf } from '../../helpers/audit.js';
import { bad, badFixtures, reportWithLimits, SAMPLE } from './support.js';
import { elements, parseXml, type XmlElement } from './xml-check.js';

const ctx = { palette: createPalette(false) };
const junitOf = (r: AuditReport): XmlElement => parseXml(renderAuditJunit(r, ctx));

function caseOf(suite: XmlElement, rule: string): XmlElement {
  const c = suite.children.find((x) => x.name === 'testcase' && x.attrs.name === rule);
  if (!c) throw new Error(`no testcase ${rule}`);
  return c;
}

describe('renderAuditJunit', () => {
  it.each([['sample', SAMPLE], ...badFixtures()])(
    'is well-formed with consistent totals for %s',
    async (_name, file) => {
      const report = await reportOf(file);
      const root = junitOf(report);
      expect(root.name).toBe('testsuites');
      const suites = root.children.filter((c) => c.name === 'testsuite');
      expect(suites).toHaveLength(report.sessions.length);
      let tests = 0;
      let failures = 0;
      let skipped = 0;
      for (const s of suites) {
        const cases = s.children.filter((c) => c.name === 'testcase');
        const failing = cases.filter((c) => c.children.some((x) => x.name === 'failure'));
        const skipping = cases.filter((c) => c.children.some((x) => x.name === 'skipped'));
        expect(Number(s.attrs.tests)).toBe(cases.length);
        expect(Number(s.attrs.failures)).toBe(failing.length);
        expect(Number(s.attrs.skipped)).toBe(skipping.length);
        // A skipped case is only that: no failure, no findings beside it.
        for (const c of skipping) expect(c.children.map((x) => x.name)).toEqual(['skipped']);
        expect(s.attrs).toMatchObject({ errors: '0' });
        expect(s.attrs.time).toMatch(/^\d+\.\d{3}$/);
        for (const c of cases) expect(c.attrs.classname).toBe(`mcptrace.${c.attrs.name}`);
        tests += cases.length;
        failures += failing.length;
        skipped += skipping.length;
      }
      expect(root.attrs).toMatchObject({
        tests: String(tests),
        failures: String(failures),
        errors: '0',
        skipped: String(skipped),
      });
      // The dashboard fails exactly when the exit code does.
      expect(failures > 0).toBe(report.failed);
    },
  );

  it('has a suite per session named by key and file, with its diagnosis then one case per active rule', async () => {
    const report = await reportOf([SAMPLE, bad('invalid-jsonrpc')], { rules: { 'slow-response': 'off' } });
    const suites = elements(junitOf(report), 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual(
      report.sessions.map((s) => `session ${s.info.key} · ${s.info.file}`),
    );
    for (const s of suites) {
      expect(s.children.filter((c) => c.name === 'testcase').map((c) => c.attrs.name)).toEqual([
        'diagnosis',
        ...report.rules.map((r) => r.id),
      ]);
    }
    expect(report.rules.map((r) => r.id)).not.toContain('slow-response');
    const props = Object.fromEntries(elements(suites[0]!, 'property').map((p) => [p.attrs.name, p.attrs.value]));
    const info = report.sessions[0]!.info;
    expect(props).toMatchObject({
      session: info.key,
      file: info.file,
      negotiatedRevision: info.negotiatedRevision,
      transport: info.transport,
    });
    expect(props.client).toBe(`${info.clientInfo!.name} ${info.clientInfo!.version}`);
  });

  it('fails a rule with findings at --fail-on: count and first message, then every finding with file:line', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    const mine = report.findings.filter((f) => f.rule === 'invalid-jsonrpc');
    expect(mine.length).toBeGreaterThan(1);
    const failure = caseOf(elements(junitOf(report), 'testsuite')[0]!, 'invalid-jsonrpc').children.find(
      (c) => c.name === 'failure',
    )!;
    expect(failure.attrs.message).toBe(`${mine.length} findings: ${mine[0]!.message}`);
    expect(failure.attrs.type).toBe('error');
    const lines = failure.text.split('\n');
    expect(lines).toHaveLength(mine.length);
    mine.forEach((f, k) =>
      expect(lines[k]).toBe(`${f.file}:${f.line} [${f.severity}] ${f.message} (record #${f.seq})`),
    );
  });

  it('lists findings below --fail-on in system-out and fails nothing for them', async () => {
    // orphan-response/bad has only warnings.
    const file = bad('orphan-response');
    const at = async (failOn: 'error' | 'warning' | 'none') => {
      const report = await reportOf(file, { failOn });
      return { report, suite: elements(junitOf(report), 'testsuite')[0]! };
    };
    const error = await at('error');
    const rulesWithFindings = Object.keys(error.report.byRule);
    expect(error.report.totals).toMatchObject({ error: 0 });
    expect(rulesWithFindings.length).toBeGreaterThan(0);
    expect(error.suite.attrs.failures).toBe('0');
    for (const rule of rulesWithFindings) {
      const c = caseOf(error.suite, rule);
      expect(c.children.map((x) => x.name)).toEqual(['system-out']);
      expect(c.children[0]!.text.split('\n')).toHaveLength(error.report.byRule[rule]!);
    }
    const warning = await at('warning');
    expect(warning.suite.attrs.failures).toBe(String(rulesWithFindings.length));
    for (const rule of rulesWithFindings)
      expect(caseOf(warning.suite, rule).children.map((x) => x.name)).toEqual(['failure']);
    expect((await at('none')).suite.attrs.failures).toBe('0');
  });

  it("skips, with the reason, the rules that cannot apply: HTTP rules in a stdio session, other revisions' rules", async () => {
    // A real Claude Desktop log (stdio, 2025-11-25), and the recorded HTTP session of the same server kind (a HAR).
    const stdio = await reportOf('test/fixtures/hosts/claude-desktop/mcp-server-memory-2025-07-metadata.log');
    const http = await reportOf('samples/everything-http.har');
    const skips = (report: AuditReport) => {
      const suite = elements(junitOf(report), 'testsuite')[0]!;
      const out = new Map<string, string>();
      for (const c of elements(suite, 'testcase')) {
        const s = c.children.find((x) => x.name === 'skipped');
        if (s) out.set(c.attrs.name!, s.attrs.message!);
      }
      return { suite, out };
    };
    const s = skips(stdio);
    expect(stdio.sessions[0]!.info).toMatchObject({ transport: 'stdio', negotiatedRevision: '2025-11-25' });
    expect(s.out.get('accept-header')).toBe(
      "judges HTTP exchanges only; this session's log holds none (transport stdio)",
    );
    expect(s.out.get('session-id-header')).toBe(
      "judges HTTP exchanges only; this session's log holds none (transport stdio)",
    );
    expect(s.out.get('missing-request-meta')).toBe('checked in 2026-07-28 only; this session is 2025-11-25');
    // Rules of the session's revision and transport run, and pass.
    for (const rule of ['capability-not-negotiated', 'unanswered-request', 'invalid-jsonrpc', 'wrong-direction'])
      expect(s.out.has(rule), rule).toBe(false);
    expect(s.suite.attrs.skipped).toBe(String(s.out.size));
    expect(Number(s.suite.attrs.tests) - s.out.size).toBeLessThan(stdio.rules.length);
    // Over HTTP the transport rules of the revision are checked (skipped only where the revision is another).
    const h = skips(http);
    expect(http.sessions[0]!.info.transport).toBe('http');
    for (const rule of ['accept-header', 'session-id-header', 'protocol-version-header'])
      expect(h.out.has(rule), rule).toBe(false);
    expect([...h.out.values()].every((m) => m.startsWith('checked in '))).toBe(true);
  });

  it('never skips a rule that found something in the session', async () => {
    // accept-header's findings, in a session said to be stdio (a process start event before the HTTP traffic would
    // say so): the findings win over what the session's transport suggests.
    const report = await reportOf(bad('accept-header'));
    expect(report.byRule['accept-header']).toBeGreaterThan(0);
    const stdio = {
      ...report,
      sessions: report.sessions.map((s) => ({ ...s, info: { ...s.info, transport: 'stdio' } })),
    };
    const suite = elements(junitOf(stdio), 'testsuite')[0]!;
    expect(caseOf(suite, 'accept-header').children.map((x) => x.name)).toEqual(['failure']);
    expect(caseOf(suite, 'session-id-header').children.map((x) => x.name)).toEqual(['skipped']);
  });

  it('takes the suite time from the first and last message times', async () => {
    const report = await reportOf(SAMPLE);
    const steps = [...report.sessions[0]!.sequence.head, ...report.sessions[0]!.sequence.tail].map((s) =>
      Date.parse(s.ts!),
    );
    const want = ((Math.max(...steps) - Math.min(...steps)) / 1000).toFixed(3);
    expect(want).not.toBe('0.000');
    expect(elements(junitOf(report), 'testsuite')[0]!.attrs.time).toBe(want);
  });

  it('keeps suites for sessions past the limit and notes omitted findings in a comment', async () => {
    const report = await reportWithLimits([bad('orphan-response'), bad('invalid-jsonrpc')], {
      sessions: 1,
      findings: 2,
    });
    expect(report.findingsOmitted).toBeGreaterThan(0);
    const xml = renderAuditJunit(report, ctx);
    expect(xml).toContain(
      `<!-- ${report.findingsOmitted} findings past the report's limit are counted but not listed -->`,
    );
    const sessionsWithFindings = new Set([
      ...report.sessions.map((s) => s.info.key),
      ...report.findings.map((f) => f.session),
    ]);
    expect(elements(parseXml(xml), 'testsuite')).toHaveLength(sessionsWithFindings.size);
  });
});

describe('xml escaping', () => {
  it('escapes markup and keeps what a parser would change or reject visible', () => {
    expect(xmlText('a<b>&c]]>\r\n\t')).toBe('a&lt;b&gt;&amp;c]]&gt;&#13;\n\t');
    expect(xmlAttr('"x" \'y\'\t\n\r<')).toBe('&quot;x&quot; &apos;y&apos;&#9;&#10;&#13;&lt;');
    expect(xmlText('\x00\x1b\x7f\x85\ufffe')).toBe('\\x00\\x1b\\x7f\\u0085\\ufffe');
    // Lone surrogates are not XML characters; a pair is.
    expect(xmlText('a\ud800b\udc00c😀')).toBe('a\\ud800b\\udc00c😀');
  });

  it('round-trips through a parser: attribute and text read back as written', () => {
    const s = 'a|b`c\n<script>]]>"\'&amp;\ttab\rcr';
    const root = parseXml(`<r a="${xmlAttr(s)}">${xmlText(s)}</r>`);
    expect(root.attrs.a).toBe(s);
    expect(root.text).toBe(s);
  });

  it('the checker rejects documents that are not well-formed', () => {
    const bad = [
      '<a><b></a></b>',
      '<a>x &foo; y</a>',
      '<a>]]></a>',
      '<a x="1" x="2"/>',
      '<a>\x01</a>',
      '<a b="<"/>',
      '<a/><b/>',
      '<a>',
      '<a>&</a>',
      '<!-- -- --><a/>',
    ];
    for (const x of bad) expect(() => parseXml(x), x).toThrow();
    expect(() => parseXml('<?xml version="1.0"?>\n<a b=\'1\'><c/>t&amp;&#10;</a>\n')).not.toThrow();
  });
});

describe('renderAuditJunit: the diagnosis case', () => {
  const CRASH = 'test/fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log';
  const TOOL_ERRORS = 'test/fixtures/failures/vscode/mcp-server-filesystem-access-denied.log';
  const diagnosisCases = (root: XmlElement) => elements(root, 'testsuite').map((s) => caseOf(s, 'diagnosis'));

  it('fails for a failed session with the headline as message and the causes with their evidence as text', async () => {
    const report = await reportOf(CRASH);
    const root = junitOf(report);
    const cases = diagnosisCases(root);
    expect(cases).toHaveLength(3);
    const failure = cases[0]!.children.find((c) => c.name === 'failure')!;
    expect(failure.attrs.message).toBe(
      "failed: server-exited: notes-search exited before answering initialize: AttributeError: 'NoneType' object has no attribute 'tools_changed'",
    );
    expect(failure.attrs.type).toBe('server-exited');
    const lines = failure.text.split('\n');
    expect(lines[0]).toBe(
      "server-exited [server]: notes-search exited before answering initialize: AttributeError: 'NoneType' object has no attribute 'tools_changed'",
    );
    expect(lines[1]).toBe(`  ${CRASH}:44  AttributeError: 'NoneType' object has no attribute 'tools_changed'`);
    expect(cases[2]!.children.find((c) => c.name === 'failure')!.attrs.type).toBe('spawn-failed');
    // The totals count them: 3 diagnosis failures (the unanswered-request warnings do not reach --fail-on error).
    expect(root.attrs.failures).toBe('3');
    expect(elements(root, 'testsuite').map((s) => s.attrs.failures)).toEqual(['1', '1', '1']);
  });

  it('as the exit code: passes a degraded session with its headline in system-out unless --fail-on degraded; none fails nothing', async () => {
    const degraded = diagnosisCases(junitOf(await reportOf(TOOL_ERRORS)))[0]!;
    expect(degraded.children.map((c) => c.name)).toEqual(['system-out']);
    expect(degraded.children[0]!.text).toMatch(
      /^degraded\ntool-errors \[tool\]: 2 of 4 tool calls failed inside the tool/,
    );
    const base = await reportOf(TOOL_ERRORS);
    const gated = diagnosisCases(junitOf({ ...base, failOn: 'degraded' }))[0]!;
    expect(gated.children.find((c) => c.name === 'failure')!.attrs.message).toMatch(
      /^degraded: tool-errors: 2 of 4 tool calls failed/,
    );
    const crash = await reportOf(CRASH);
    const none = junitOf({ ...crash, failOn: 'none' });
    expect(
      diagnosisCases(none).every(
        (c) => c.children.some((x) => x.name === 'system-out') && !c.children.some((x) => x.name === 'failure'),
      ),
    ).toBe(true);
  });

  it('passes an ok session: with its notes in system-out, bare without any', async () => {
    const report = await reportOf(SAMPLE);
    const c = diagnosisCases(junitOf(report))[0]!;
    expect(c.children.map((x) => x.name)).toEqual(['system-out']);
    expect(c.children[0]!.text).toMatch(/^ok\nprotocol-errors \[note\]: /);
    const bare = diagnosisCases(
      junitOf({ ...report, diagnoses: report.diagnoses.map((s) => ({ ...s, diagnoses: [] })) }),
    )[0]!;
    expect(bare.children).toEqual([]);
  });

  it('gives a session the rules never saw a suite of its own', async () => {
    const report = await reportOf(CRASH);
    const root = junitOf({ ...report, sessions: [], findings: [] });
    const suites = elements(root, 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual([
      'session notes-search',
      'session notes-search#2',
      'session notes-search#3',
    ]);
    expect(suites.map((s) => s.attrs.tests)).toEqual(['1', '1', '1']);
    expect(root.attrs.tests).toBe('3');
    expect(root.attrs.failures).toBe('3');
  });
});
