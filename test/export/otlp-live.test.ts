// wrap and proxy --otlp-endpoint: the official SDK client through mcptrace to server-everything (stdio, Streamable
// HTTP); the spans of the live session reach a loopback OTLP/HTTP receiver as they complete, the session span and the
// histograms when it ends.
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_PATH, REPO_ROOT, spawnCli } from '../helpers/cli.js';
import { startEverything } from '../helpers/http-server.js';
import { listenLocal } from '../helpers/listen.js';
import { pointsFromJson, spansFromJson, type PlainSpan } from '../helpers/otlp.js';
import { connectSdk } from '../helpers/sdk-http-client.js';

const EVERYTHING_JS = `${REPO_ROOT}/node_modules/@modelcontextprotocol/server-everything/dist/index.js`;

/** mcptrace's lines on stderr (the server's own stderr passes through wrap). */
const ours = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('mcptrace:'));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A receiver of OTLP/JSON: each request's path and parsed body, and a promise for the next one. */
/** The SDK client connected to server-everything through `mcptrace wrap FLAGS -- server`; `stderr()` is wrap's so far. */
async function wrapped(flags: readonly string[], env?: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_PATH, 'wrap', ...flags, '--', process.execPath, EVERYTHING_JS, 'stdio'],
    cwd: REPO_ROOT,
    ...(env === undefined ? {} : { env }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'otlp-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function receiver() {
  const received: { path: string; body: any }[] = [];
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.end();
      for (const w of waiting.splice(0)) w();
    });
  });
  const { port, stop } = await listenLocal(server);
  stops.push(stop);
  const spans = (): PlainSpan[] =>
    received.filter((r) => r.path === '/v1/traces').flatMap((r) => spansFromJson(r.body));
  /** Resolves once `cond` holds of what was received (checked on each request: no polling). */
  const until = async (cond: () => boolean) => {
    while (!cond()) await new Promise<void>((resolve) => waiting.push(resolve));
  };
  return { url: `http://127.0.0.1:${port}`, received, spans, until };
}

describe('wrap --otlp-endpoint', () => {
  it("a live session's spans are sent as they complete; the session span and the histograms when it ends", async () => {
    const otlp = await receiver();
    const { client, stderr: wrapStderr } = await wrapped(['--otlp-endpoint', otlp.url, '--otlp-protocol', 'http/json']);
    const echo = await client.callTool({ name: 'echo', arguments: { message: 'traced' } });
    expect(echo).toEqual({ content: [{ type: 'text', text: 'Echo: traced' }] });
    // While the session is still open, the tool call's span has already arrived.
    await otlp.until(() => otlp.spans().some((s) => s.name === 'tools/call echo'));
    expect(otlp.spans().some((s) => s.name === 'mcp.session')).toBe(false);
    await client.close();
    await otlp.until(() => otlp.received.some((r) => r.path === '/v1/metrics'));
    // The server's own stderr passes through wrap; mcptrace said nothing.
    expect(ours(wrapStderr())).toEqual([]);

    const spans = otlp.spans();
    const session = spans.find((s) => s.name === 'mcp.session')!;
    expect(session.attributes).toMatchObject({ 'mcptrace.client.name': 'otlp-test', 'network.transport': 'pipe' });
    const call = spans.find((s) => s.name === 'tools/call echo')!;
    expect(call).toMatchObject({
      kind: 3,
      parentSpanId: session.spanId,
      traceId: session.traceId,
      resource: { 'service.name': 'mcp-servers/everything' },
    });
    expect(call.attributes).toMatchObject({
      'gen_ai.tool.name': 'echo',
      'mcp.method.name': 'tools/call',
      'network.transport': 'pipe',
    });
    expect(call.end >= call.start && call.start >= session.start && call.end <= session.end).toBe(true);
    expect(spans.map((s) => s.name)).toEqual(
      expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/call echo']),
    );
    const points = otlp.received.filter((r) => r.path === '/v1/metrics').flatMap((r) => pointsFromJson(r.body));
    expect(
      points.find((p) => p.metric === 'mcp.client.operation.duration' && p.attributes['gen_ai.tool.name'] === 'echo')
        ?.count,
    ).toBe(1);
  });

  it('the OTEL_EXPORTER_OTLP_* variables set what the flags do not (protocol, headers); OTEL_RESOURCE_ATTRIBUTES on the resource', async () => {
    const otlp = await receiver(); // it parses JSON: the protocol came from the environment (protobuf otherwise)
    const env = {
      ...(process.env as Record<string, string>),
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test',
    };
    const { client, stderr: wrapStderr } = await wrapped(['--otlp-endpoint', otlp.url], env);
    await client.listTools();
    await client.close();
    await otlp.until(() => otlp.received.some((r) => r.path === '/v1/metrics'));
    expect(ours(wrapStderr())).toEqual([]);
    expect(otlp.spans().find((s) => s.name === 'tools/list')?.resource).toEqual({
      'deployment.environment.name': 'test',
      'service.name': 'mcp-servers/everything',
      'service.version': expect.any(String),
    });
  });

  it("--otlp-content and --otlp-redact: the tool call's arguments and result sent, the secret in them masked", async () => {
    const otlp = await receiver();
    const { client } = await wrapped([
      '--otlp-endpoint',
      otlp.url,
      '--otlp-protocol',
      'http/json',
      '--otlp-content',
      '--otlp-redact',
    ]);
    const echo = await client.callTool({
      name: 'echo',
      arguments: { message: 'Authorization: Bearer S3CRETTOKEN0007' },
    });
    expect(JSON.stringify(echo)).toContain('S3CRETTOKEN0007'); // the session itself is untouched
    await client.close();
    await otlp.until(() => otlp.received.some((r) => r.path === '/v1/metrics'));
    expect(JSON.stringify(otlp.received.map((r) => r.body))).not.toContain('S3CRET');
    const call = otlp.spans().find((s) => s.name === 'tools/call echo')!;
    expect(JSON.parse(call.attributes['gen_ai.tool.call.arguments'] as string)).toEqual({
      message: 'Authorization: Bearer [REDACTED]',
    });
    expect(call.attributes['gen_ai.tool.call.result']).toContain('Echo: Authorization: Bearer [REDACTED]');
  });

  it("a collector that is not there costs the spans, not the session: one line, and the server's answers arrive", async () => {
    const otlp = await receiver();
    await stops.pop()!(); // nothing listens there now
    const { client, stderr: wrapStderr } = await wrapped(['--otlp-endpoint', otlp.url, '--otlp-retries', '0']);
    expect((await client.listTools()).tools.length).toBeGreaterThan(5);
    await client.close();
    expect(ours(wrapStderr())).toEqual([
      `mcptrace: cannot export to ${otlp.url}/v1/traces: connection refused (ECONNREFUSED); no more spans are sent, the session goes on`,
    ]);
  });

  it('a collector that takes nothing: wrap exits anyway, --otlp-timeout after the session ends, saying so', async () => {
    // Every request is held unanswered.
    const held: ServerResponse[] = [];
    const server = createServer((_req, res) => void held.push(res));
    const { port, stop } = await listenLocal(server);
    stops.push(stop);
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(
      process.execPath,
      [
        CLI_PATH,
        'wrap',
        '--otlp-endpoint',
        url,
        '--otlp-timeout',
        '1000',
        '--',
        process.execPath,
        EVERYTHING_JS,
        'stdio',
      ],
      { cwd: REPO_ROOT },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = once(child, 'exit');
    child.stdin.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }) + '\n',
    );
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) + '\n');
    // The server's answer to tools/list: then the host goes away.
    await new Promise<void>((resolve) => child.stdout.on('data', () => /"id":2/.test(stdout) && resolve()));
    child.stdin.end();
    const [code] = await exited;
    expect(code).toBe(0);
    // Retries noted while the session ran, then the one line that says the rest was given up.
    const lines = ours(stderr);
    for (const l of lines.slice(0, -1))
      expect(l).toMatch(/^mcptrace: 127\.0\.0\.1:\d+: timed out; retrying in \d+\.\d s$/);
    expect(lines.at(-1)).toMatch(
      /^mcptrace: 127\.0\.0\.1:\d+ did not take the session's last spans in time( \(\d+ not sent\))?; given up$/,
    );
    expect(held.length).toBeGreaterThan(0);
  });
});

describe('proxy --otlp-endpoint', () => {
  it('the spans of an HTTP session as they complete; the session span and the histograms when the proxy stops (Ctrl-C)', async () => {
    const otlp = await receiver();
    const server = await startEverything('streamableHttp');
    stops.push(() => server.stop());
    const child = spawnCli([
      'proxy',
      '--target',
      `http://127.0.0.1:${server.port}/mcp`,
      '--otlp-endpoint',
      otlp.url,
      '--otlp-protocol',
      'http/json',
    ]);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: string) => {
        stderr += d;
        const m = /^MCP server URL: (\S+)$/m.exec(stderr);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`mcptrace proxy exited (${code}) before listening:\n${stderr}`)));
    });
    const exited = once(child, 'close');
    const sdk = await connectSdk(url);
    const echo = await sdk.client.callTool({ name: 'echo', arguments: { message: 'over http' } });
    expect(echo).toEqual({ content: [{ type: 'text', text: 'Echo: over http' }] });
    await otlp.until(() => otlp.spans().some((s) => s.name === 'tools/call echo'));
    await sdk.client.close();
    child.kill('SIGINT');
    const [code] = await exited;
    expect(code).toBe(0);
    await otlp.until(() => otlp.received.some((r) => r.path === '/v1/metrics'));
    const spans = otlp.spans();
    const call = spans.find((s) => s.name === 'tools/call echo')!;
    const session = spans.find(
      (s) => s.name === 'mcp.session' && s.attributes['mcptrace.session'] === call.attributes['mcptrace.session'],
    )!;
    expect(call).toMatchObject({ kind: 3, parentSpanId: session.spanId, traceId: session.traceId });
    expect(call.attributes).toMatchObject({
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'mcp.session.id': sdk.session(),
      'gen_ai.tool.name': 'echo',
    });
    expect(ours(stderr).filter((l) => !/^mcptrace: proxy (on|stopped)/.test(l))).toEqual([]);
  });
});
