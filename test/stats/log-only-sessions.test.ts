// A host log's lines before it names a server (or of a server that sent nothing) are no session: counted as log lines.
import { describe, expect, it } from 'vitest';
import type { Stats } from '../../src/stats/types.js';
import { runMain } from '../helpers/in-process.js';

// mcp-remote's log: proxy lines before the first connection, then one session with traffic.
const HOST_LOG = 'test/fixtures/hosts/mcp-remote/g3-oauth-and-errors.log';

describe('sessions without an MCP message', () => {
  it("are not counted as sessions by stats or the audit's json (the html counts them as its diagnosis does); their lines count in the run's logs", async () => {
    const stats = JSON.parse((await runMain(['stats', '-f', 'json', HOST_LOG])).stdout) as Stats;
    expect(stats.sessions.map((s) => s.messages)).toEqual([10]);
    expect(stats.logs).toBeGreaterThan(stats.sessions[0]!.logs);
    const table = (await runMain(['stats', HOST_LOG])).stdout;
    expect(table).toMatch(/│ logs +│ +19 \(6 outside any session\) │/);
    expect(table).toMatch(/│ sessions +│ +1 │/);
    const audit = JSON.parse((await runMain(['audit', '-f', 'json', HOST_LOG])).stdout) as {
      sessions: unknown[];
      stats: Stats;
    };
    expect(audit.sessions).toHaveLength(1);
    expect(audit.stats.sessions).toHaveLength(1);
    const html = (await runMain(['audit', '-f', 'html', HOST_LOG])).stdout;
    // The failed connection known only from the bridge's lines is a session of the diagnosis (`2 sessions: failed 1, …`).
    expect(html).toContain('<dt>sessions</dt><dd>2</dd>');
    expect(html).not.toContain('in detail');
  });

  it('lines before the first session (a Zed log, an mcp-remote log) are outside any session, in every command', async () => {
    for (const [file, keys] of [
      ['test/fixtures/hosts/zed/zed-2025-07-zlog-stdio.log', ['memory']],
      [
        'test/fixtures/hosts/mcp-remote/g3-pid-every-line.log',
        ['https://mcp.notes.example.com/mcp', 'https://tools.demo.example.net/sse'],
      ],
    ] as const) {
      const transcript = (await runMain(['annotate', '--width', '120', file])).stdout.split('\n');
      // Kept as records under a title of their own, not a session: no `session 1`, and no session number taken.
      expect(transcript[0]).toBe(`━━ outside any session ${file}`);
      expect(transcript.filter((l) => l.startsWith('━━ session')).map((l) => l.split(' ')[2])).toEqual(keys);
      const json = JSON.parse((await runMain(['annotate', '-f', 'json', file])).stdout) as {
        records: { session: string; kind: string }[];
        sessions: { key: string }[];
      };
      expect(json.sessions.map((x) => x.key)).toEqual(keys);
      const outside = json.records.filter((r) => r.session === '');
      expect(outside.length).toBeGreaterThan(0);
      expect(new Set(outside.map((r) => r.kind))).toEqual(new Set(['log']));
      const stats = JSON.parse((await runMain(['stats', '-f', 'json', file])).stdout) as Stats;
      expect(stats.sessions.map((x) => x.key)).toEqual(keys);
      const audit = JSON.parse((await runMain(['audit', '-f', 'json', file])).stdout) as {
        sessions: { key: string }[];
      };
      expect(audit.sessions.map((x) => x.key)).toEqual(keys);
    }
  });

  it('leave a log with no MCP message at all with no session', async () => {
    const stats = JSON.parse(
      (await runMain(['stats', '-f', 'json', 'test/fixtures/hosts/claude-desktop/mcp-log-2024-11-connect-only.log']))
        .stdout,
    ) as Stats;
    expect(stats.sessions).toEqual([]);
    expect(stats.events).toBeGreaterThan(0);
  });
});
