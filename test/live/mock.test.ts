// `mcptrace mock` with real parts: a session of the SDK client with server-everything recorded through `wrap`, served
// back by the mock over stdio and Streamable HTTP to the SDK client running the same scenario — the same answers; other
// inputs (a packet capture, a HAR file, a Claude Desktop log, a 2026-07-28 transcript) served the same way.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ListRootsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startEverything } from '../helpers/http-server.js';
import { connectSdk } from '../helpers/sdk-http-client.js';
import { askAgain, recordedAnswers, recordedAsks, startHttpMock } from '../helpers/mock-drive.js';
import { CLI_PATH, EVERYTHING_JS, REPO_ROOT, tempDir } from './helpers.js';
import { runSdkSession, type SdkSession } from './sdk-session.js';

/**
 * What the scenario saw: every answer it got. (Progress is compared on the wire: the SDK handles a notification a turn
 * later than an answer, so its callback misses a last progress that arrives in the same read as the answer.)
 */
async function scenario(client: Client, rootsAsked?: Promise<void>): Promise<Record<string, unknown>> {
  await rootsAsked;
  const tools = (await client.listTools()).tools.map((t) => t.name);
  const echo = await client.callTool({ name: 'echo', arguments: { message: 'recorded, then mocked ✓' } });
  const sum = await client.callTool({ name: 'get-sum', arguments: { a: 19, b: 23 } });
  const long = await client.callTool(
    { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
    undefined,
    { onprogress: () => {} },
  );
  const resources = await client.listResources();
  const read = await client.readResource({ uri: resources.resources[0]!.uri });
  const prompt = await client.getPrompt({ name: 'simple-prompt' });
  await client.ping();
  return { tools, echo, sum, long, resources, read, prompt };
}

/** The progress values of the messages received. */
const progressOf = (received: readonly JSONRPCMessage[]) =>
  received.flatMap((m) => ('method' in m && m.method === 'notifications/progress' ? [m.params!.progress] : []));

/** An SDK client (roots declared, as when recorded) connected over `transport`; what it received goes to `received`. */
async function connect(transport: Transport, received: JSONRPCMessage[] = []): Promise<Client> {
  // Protocol.connect() keeps a handler already set and calls it before its own.
  transport.onmessage = (m) => received.push(m);
  const client = new Client(
    { name: 'mcptrace-mock-test', version: '1.0.0' },
    { capabilities: { roots: { listChanged: true } } },
  );
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: 'file:///workspace/mcptrace', name: 'mcptrace' }],
  }));
  await client.connect(transport);
  return client;
}

function stdioMock(args: readonly string[]): { transport: StdioClientTransport; stderr: () => string } {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_PATH, 'mock', ...args],
    cwd: REPO_ROOT,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr!.on('data', (d: Buffer) => (err += d.toString('utf8')));
  return { transport, stderr: () => err };
}

let recorded: SdkSession<Record<string, unknown>>;

beforeAll(async () => {
  recorded = await runSdkSession('mock-everything', ['node', EVERYTHING_JS, 'stdio'], scenario);
}, 60_000);

afterAll(() => recorded && rmSync(recorded.dir, { recursive: true, force: true }));

describe('mock: a wrap capture of server-everything served back to the SDK client', () => {
  it('over stdio: every answer as the server gave it, progress included', async () => {
    expect(progressOf(recorded.sdkReceived)).toEqual([1, 2]);
    const { transport, stderr } = stdioMock([recorded.capture]);
    const received: JSONRPCMessage[] = [];
    const client = await connect(transport, received);
    expect(client.getServerVersion()?.name).toBe('mcp-servers/everything');
    const again = await scenario(client);
    await client.close();
    expect(again).toEqual(recorded.result);
    expect(progressOf(received)).toEqual([1, 2]);
    // the summary, once the host closed stdin
    await expect
      .poll(stderr, { timeout: 10_000 })
      .toMatch(/9 requests served: 9 answered as recorded; 1 notification and 1 answer received/);
  });

  it('over Streamable HTTP: the same answers, a session id, what follows initialized on the GET stream', async () => {
    const mock = await startHttpMock([recorded.capture]);
    const transport = new StreamableHTTPClientTransport(new URL(mock.url));
    let rootsAsked!: () => void;
    const asked = new Promise<void>((resolve) => (rootsAsked = resolve));
    const client = new Client(
      { name: 'mcptrace-mock-test', version: '1.0.0' },
      { capabilities: { roots: { listChanged: true } } },
    );
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      rootsAsked();
      return { roots: [] };
    });
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (m) => received.push(m);
    await client.connect(transport);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await scenario(client, asked);
    await client.close();
    expect(again).toEqual(recorded.result);
    expect(progressOf(received)).toEqual([1, 2]);
    expect(await mock.stop()).toBe(0);
    expect(mock.stderr()).toMatch(/9 requests served: 9 answered as recorded; 1 notification and 1 answer received/);
  });

  it('a request the capture does not hold: -32601 from the mock, named in the summary, exit 1 with --fail-on-unmatched', async () => {
    const { transport, stderr } = stdioMock(['--fail-on-unmatched', recorded.capture]);
    const client = await connect(transport);
    await expect(client.callTool({ name: 'echo', arguments: { message: 'never recorded' } })).rejects.toMatchObject({
      code: -32601,
    });
    const exited = new Promise<number | null>((resolve) =>
      transport._process!.once('exit', (code: number | null) => resolve(code)),
    );
    await client.close();
    expect(await exited).toBe(1);
    expect(stderr()).toContain('not recorded: tools/call {"arguments":{"message":"never recorded"},"name":"echo"}');
  });
});

describe('mock: a proxy capture of server-everything over Streamable HTTP served back', () => {
  it("the SDK client's session recorded through mcptrace proxy; the mock, over HTTP, gives every recorded answer", async () => {
    const server = await startEverything('streamableHttp');
    const dir = tempDir('mock-proxy');
    const capture = join(dir, 'proxy.ndjson');
    const proxy = spawn(
      process.execPath,
      [CLI_PATH, 'proxy', '--target', `http://127.0.0.1:${server.port}/mcp`, '--out', capture],
      { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    try {
      let err = '';
      const url = await new Promise<string>((resolve) =>
        proxy.stderr!.on('data', (d: Buffer) => {
          err += d.toString('utf8');
          const m = /MCP server URL: (\S+)/.exec(err);
          if (m) resolve(m[1]!);
        }),
      );
      const s = await connectSdk(url);
      await s.client.listTools();
      await s.client.callTool({ name: 'echo', arguments: { message: 'through proxy, then mocked' } });
      await s.client.callTool({ name: 'get-sum', arguments: { a: 4, b: 5 } });
      await s.client.listPrompts();
      await (s.transport as StreamableHTTPClientTransport).terminateSession();
      await s.client.close();
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGINT');
      await exited;
      const asks = await recordedAsks(capture);
      expect(asks.map((a) => a.method)).toEqual(['tools/list', 'tools/call', 'tools/call', 'prompts/list']);
      const mock = await startHttpMock([capture]);
      const client = await connect(new StreamableHTTPClientTransport(new URL(mock.url)));
      const got = await askAgain(client, asks);
      await client.close();
      expect(got).toEqual(recordedAnswers(asks));
      expect(await mock.stop()).toBe(0);
    } finally {
      proxy.kill('SIGKILL');
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mock: any input mcptrace reads is served', () => {
  const inputs = [
    ['a packet capture of Streamable HTTP (tcpdump)', 'samples/everything-http.pcap'],
    ['a HAR file (chromium)', 'samples/everything-http.har'],
    ['a server-memory capture', 'samples/memory.envelope.ndjson'],
    ['a Claude Desktop server log', 'test/fixtures/hosts/claude-desktop/mcp-server-memory-2025-05.log'],
  ] as const;
  for (const [what, file] of inputs) {
    it(`${what}: every recorded request gets its recorded answer`, async () => {
      const path = join(REPO_ROOT, file);
      const asks = await recordedAsks(path);
      expect(asks.length).toBeGreaterThan(3);
      const { transport } = stdioMock([path]);
      const client = await connect(transport);
      const got = await askAgain(client, asks);
      await client.close();
      expect(got).toEqual(recordedAnswers(asks));
    });
  }

  it('refuses a log that cut its messages, and serves it with --allow-incomplete', async () => {
    const cut = join(REPO_ROOT, 'test/fixtures/hosts/claude-desktop/mcp-server-memory-2026-03-truncated.log');
    const refused = await runCli(['mock', cut], { timeoutMs: 30_000 });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /mcp-server-memory-2026-03-truncated\.log:\d+: the recorded message was cut by the log.*--allow-incomplete serves it anyway/,
    );
    const served = await runCli(['mock', '--allow-incomplete', cut], { timeoutMs: 30_000 });
    expect(served.code).toBe(0);
    expect(served.stderr).toContain('served anyway (--allow-incomplete)');
  });

  it('a 2026-07-28 recording is served statelessly: each request as recorded, MRTR legs included', async () => {
    const file = join(REPO_ROOT, 'test/fixtures/modern/mrtr-one.txt');
    const asks = await recordedAsks(file);
    expect(asks.map((a) => a.method)).toEqual(['tools/call', 'tools/call']);
    const mock = await startHttpMock([file]);
    const answers: unknown[] = [];
    for (const [i, a] of asks.entries()) {
      // another client: its own _meta (identity, capabilities), the request's question unchanged
      const params = {
        ...a.params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'another', version: '0' },
        },
      };
      const res = await fetch(mock.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: `r${i}`, method: a.method, params }),
      });
      expect(res.headers.get('mcp-session-id')).toBeNull();
      answers.push(await res.json());
    }
    expect(answers).toEqual(asks.map((a, i) => ({ ...a.answer, id: `r${i}` })));
    expect((await fetch(mock.url)).status).toBe(405);
    expect(await mock.stop()).toBe(0);
  });

  it('over stdio, a line that is no JSON gets a parse error and the session goes on', async () => {
    const child = spawn(process.execPath, [CLI_PATH, 'mock', recorded.capture], { cwd: REPO_ROOT });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stdin.end('not json\n{"jsonrpc":"2.0","id":"p","method":"ping"}\n');
    await new Promise((resolve) => child.once('exit', resolve));
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(lines[1]).toMatchObject({ id: 'p', result: {} });
  });
});
