// export --to otlp: where an HTTP exchange went (server.address, server.port, network.protocol.version) from what the
// capture readers read: the request's Host and HTTP version; the client's end (client.address, client.port) where the
// reader saw the connection, checked against tshark; none of it for stdio.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { spansFromJson, type PlainSpan } from '../helpers/otlp.js';

async function spans(file: string): Promise<PlainSpan[]> {
  const res = await runMain(['export', '--to', 'otlp', file]);
  expect(res.code).toBe(0);
  return res.stdout
    .trimEnd()
    .split('\n')
    .flatMap((l) => (l.startsWith('{"resourceSpans"') ? spansFromJson(JSON.parse(l)) : []));
}

const CONNECTION = [
  'network.transport',
  'network.protocol.name',
  'network.protocol.version',
  'server.address',
  'server.port',
];
const pick = (a: Record<string, unknown>) => Object.fromEntries(CONNECTION.filter((k) => k in a).map((k) => [k, a[k]]));

describe('export --to otlp: the connection of HTTP records', () => {
  it.each([
    ['samples/everything-http.pcap', { 'network.protocol.version': '1.1', 'server.port': 42313 }],
    ['samples/everything-http.har', { 'network.protocol.version': '1.1', 'server.port': 45163 }],
    ['samples/everything-http.curl.txt', { 'network.protocol.version': '1.1', 'server.port': 37087 }],
  ])('%s: the Host the client sent and the HTTP version, on every MCP span', async (file, expected) => {
    const all = (await spans(file)).filter((s) => s.attributes['mcp.method.name'] !== undefined);
    expect(all.length).toBeGreaterThan(3);
    for (const s of all)
      expect(pick(s.attributes)).toEqual({
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
        'server.address': '127.0.0.1',
        ...expected,
      });
  });

  it("a packet capture: each exchange span has its connection's client end, as tshark reads the SYNs", async () => {
    const out = execFileSync(
      'tshark',
      [
        '-r',
        'samples/everything-http.pcap',
        '-T',
        'fields',
        '-e',
        'ip.src',
        '-e',
        'tcp.srcport',
        '-Y',
        'tcp.flags.syn==1 && tcp.flags.ack==0',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const opened = new Set(
      out
        .trim()
        .split('\n')
        .map((l) => l.replace('\t', ':')),
    );
    const all = await spans('samples/everything-http.pcap');
    const exchanges = all.filter((s) => s.attributes['mcp.method.name'] !== undefined);
    const seen = new Set(
      exchanges.map((s) => `${String(s.attributes['client.address'])}:${String(s.attributes['client.port'])}`),
    );
    // Every connection that carried MCP is one tshark saw opened; the one without data carried none.
    expect(seen.size).toBe(3);
    for (const c of seen) expect(opened.has(c)).toBe(true);
    // The session span spans several connections: the address, not one connection's port.
    const session = all.find((s) => s.attributes['mcp.method.name'] === undefined)!;
    expect(session.attributes['client.address']).toBe('127.0.0.1');
    expect(session.attributes['client.port']).toBeUndefined();
  });

  it.each(['samples/everything-http.har', 'samples/everything-http.curl.txt'])(
    '%s: no client end (the file does not record it)',
    async (file) => {
      for (const s of await spans(file)) expect(s.attributes['client.address']).toBeUndefined();
    },
  );

  it('a stdio session has none of them', async () => {
    const all = await spans('samples/everything.envelope.ndjson');
    expect(new Set(all.map((s) => JSON.stringify(pick(s.attributes))))).toEqual(
      new Set([JSON.stringify({ 'network.transport': 'pipe' })]),
    );
  });

  it('the histograms carry them (mcp.md "Metric: mcp.client.operation.duration")', async () => {
    const res = await runMain(['export', '--to', 'otlp', 'samples/everything-http.pcap']);
    const metrics = JSON.parse(res.stdout.trimEnd().split('\n').at(-1)!);
    const point = metrics.resourceMetrics[0].scopeMetrics[0].metrics.find(
      (m: { name: string }) => m.name === 'mcp.client.operation.duration',
    ).histogram.dataPoints[0];
    expect(
      point.attributes
        .filter((a: { key: string }) => /^(server\.|network\.protocol\.version)/.test(a.key))
        .map((a: { key: string }) => a.key)
        .sort(),
    ).toEqual(['network.protocol.version', 'server.address', 'server.port']);
    // Not the client's end: one series per client port would make the histograms useless.
    expect(point.attributes.some((a: { key: string }) => a.key.startsWith('client.'))).toBe(false);
  });
});
