// export --to otlp --redact: no secret of the log in anything exported (span and event attributes, status, resource,
// metrics), in the JSON lines nor in the protobuf a loopback receiver takes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { spansFromJson, spansFromProtobuf } from '../helpers/otlp.js';
import { otlpReceiver } from '../helpers/otlp-receiver.js';
import { lazyTempDir } from '../helpers/temp.js';

const tmp = lazyTempDir('otlp-redact');
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** Every secret in the log holds `S3CRET`. */
const SECRET = /S3CRET/;

function log(): string {
  const lines = [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'agent', version: '1' } },
    },
    {
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'vault?api_key=S3CRETKEY0001', version: '1' },
      },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: {
        name: 'fetch',
        arguments: {
          url: 'https://example.com',
          api_key: 'S3CRETKEY0002',
          headers: { Authorization: 'Bearer S3CRETTOKEN0003' },
        },
      },
    },
    {
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32000, message: 'upstream said 401 to Authorization: Bearer S3CRETTOKEN0004' },
    },
    {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'login', arguments: { user: 'a', password: 'S3CRETPASS0005' } },
    },
    { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'logged in, token=S3CRETTOKEN0006' }] } },
  ];
  const file = join(tmp.path, 'secrets.ndjson');
  // An envelope log (times and directions): the histograms are made of timed spans.
  const dirs = ['c2s', 's2c', 'c2s', 'c2s', 's2c', 'c2s', 's2c'];
  const envelope = lines.map((l, i) =>
    JSON.stringify({ ts: `2026-11-30T00:00:0${i}.000Z`, dir: dirs[i], line: JSON.stringify(l) }),
  );
  writeFileSync(file, envelope.join('\n') + '\n');
  return file;
}

async function exported(extra: string[]): Promise<{ lines: string; protobuf: Buffer[] }> {
  const r = await otlpReceiver();
  stops.push(r.stop);
  const out = join(tmp.path, `out-${extra.join('_').replace(/\W/g, '')}.jsonl`);
  const res = await runMain(['export', '--to', 'otlp', '--out', out, '--endpoint', r.url, ...extra, log()]);
  expect(res.stderr).toBe('');
  expect(res.code).toBe(0);
  expect(r.received.map((x) => x.path)).toEqual(['/v1/traces', '/v1/metrics']);
  return { lines: readFileSync(out, 'utf8'), protobuf: r.received.map((x) => x.body) };
}

describe('export --to otlp --redact', () => {
  it('without it, the secrets are exported (the resource, the error status, the content)', async () => {
    const { lines, protobuf } = await exported(['--otlp-content']);
    for (const s of [
      'S3CRETKEY0001',
      'S3CRETKEY0002',
      'S3CRETTOKEN0003',
      'S3CRETTOKEN0004',
      'S3CRETPASS0005',
      'S3CRETTOKEN0006',
    ])
      expect(lines).toContain(s);
    expect(protobuf[0]!.toString('latin1')).toContain('S3CRETTOKEN0004');
    expect(protobuf[1]!.toString('latin1')).toContain('S3CRETKEY0001'); // the metrics' resource
  });

  it.each([[[]], [['--otlp-content']]])(
    'with it (%j): no secret in the JSON lines nor in the protobuf, and the spans are all there',
    async (extra) => {
      const { lines, protobuf } = await exported(['--redact', ...extra]);
      expect(lines).not.toMatch(SECRET);
      for (const body of protobuf) expect(body.toString('latin1')).not.toMatch(SECRET);
      const spans = lines
        .trimEnd()
        .split('\n')
        .flatMap((l) => spansFromJson(JSON.parse(l)));
      expect(spansFromProtobuf(protobuf[0]!)).toEqual(spans);
      expect(spans.map((s) => s.name).sort()).toEqual([
        'initialize',
        'mcp.session',
        'notifications/initialized',
        'tools/call fetch',
        'tools/call login',
      ]);
      const fetch = spans.find((s) => s.name === 'tools/call fetch')!;
      expect(fetch.status).toEqual({ code: 2, message: 'upstream said 401 to Authorization: Bearer [REDACTED]' });
      expect(lines).toContain('"stringValue":"vault?api_key=[REDACTED]"');
    },
  );

  it('--redact-key masks attributes by name too', async () => {
    const { lines } = await exported(['--redact-key', 'gen_ai.tool.name']);
    expect(lines).not.toContain('"stringValue":"fetch"');
    expect(lines).toContain('"key":"gen_ai.tool.name","value":{"stringValue":"[REDACTED]"}');
  });

  it('is refused for the other targets, which export the log as it was', async () => {
    const res = await runMain(['export', '--to', 'csv', '--redact', log()]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--redact and --redact-key: for --to otlp only, not --to csv');
  });
});

describe('export --to otlp --otlp-content', () => {
  it("the conventions' Opt-In tool call arguments and result, as JSON strings; none without the flag", async () => {
    const spansOf = (lines: string) =>
      lines
        .trimEnd()
        .split('\n')
        .flatMap((l) => spansFromJson(JSON.parse(l)));
    const login = (lines: string) => spansOf(lines).find((s) => s.name === 'tools/call login')!.attributes;
    const fetch = (lines: string) => spansOf(lines).find((s) => s.name === 'tools/call fetch')!.attributes;
    const plain = (await exported([])).lines;
    expect(Object.keys(login(plain)).filter((k) => k.startsWith('gen_ai.tool.call.'))).toEqual([]);
    const content = (await exported(['--otlp-content'])).lines;
    expect(JSON.parse(login(content)['gen_ai.tool.call.arguments'] as string)).toEqual({
      user: 'a',
      password: 'S3CRETPASS0005',
    });
    expect(JSON.parse(login(content)['gen_ai.tool.call.result'] as string)).toEqual({
      content: [{ type: 'text', text: 'logged in, token=S3CRETTOKEN0006' }],
    });
    // A call that failed has no result (mcp.md note 14: "if execution was successful").
    expect(fetch(content)['gen_ai.tool.call.result']).toBeUndefined();
    const redacted = (await exported(['--otlp-content', '--redact'])).lines;
    expect(JSON.parse(login(redacted)['gen_ai.tool.call.arguments'] as string)).toEqual({
      user: 'a',
      password: '[REDACTED]',
    });
    expect(JSON.parse(fetch(redacted)['gen_ai.tool.call.arguments'] as string)).toEqual({
      url: 'https://example.com',
      api_key: '[REDACTED]',
      headers: { Authorization: '[REDACTED]' },
    });
  });
});
