// audit leads with the diagnosis: "What happened" first in text, `diagnoses` in JSON, and a failed session fails the
// audit at the default --fail-on (new values: failed, degraded).
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';

const CRASH = 'test/fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log';
const TOOL_ERRORS = 'test/fixtures/failures/vscode/mcp-server-filesystem-access-denied.log';

describe('audit and the diagnosis', () => {
  it("prints What happened before the sessions' findings, and fails on a failed session with only warnings", async () => {
    const r = await runMain(['audit', '--width', '100', CRASH]);
    expect(r.code).toBe(1);
    const happened = r.stdout.indexOf('━━ What happened');
    expect(happened).toBeGreaterThan(0);
    expect(happened).toBeLessThan(r.stdout.indexOf('━━ session'));
    expect(r.stdout).toContain("AttributeError: 'NoneType' object has no attribute 'tools_changed'");
    expect(r.stdout).toMatch(/FAILED 3 sessions failed/);
  });

  it("at 80 columns quotes the evidence with its line number kept and the log's words under it", async () => {
    const r = await runMain(['audit', '--width', '80', CRASH]);
    expect(r.stdout).toContain(
      "\n       …fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log:44\n         AttributeError: 'NoneType' object has no attribute 'tools_changed'\n",
    );
    const happened = r.stdout.slice(r.stdout.indexOf('━━ What happened'), r.stdout.indexOf('━━ session'));
    for (const l of happened.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
  });

  it('gives diagnoses in JSON with session, cause, side, verdict, summary and evidence', async () => {
    const r = await runMain(['audit', '-f', 'json', TOOL_ERRORS]);
    const report = JSON.parse(r.stdout) as { summary: { verdict: string }; diagnoses: Record<string, unknown>[] };
    expect(report.summary.verdict).toBe('degraded');
    expect(report.diagnoses[0]).toMatchObject({
      session: 'filesystem',
      cause: 'tool-errors',
      side: 'tool',
      verdict: 'degraded',
    });
    expect(r.code).toBe(0);
  });

  it('--fail-on degraded fails a degraded session; --fail-on failed ignores findings; none never fails', async () => {
    expect((await runMain(['audit', '--fail-on', 'degraded', TOOL_ERRORS])).code).toBe(1);
    expect((await runMain(['audit', '--fail-on', 'failed', TOOL_ERRORS])).code).toBe(0);
    expect((await runMain(['audit', '--fail-on', 'none', CRASH])).code).toBe(0);
    expect((await runMain(['audit', '--fail-on', 'failed', CRASH])).code).toBe(1);
  });

  it("counts a tool's isError results as its errors in the slowest tools (Markdown and HTML count them alike: failedCalls)", async () => {
    const text = (await runMain(['audit', '--width', '120', TOOL_ERRORS])).stdout;
    expect(text).toMatch(/read_text_file +p50 .* calls 2 · errors 1\n/);
    expect(text).toMatch(/list_directory +p50 .* calls 1 · errors 1\n/);
  });

  it('a Python SDK log whose logger has two handlers (every line twice) is one session, its messages read once: no duplicate-request-id', async () => {
    const r = await runMain([
      'audit',
      '-f',
      'json',
      'test/fixtures/failures/python-sdk/sse-server-duplicate-handlers.log',
    ]);
    const report = JSON.parse(r.stdout) as {
      sessions: unknown[];
      findings: { rule: string }[];
      stats: { messages: number };
    };
    expect(report.sessions).toHaveLength(1);
    expect(report.findings.map((f) => f.rule)).toEqual(['version-mismatch']);
    expect(report.stats.messages).toBe(7);
    expect(r.code).toBe(0);
  });
});
