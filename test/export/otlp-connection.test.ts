// export --to otlp: where an HTTP exchange went (server.address, server.port, network.protocol.version) from what the
// capture readers read: the request's Host and HTTP version; none of it for stdio.
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { spansFromJson, type PlainSpan } from '../helpers/otlp.js';

async function spans(file: string): Promise<PlainSpan[]> {
  const res = await runMain(['export', '--to', 'otlp', file]);
  expect(res.code).toBe(0);
  return res.stdout.trimEnd().split('\n').flatMap((l) => (l.startsWith('{"resourceSpans"') ? spansFromJson(JSON.parse(l)) : []));
}

const CONNECTION = ['network.transport', 'network.protocol.name', 'network.protocol.version', 'server.address', 'server.port'];
const pick = (a: Record<string, unknown>) => Object.fromEntries(CONNECTION.filter((k) => k in a).map((k) => [k, a[k]]));

describe('export --to otlp: the connection of HTTP records', () => {
  it.each([
    ['samples/everything-http.pcap', { 'network.protocol.version': '1.1', 'server.port': 42313 }],
    ['samples/everything-http.har', { 'network.protocol.version': '1.1', 'server.port': 45163 }],
    ['samples/everything-http.curl.txt', { 'network.protocol.version': '1.1', 'server.port': 37087 }],
  ])('%s: the Host the client sent and the HTTP version, on every MCP span', async (file, expected) => {
    const all = (await spans(file)).filter((s) => s.attributes['mcp.method.name'] !== undefined);
    expect(all.length).toBeGreaterThan(3);
    for (const s of all) expect(pick(s.attributes)).toEqual({ 'network.transport': 'tcp', 'network.protocol.name': 'http', 'server.address': '127.0.0.1', ...expected });
  });

  it('a stdio session has none of them', async () => {
    const all = await spans('samples/everything.envelope.ndjson');
    expect(new Set(all.map((s) => JSON.stringify(pick(s.attributes))))).toEqual(new Set([JSON.stringify({ 'network.transport': 'pipe' })]));
  });

  it('the histograms carry them (mcp.md "Metric: mcp.client.operation.duration")', async () => {
    const res = await runMain(['export', '--to', 'otlp', 'samples/everything-http.pcap']);
    const metrics = JSON.parse(res.stdout.trimEnd().split('\n').at(-1)!);
    const point = metrics.resourceMetrics[0].scopeMetrics[0].metrics.find((m: { name: string }) => m.name === 'mcp.client.operation.duration').histogram.dataPoints[0];
    expect(point.attributes.filter((a: { key: string }) => /^(server\.|network\.protocol\.version)/.test(a.key)).map((a: { key: string }) => a.key).sort()).toEqual(['network.protocol.version', 'server.address', 'server.port']);
  });
});
