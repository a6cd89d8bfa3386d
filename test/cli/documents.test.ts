// JSON documents through the CLI: messages under a document's own keys read with no flag, and what was read and
// skipped said at --log-level info; Claude Code's cache file read as its host's log.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { documentWithLongFirstMember } from '../helpers/long-lines.js';
import { tempDir } from '../helpers/temp.js';

const VCR = 'test/fixtures/documents/agent-vcr-calculator.vcr';
const CACHE = 'test/fixtures/hosts/claude-code/mcp-logs-sequential-thinking-2025-07.txt';

/** The JSON lines of an output (stderr also holds plain notes: `mcptrace: FILE: no MCP messages …`). */
const ndjson = (s: string) =>
  s
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('JSON documents on the command line', () => {
  it('reads the messages of a document that keeps them under its own keys, and says where at --log-level info', async () => {
    const r = await runCli(['annotate', '-f', 'ndjson', '--log-level', 'info', VCR]);
    expect(r.code).toBe(0);
    const records = ndjson(r.stdout);
    expect(records.map((x) => [x.kind, x.method])).toEqual([
      ['request', 'initialize'],
      ['response', 'initialize'],
      ['request', 'tools/list'],
      ['response', 'tools/list'],
      ['request', 'tools/call'],
      ['response', 'tools/call'],
      ['notification', 'notifications/progress'],
      ['request', 'tools/call'],
      ['error', 'tools/call'],
    ]);
    const doc = ndjson(r.stderr).find((l) => typeof l.msg === 'string' && l.msg.includes('JSON document'))!;
    expect(doc).toMatchObject({ level: 30, input: VCR, more: 0 });
    expect(doc.msg).toBe(
      `${VCR}: JSON document: records read at $.session.initialize_request (1), $.session.initialize_response (1), ` +
        '$.session.interactions[*].request (3), $.session.interactions[*].response (3), $.session.interactions[*].notifications[*] (1); ' +
        'skipped $.format_version (string), $.metadata (object), $.session.capabilities (object), $.session.interactions[*].sequence (number ×3), ' +
        '$.session.interactions[*].timestamp (string ×3), $.session.interactions[*].direction (string ×3), $.session.interactions[*].latency_ms (number ×3)',
    );
    // At the default level nothing is said.
    expect((await runCli(['annotate', '-f', 'ndjson', VCR])).stderr).toBe('');
  });

  it("Claude Code's cache file is its host's log: events and logs of the server its name gives, no invalid record", async () => {
    const r = await runCli(['annotate', '-f', 'ndjson', '--log-level', 'info', CACHE]);
    expect(r.code).toBe(0);
    expect(ndjson(r.stderr)[0]).toMatchObject({
      format: 'claude-code',
      conclusive: true,
      scores: { 'claude-code': 15 },
    });
    const records = ndjson(r.stdout);
    expect(records.map((x) => [x.kind, x.format, x.server, x.session])).toEqual([
      ['event', 'claude-code', 'sequential-thinking', 'sequential-thinking'],
      ['event', 'claude-code', 'sequential-thinking', 'sequential-thinking'],
      ['log', 'claude-code', 'sequential-thinking', 'sequential-thinking'],
      ['log', 'claude-code', 'sequential-thinking', 'sequential-thinking'],
      ['event', 'claude-code', 'sequential-thinking', 'sequential-thinking#2'],
      ['event', 'claude-code', 'sequential-thinking', 'sequential-thinking#2'],
    ]);
    expect(records.map((x) => x.ts)).toEqual([
      '2025-07-14T10:20:09.396Z',
      '2025-07-14T10:20:09.595Z',
      '2025-07-14T10:20:09.595Z',
      '2025-07-14T10:20:09.595Z',
      '2025-07-14T10:20:13.716Z',
      '2025-07-14T10:20:13.902Z',
    ]);
    // No MCP message, but the host's lines say what happened: each launch's connection closed before initialize was
    // answered, which fails the audit at the default --fail-on.
    const audit = await runCli(['audit', '-f', 'json', CACHE]);
    expect(audit.code).toBe(1);
    expect(audit.stderr).toBe(`mcptrace: ${CACHE}: no MCP messages, but its 38 lines say what went wrong\n`);
    const report = JSON.parse(audit.stdout) as {
      findings: unknown[];
      diagnoses: { session: string; cause: string; verdict: string }[];
    };
    expect(report.findings).toEqual([]);
    expect(report.diagnoses.map((d) => [d.session, d.cause, d.verdict])).toEqual([
      ['sequential-thinking', 'server-exited', 'failed'],
      ['sequential-thinking#2', 'server-exited', 'failed'],
    ]);
  });

  it('reads a document whose first member is a line longer than a read (its start decides, not NDJSON)', async () => {
    // A file is read 256 KiB at a time: detection judges the first line by its first 64 KiB.
    const file = join(tempDir('long-member'), 'numbers.json');
    writeFileSync(file, documentWithLongFirstMember(300 * 1024));
    const r = await runMain(['annotate', '-f', 'ndjson', file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(ndjson(r.stdout).map((x) => [x.kind, x.method])).toEqual([
      ['request', 'initialize'],
      ['response', 'initialize'],
      ['notification', 'notifications/initialized'],
      ['request', 'tools/list'],
      ['response', 'tools/list'],
    ]);
  });
});
