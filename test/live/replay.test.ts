// `mcptrace replay` against real servers: a session of the SDK client with the variant server (test/fixtures/live/
// variant-server.mjs) and with server-everything, recorded through wrap, replayed against the same server (nothing
// breaking) and against the changed one (exactly its changes); a packet capture of server-everything over Streamable
// HTTP replayed against a new server-everything through proxy.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { EVERYTHING_JS, FIXTURES, REPO_ROOT, tempDir } from './helpers.js';
import { runSdkSession, type SdkSession } from './sdk-session.js';

const VARIANT = join(FIXTURES, 'variant-server.mjs');

async function variantScenario(client: Client): Promise<void> {
  await client.listTools();
  for (const [name, args] of [
    ['lookup', { id: '42' }],
    ['convert', { amount: 2.5 }],
    ['total', { values: [1, 2, 3] }],
    ...Array.from({ length: 5 }, () => ['report', {}]),
  ] as [string, Record<string, unknown>][]) {
    await client.callTool({ name, arguments: args }).catch(() => undefined);
  }
}

async function everythingScenario(client: Client, rootsAsked: Promise<void>): Promise<void> {
  await rootsAsked;
  await client.listTools();
  await client.callTool({ name: 'echo', arguments: { message: 'replayed' } });
  await client.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } });
  await client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } }, undefined, {
    onprogress: () => {},
  });
  await client.listPrompts();
  await client.getPrompt({ name: 'simple-prompt' });
}

const recorded: SdkSession<void>[] = [];
const dirs: string[] = [];
let variant: SdkSession<void>;
let everything: SdkSession<void>;

beforeAll(async () => {
  variant = await runSdkSession('replay-variant', ['node', VARIANT], variantScenario);
  everything = await runSdkSession('replay-everything', ['node', EVERYTHING_JS, 'stdio'], everythingScenario);
  recorded.push(variant, everything);
}, 90_000);

afterAll(() => {
  for (const d of [...recorded.map((s) => s.dir), ...dirs]) rmSync(d, { recursive: true, force: true });
});

type Report = { changes: { category: string; breaking: boolean; subject: string; what: string }[]; failing: number };

async function replay(args: string[]): Promise<{ code: number | null; stderr: string; report: Report; out: string }> {
  const dir = tempDir('replay');
  dirs.push(dir);
  const out = join(dir, 'new.ndjson');
  const r = await runCli(['replay', '-f', 'json', '--out', out, ...args], { timeoutMs: 90_000 });
  return { code: r.code, stderr: r.stderr, report: JSON.parse(r.stdout) as Report, out };
}

describe('replay over stdio', () => {
  it('against the same server: every request answered again, nothing breaking, exit 0; the new session captured', async () => {
    const r = await replay([variant.capture, '--', 'node', VARIANT]);
    expect(r.stderr).toMatch(/mcptrace replay: 11 messages sent, 10 answers received; the new session: .*new\.ndjson/);
    expect(r.report.changes.filter((c) => c.category === 'surface' || c.category === 'behaviour')).toEqual([]);
    expect(r.code).toBe(0);
    // the new session is a wrap capture: the server's own lines, as they went
    const lines = readFileSync(r.out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.dir === 's2c')).toHaveLength(10);
  });

  it('against the changed server: its changes, breaking ones fail the run', async () => {
    const r = await replay([variant.capture, '--', 'node', VARIANT, '--rename', '--narrow', '--slow']);
    const seen = r.report.changes.map((c) => `${c.category}${c.breaking ? '!' : ''} ${c.subject}: ${c.what}`);
    expect(seen).toContain('surface! tool lookup: removed');
    expect(seen).toContain('surface! tool convert: argument amount: type number → integer (narrowed)');
    expect(seen.some((s) => /^latency tools\/call report: median \d+ms → (\d{3}ms|[\d.]+s)/.test(s))).toBe(true);
    expect(r.code).toBe(1);
  });

  it("server-everything: the server's roots/list answered as recorded, progress followed, nothing breaking", async () => {
    const r = await replay([everything.capture, '--', 'node', EVERYTHING_JS, 'stdio']);
    expect(r.stderr).toMatch(/1 request of the server's answered/);
    expect(r.report.changes.filter((c) => c.breaking)).toEqual([]);
    expect(r.code).toBe(0);
    const lines = readFileSync(r.out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const sent = lines.filter((l) => l.dir === 'c2s').map((l) => JSON.parse(l.line));
    // the client's answer to roots/list is the recorded one
    expect(sent.find((m) => 'result' in m && 'roots' in m.result)?.result).toEqual({
      roots: [{ uri: 'file:///workspace/mcptrace', name: 'mcptrace' }],
    });
  });

  it('a server that dies: the answers that did not come are breaking changes', async () => {
    const r = await replay(['--timeout', '2000', variant.capture, '--', 'node', '-e', 'process.exit(3)']);
    expect(r.code).toBe(1);
    expect(r.report.changes.some((c) => c.breaking)).toBe(true);
  });
});

describe('replay over Streamable HTTP', () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await startEverything('streamableHttp');
  }, 30_000);
  afterAll(() => server?.stop());

  it('a packet capture of server-everything, replayed through proxy against a new one: nothing breaking', async () => {
    const r = await replay([
      join(REPO_ROOT, 'samples/everything-http.pcap'),
      '--target',
      `http://127.0.0.1:${server.port}/mcp`,
    ]);
    expect(r.stderr).toMatch(
      /mcptrace replay: 6 messages sent, 5 answers received, 1 request of the server.s answered; the new session/,
    );
    expect(r.report.changes.filter((c) => c.breaking)).toEqual([]);
    expect(r.code).toBe(0);
    const records = readFileSync(r.out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records.some((x) => x.event === 'request' || x.http !== undefined || x.dir === 'c2s')).toBe(true);
  });

  it('says what it needs', async () => {
    const none = await runCli(['replay', join(REPO_ROOT, 'samples/everything-http.pcap')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('replay needs the server: a command after -- (stdio), or --target URL');
  });
});
