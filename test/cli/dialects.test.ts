// Hosts' logs through the CLI: detected with no flag (and said so at --log-level info), forced with --input-format,
// a host log with no MCP message said in one line without failing audit, and logs whose format holds one side only
// audited without findings about the side they cannot hold.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const CD = 'test/fixtures/hosts/claude-desktop/mcp-server-memory-2025-07-metadata.log';
const NO_TRAFFIC = 'test/fixtures/hosts/vscode/mcp-server-weather-2025-11-info-no-traffic.log';

const ndjson = (s: string) =>
  s
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("hosts' logs on the command line", () => {
  it("at --log-level info, says which format detection chose and every dialect's score", async () => {
    const r = await runCli(['annotate', '-f', 'ndjson', '--log-level', 'info', CD]);
    expect(r.code).toBe(0);
    const [info] = ndjson(r.stderr);
    expect(info).toMatchObject({
      level: 30,
      input: CD,
      format: 'claude-desktop',
      conclusive: true,
      scores: { vscode: 0 },
    });
    expect((info!.scores as Record<string, number>)['claude-desktop']).toBeGreaterThanOrEqual(15);
    expect(info!.msg).toMatch(
      /: read as claude-desktop; dialect scores over \d+ lines: claude-desktop \d+, vscode 0, claude-code 0, cursor 0, codex 0, codex-terminal 0, gemini-cli 0, cline 0, amazon-q 0, kiro 0, librechat 0, opencode 0, goose 0, lm-studio 0, copilot 0, zed 0, supergateway 0, mcp-proxy 0, mcp-remote 0, mcptools 0, typescript-sdk 0, python-sdk 0, java-sdk 0, csharp-sdk 0, go-sdk 0, rust-sdk 0, kotlin-sdk 0, mcp-go 0, fastmcp 0$/,
    );
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

  it('a host log with no MCP message says in one line that its lines say what went wrong, and its diagnosis fails the audit (the server exited at start)', async () => {
    const audit = await runCli(['audit', '-f', 'json', NO_TRAFFIC]);
    expect(audit.code).toBe(1);
    expect(audit.stderr).toBe(`mcptrace: ${NO_TRAFFIC}: no MCP messages, but its 24 lines say what went wrong\n`);
    const report = JSON.parse(audit.stdout) as {
      diagnoses: { verdict: string; cause: string; summary: string }[];
      findings: unknown[];
    };
    expect(report.findings).toEqual([]);
    expect(report.diagnoses.map((d) => [d.verdict, d.cause])).toEqual([
      ['failed', 'server-exited'],
      ['failed', 'server-exited'],
    ]);
    expect(report.diagnoses[0]!.summary).toContain("ModuleNotFoundError: No module named 'httpx'");
    // Not gated on the diagnosis: no finding, so it passes, unless an input with no message fails it.
    expect((await runCli(['audit', '-f', 'json', '--fail-on', 'none', NO_TRAFFIC])).code).toBe(0);
    expect((await runCli(['audit', '-f', 'json', '--fail-on', 'none', '--fail-on-empty', NO_TRAFFIC])).code).toBe(1);
  });
});

describe("logs whose format holds one side only (the Java SDK, the TypeScript SDK's examples, the Inspector's first port)", () => {
  const ONE_SIDED = [
    'java-sdk/client-stdio-slf4j-simple.log',
    'java-sdk/server-spring-boot-webmvc.log',
    'java-sdk/server-stdio-basic-iso-time.log',
    'typescript-sdk/example-json-response-server.log',
    'typescript-sdk/example-simple-streamable-server.log',
  ].map((f) => `test/fixtures/hosts/${f}`);
  const INSPECTOR_G1 = 'test/fixtures/hosts/inspector/inspector-history-memory-2026-06-02T07-41-10.164Z.json';
  const OTHER_SIDE = [
    'orphan-response',
    'unanswered-request',
    'request-before-initialize-response',
    'missing-initialized',
    'progress-unknown-token',
  ];
  interface Audit {
    summary: { byRule: Record<string, number> };
    sessions: { key: string; onlySide: string | null; notLogged: unknown; serverInfo: { name?: string } | null }[];
    findings: { rule: string; session: string; seq: number }[];
  }
  // What the rules find: not gated on the diagnosis (a server that died fails the audit at the default --fail-on).
  const audit = async (file: string) => {
    const r = await runCli(['audit', '-f', 'json', '--fail-on', 'none', file]);
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout) as Audit;
  };

  it.each(ONE_SIDED)(
    '%s: no finding about the side the log does not hold; every session with messages is noted one-sided',
    async (file) => {
      const report = await audit(file);
      expect(Object.keys(report.summary.byRule).filter((rule) => OTHER_SIDE.includes(rule))).toEqual([]);
      const sided = report.sessions.filter((s) => s.notLogged !== null);
      expect(sided.length).toBeGreaterThan(0);
      expect(new Set(sided.map((s) => s.onlySide))).toEqual(new Set([file.includes('client') ? 'server' : 'client']));
    },
  );

  it("a client's log reads the server's info from the initialize result it received", async () => {
    const report = await audit(ONE_SIDED[0]!);
    expect(report.sessions.find((s) => s.key === 'memory-server')).toMatchObject({
      onlySide: 'server',
      serverInfo: { name: 'memory-server' },
    });
  });

  it("the Inspector's first port: no missing notifications/initialized; its request still pending at export stays unanswered", async () => {
    const report = await audit(INSPECTOR_G1);
    expect(report.summary.byRule).toEqual({ 'unanswered-request': 1 });
    expect(report.sessions[0]).toMatchObject({ onlySide: null, notLogged: { client: ['answers', 'notifications'] } });
  });

  it('a two-sided log whose server died after initialize still reports its request unanswered', async () => {
    const report = await audit('test/fixtures/hosts/claude-desktop/mcp-log-2025-06-aggregate.log');
    expect(report.findings.map((f) => [f.rule, f.session])).toEqual([
      ['unanswered-request', 'weather'],
      ['unanswered-request', 'weather#2'],
    ]);
    expect(report.sessions.every((s) => s.onlySide === null && s.notLogged === null)).toBe(true);
  });

  it('the text audit says why in its notes; annotate says so under the first message; stats says onlySide', async () => {
    const file = ONE_SIDED[2]!;
    const text = (await runCli(['audit', '-f', 'text', '--no-color', file])).stdout;
    expect(text).toContain(
      "2 sessions: only the client's side is in the log (its format logs no other); rules that need the server's messages judge nothing from their absence: orphan-response, progress-unknown-token, request-before-initialize-response, unanswered-request",
    );
    const annotate = (await runCli(['annotate', '--no-color', file])).stdout.split('\n');
    const first = annotate.findIndex((l) => l.includes('req 0') && l.includes('initialize'));
    expect(annotate[first + 1]).toBe("   only the client's side is in the log");
    expect(annotate.filter((l) => l.includes("only the client's side"))).toHaveLength(2);
    const stats = JSON.parse((await runCli(['stats', '-f', 'json', file])).stdout) as {
      sessions: { onlySide: string | null }[];
    };
    expect(stats.sessions.map((s) => s.onlySide)).toEqual(['client', 'client']);
  });
});
