// `mcptrace why`: the diagnosis only, at 80 columns or as JSON, and its exit codes.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const F = 'test/fixtures/failures';

describe('mcptrace why', () => {
  it('prints one line per session, then the causes with the log lines that show them, then a total', async () => {
    const r = await runMain(['why', `${F}/claude-desktop/mcp-server-notes-search-crash-x3.log`]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^failed {4}notes-search {2}server-exited: /);
    expect(r.stdout).toContain("mcp-server-notes-search-crash-x3.log:44  AttributeError: 'NoneType' object");
    expect(r.stdout).toContain('spawn-failed [client]');
    expect(lines.at(-1)).toBe('3 sessions: 0 ok, 0 degraded, 3 failed — failed');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
  });

  it('the lines outside any session are no row and no count when nothing went wrong in them', async () => {
    const r = await runMain(['why', `${F}/cursor/cursor-mcp-2.x-healthy-reload.log`]);
    expect(r.stdout).not.toContain('outside any session');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('4 sessions: 4 ok, 0 degraded, 0 failed — ok');
    const json = JSON.parse(
      (await runMain(['why', '-f', 'json', `${F}/cursor/cursor-mcp-2.x-healthy-reload.log`])).stdout,
    ) as { session: string }[];
    expect(json.map((s) => s.session)).not.toContain('');
    // They are told when they show a failure (a spawn that failed before any session began).
    const failed = await runMain(['why', `${F}/anythingllm/anythingllm-desktop-spawn-npx-enoent.log`]);
    expect(failed.stdout).toMatch(/^failed +\(outside any session\) +spawn-failed/);
  });

  it('exits 0 on a degraded session unless --fail-on degraded', async () => {
    const log = `${F}/vscode/mcp-server-filesystem-access-denied.log`;
    expect((await runMain(['why', log])).code).toBe(0);
    expect((await runMain(['why', '--fail-on', 'degraded', log])).code).toBe(1);
  });

  it('gives the diagnosis as JSON', async () => {
    const r = await runMain(['why', '-f', 'json', `${F}/claude-desktop/mcp-server-vault-initialize-timeout.log`]);
    const out = JSON.parse(r.stdout) as {
      verdict: string;
      diagnoses: { cause: string; side: string; evidence: { text: string }[] }[];
    }[];
    expect(out).toHaveLength(1);
    expect(out[0]!.verdict).toBe('failed');
    expect(out[0]!.diagnoses[0]!).toMatchObject({ cause: 'initialize-timeout', side: 'server' });
    expect(out[0]!.diagnoses[0]!.evidence[0]!.text).toContain(
      '"requestId":0,"reason":"Error: MCP error -32001: Request timed out"',
    );
  });

  it('says ok, exit 0, on a healthy sample (the bundle, as a process)', async () => {
    const r = await runCli(['why', 'samples/everything.ndjson']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok {6}/);
    expect(r.stdout).toContain('1 session: 1 ok, 0 degraded, 0 failed — ok');
  });
});
