// Hosts' logs through the CLI: detected with no flag (and said so at --log-level info), forced with --input-format,
// and a host log with no MCP message said in one line without failing audit.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const CD = 'test/fixtures/hosts/claude-desktop/mcp-server-memory-2025-07-metadata.log';
const NO_TRAFFIC = 'test/fixtures/hosts/vscode/mcp-server-weather-2025-11-info-no-traffic.log';

const ndjson = (s: string) => s.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('hosts\' logs on the command line', () => {
  it('at --log-level info, says which format detection chose and every dialect\'s score', async () => {
    const r = await runCli(['annotate', '-f', 'ndjson', '--log-level', 'info', CD]);
    expect(r.code).toBe(0);
    const [info] = ndjson(r.stderr);
    expect(info).toMatchObject({ level: 30, input: CD, format: 'claude-desktop', conclusive: true, scores: { vscode: 0 } });
    expect((info!.scores as Record<string, number>)['claude-desktop']).toBeGreaterThanOrEqual(15);
    expect(info!.msg).toMatch(/: read as claude-desktop; dialect scores over \d+ lines: claude-desktop \d+, vscode 0, claude-code 0, cursor 0, supergateway 0, mcp-proxy 0, typescript-sdk 0, python-sdk 0, java-sdk 0, fastmcp 0$/);
    const records = ndjson(r.stdout);
    expect(new Set(records.map((x) => x.format))).toEqual(new Set(['claude-desktop']));
    expect(new Set(records.map((x) => x.session))).toEqual(new Set(['memory', 'memory#2']));
  });

  it('--input-format names every dialect; forcing one reads the file as it', async () => {
    const forced = await runCli(['annotate', '-f', 'ndjson', '--input-format', 'claude-desktop', CD]);
    expect(ndjson(forced.stdout)).toEqual(ndjson((await runCli(['annotate', '-f', 'ndjson', CD])).stdout));
    const asVscode = ndjson((await runCli(['annotate', '-f', 'ndjson', '--input-format', 'vscode', CD])).stdout);
    expect(asVscode.every((x) => x.kind === 'log')).toBe(true);
    const bad = await runCli(['annotate', '--input-format', 'nope', CD]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"claude-desktop", "vscode"');
  });

  it('a host log with no MCP message says so in one line; audit passes unless --fail-on-empty', async () => {
    const audit = await runCli(['audit', '-f', 'json', NO_TRAFFIC]);
    expect(audit.code).toBe(0);
    expect(audit.stderr).toBe(`mcptrace: ${NO_TRAFFIC}: no MCP messages (0 of 24 lines)\n`);
    expect((await runCli(['audit', '-f', 'json', '--fail-on-empty', NO_TRAFFIC])).code).toBe(1);
  });
});
