// The run's notes in every audit format: inputs without an MCP message (and --fail-on-empty), bodies the rules skipped,
// messages a log's format never holds.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../../src/analyzer.js';
import { AuditBuilder } from '../../../src/audit/build.js';
import type { AuditReport } from '../../../src/audit/types.js';
import { createPalette } from '../../../src/output/color.js';
import { AUDIT_RENDERERS } from '../../../src/output/audit/renderers.js';
import type { Frame } from '../../../src/types.js';
import { FIXED_TIME } from '../../helpers/audit.js';
import { cutOf, initReq, logLine, msg, note, req, res, resetLines, summaryOf } from '../../helpers/frames.js';
import { leftAlone, validateSarif } from '../../helpers/sarif-multitool.js';
import { tempDir } from '../../helpers/temp.js';

/** A report over two inputs: one of summaries and a cut message, one of log lines only. */
function report(failOnEmpty: boolean): AuditReport {
  resetLines();
  const analyzer = new Analyzer();
  const builder = new AuditBuilder({
    inputs: ['host.log', 'empty.log'],
    failOn: 'error',
    failOnEmpty,
    tool: { name: 'mcptrace', version: '0.0.0-test' },
    generatedAt: FIXED_TIME,
  });
  const feed = (file: string, frames: Frame[], lines: number) => {
    const input = analyzer.input(file);
    for (const f of frames) for (const r of input.push({ ...f, file })) builder.add(r);
    input.end(lines);
  };
  feed(
    'host.log',
    [
      summaryOf('c2s', 'request', 1, 'tools/list'),
      summaryOf('s2c', 'response', 1, null),
      msg('c2s', req(2, 'tools/list')),
      cutOf(
        's2c',
        { jsonrpc: '2.0', id: 2, result: { tools: Array.from({ length: 30 }, (_, i) => ({ name: `t${i}` })) } },
        40,
        300,
      ),
      logLine('Server started'),
    ],
    5,
  );
  feed('empty.log', [logLine('Initializing server...'), logLine('Server transport closed')], 3);
  return builder.report(analyzer.summary());
}

const render = (r: AuditReport, format: keyof typeof AUDIT_RENDERERS) =>
  AUDIT_RENDERERS[format](r, { palette: createPalette(false) });
const count = (text: string, part: string) => text.split(part).length - 1;

describe('audit notes', () => {
  it('the report counts the bodies the log did not give whole, and the inputs without a message', () => {
    const r = report(false);
    expect(r.bodies).toEqual({ notLogged: 2, cut: 1 });
    expect(r.empty).toEqual([{ file: 'empty.log', lines: 3 }]);
    // Log lines are never findings, and an input without messages does not fail the run by itself.
    expect(r.totals).toEqual({ error: 0, warning: 0, info: 0 });
    expect(r.failed).toBe(false);
    expect(r.stats.logs).toBe(3);
  });

  it.each(['text', 'markdown', 'html', 'sarif', 'junit'] as const)('%s says each once', (format) => {
    const text = render(report(false), format);
    expect(count(text, 'bodies not logged: 2 messages'), 'not logged').toBe(1);
    expect(count(text, 'bodies cut by the log: 1 message '), 'cut').toBe(1);
    expect(count(text, 'empty.log: no MCP messages (0 of 3 lines)'), 'empty').toBe(1);
  });

  it('json has them in its summary', () => {
    const j = JSON.parse(render(report(false), 'json'));
    expect(j.summary).toMatchObject({
      failed: false,
      failOnEmpty: false,
      empty: [{ file: 'empty.log', lines: 3 }],
      bodies: { notLogged: 2, cut: 1 },
    });
  });

  it('--fail-on-empty fails the run on an input without messages, and every format says why', () => {
    const r = report(true);
    expect(r.failed).toBe(true);
    expect(render(r, 'text')).toMatch(/— FAILED no MCP messages in 1 input \(--fail-on-empty\)\n$/);
    expect(render(r, 'markdown')).toContain('❌ **Failed** no MCP messages in 1 input (--fail-on-empty)');
    expect(render(r, 'html')).toContain(
      '<div class="verdict failed">FAILED <span>no MCP messages in 1 input (--fail-on-empty)</span></div>',
    );
    const sarif = JSON.parse(render(r, 'sarif')).runs[0];
    expect(sarif.properties).toMatchObject({ failed: true, failOnEmpty: true });
    expect(sarif.invocations[0].toolExecutionNotifications).toContainEqual({
      level: 'error',
      message: { text: 'empty.log: no MCP messages (0 of 3 lines) — fails the audit (--fail-on-empty)' },
    });
    const junit = render(r, 'junit');
    expect(junit).toMatch(/<testsuites name="mcptrace audit" tests="\d+" failures="1"/);
    expect(junit).toContain(
      '<testcase name="empty.log" classname="mcptrace.no-mcp-messages" time="0"><failure message="empty.log: no MCP messages (0 of 3 lines)" type="error">',
    );
    // Without it, the case is there and passes.
    expect(render(report(false), 'junit')).toContain(
      '<testcase name="empty.log" classname="mcptrace.no-mcp-messages" time="0"><system-out>',
    );
  });

  it('a run with nothing to note says nothing', () => {
    resetLines();
    const analyzer = new Analyzer();
    const builder = new AuditBuilder({
      inputs: ['a.ndjson'],
      failOn: 'error',
      failOnEmpty: true,
      tool: { name: 'mcptrace', version: '0' },
      generatedAt: FIXED_TIME,
    });
    const input = analyzer.input('a.ndjson');
    for (const f of [msg('c2s', req(1, 'ping')), msg('s2c', res(1))]) for (const rec of input.push(f)) builder.add(rec);
    input.end(2);
    const r = builder.report(analyzer.summary());
    expect(r.failed).toBe(false);
    for (const format of ['text', 'markdown', 'html', 'sarif', 'junit', 'json'] as const) {
      const text = render(r, format);
      expect(text, format).not.toContain('no MCP messages');
      expect(text, format).not.toContain('bodies not logged');
      expect(text, format).not.toContain('bodies cut by the log');
    }
  });
});

describe('the SARIF notes', () => {
  it("pass Microsoft's SARIF Multitool (schema, SARIF rules, GitHub ingestion rules)", async () => {
    const dir = tempDir('notes-sarif');
    try {
      const file = join(dir, 'notes.sarif');
      writeFileSync(file, render(report(true), 'sarif'));
      const { findings, hashes } = await validateSarif([file], join(dir, 'out'));
      expect(hashes.has('notes.sarif'), 'the file was read').toBe(true);
      expect(findings.filter((f) => !leftAlone(f))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("messages a log's format never holds (SessionInfo.notLogged)", () => {
  /** A server's log of what it received (two sessions), and an Inspector-like log without the client's notifications. */
  function oneSided(): AuditReport {
    resetLines();
    const analyzer = new Analyzer();
    const builder = new AuditBuilder({
      inputs: ['server.log', 'inspector.json'],
      failOn: 'error',
      tool: { name: 'mcptrace', version: '0.0.0-test' },
      generatedAt: FIXED_TIME,
    });
    const feed = (file: string, frames: Frame[]) => {
      const input = analyzer.input(file);
      for (const f of frames) for (const r of input.push({ ...f, file })) builder.add(r);
      input.end();
    };
    const server = { notLogged: { server: ['requests', 'answers', 'notifications'] as const } };
    feed('server.log', [
      msg('c2s', initReq(0), server),
      msg('c2s', note('notifications/initialized'), server),
      msg('c2s', initReq(0), server),
      msg('c2s', req(1, 'ping'), server),
    ]);
    feed('inspector.json', [
      msg('c2s', req(1, 'ping'), { notLogged: { client: ['notifications', 'answers'] } }),
      msg('s2c', res(1)),
    ]);
    return builder.report(analyzer.summary());
  }
  const SERVER_NOTE =
    "2 sessions: only the client's side is in the log (its format logs no other); rules that need the server's messages judge nothing from their absence: orphan-response, progress-unknown-token, request-before-initialize-response, unanswered-request";
  const INSPECTOR_NOTE =
    "1 session: the client's answers and notifications are not in the log (its format does not log them); rules that need them judge nothing from their absence: missing-initialized, unanswered-request";

  it('no finding comes from what is missing; the sessions say what', () => {
    const r = oneSided();
    expect(r.totals).toEqual({ error: 0, warning: 0, info: 0 });
    expect(r.sessions.map((s) => [s.info.onlySide, s.info.notLogged])).toEqual([
      ['client', { server: ['requests', 'answers', 'notifications'] }],
      ['client', { server: ['requests', 'answers', 'notifications'] }],
      [null, { client: ['answers', 'notifications'] }],
    ]);
  });

  it.each(['text', 'markdown', 'html', 'sarif', 'junit'] as const)(
    '%s says once per kind of log why, naming the rules that need what is missing',
    (format) => {
      const text = render(oneSided(), format);
      const escaped = (s: string) =>
        format === 'html' || format === 'junit' ? s.replaceAll("'", format === 'html' ? '&#39;' : "'") : s;
      expect(count(text, escaped(SERVER_NOTE)), 'server side').toBe(1);
      expect(count(text, escaped(INSPECTOR_NOTE)), 'inspector').toBe(1);
    },
  );

  it('a rule turned off is not named', () => {
    const r = oneSided();
    const rules = r.rules.filter((x) => x.id !== 'orphan-response');
    expect(render({ ...r, rules }, 'text')).toContain(
      "rules that need the server's messages judge nothing from their absence: progress-unknown-token, request-before-initialize-response, unanswered-request",
    );
  });
});
