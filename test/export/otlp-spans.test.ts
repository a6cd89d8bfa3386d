// mcptrace export --to otlp: the spans and histograms of the recorded samples, checked against the records annotate
// prints for the same log; and the mapping's rules (traceparent, errors, sessionless revisions) on made-up records.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CONVENTIONS, DURATION_BOUNDARIES } from '../../src/export/otlp/conventions.js';
import { DurationHistograms } from '../../src/export/otlp/metrics.js';
import type { McpSpan } from '../../src/export/otlp/span.js';
import { SpanBuilder } from '../../src/export/otlp/spans.js';
import type { SessionInfo } from '../../src/types.js';
// The built CLI's main in this process, with a stdout that says it is a terminal.
import { main } from '../../dist/src/cli/main.js';
import { parseNdjson } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { pointsFromJson, SAMPLES, spansFromJson, type PlainPoint, type PlainSpan } from '../helpers/otlp.js';
import { Seq } from '../helpers/records.js';
import { lazyTempDir } from '../helpers/temp.js';

const tmp = lazyTempDir('otlp-spans');

/** Exports `file` to a JSON-lines file; the spans and points it holds, and its lines. */
async function exported(
  file: string,
  extra: string[] = [],
): Promise<{ spans: PlainSpan[]; points: PlainPoint[]; lines: any[] }> {
  const out = join(tmp.path, `${file.replace(/\W/g, '_')}.jsonl`);
  const res = await runMain(['export', '--to', 'otlp', '--out', out, ...extra, file]);
  expect(res.stderr.replace(/^mcptrace: samples\/\S+: (pcap|1 HAR entry).*\n/gm, '')).toBe('');
  expect(res.code).toBe(0);
  const lines = readFileSync(out, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { spans: lines.flatMap(spansFromJson), points: lines.flatMap(pointsFromJson), lines };
}

async function records(file: string): Promise<Record<string, any>[]> {
  return parseNdjson((await runMain(['annotate', '-f', 'ndjson', file])).stdout);
}

const nanos = (iso: string) => BigInt(Date.parse(iso)) * 1_000_000n;

describe('export --to otlp: the recorded samples', () => {
  it.each(SAMPLES)(
    '%s: a span per request and its answer, per notification, per session; ids unique, parents in the trace',
    async (file) => {
      const [{ spans, lines }, recs] = await Promise.all([exported(file), records(file)]);
      // Each line is one TracesData or MetricsData object, as the collector's otlpjsonfile receiver reads them.
      for (const l of lines)
        expect(Object.keys(l)).toSatisfy(
          (k: string[]) => k.length === 1 && ['resourceSpans', 'resourceMetrics'].includes(k[0]!),
        );
      const requests = recs.filter((r) => r.kind === 'request');
      const notifications = recs.filter((r) => r.kind === 'notification');
      const sessions = new Set(recs.map((r) => r.session));
      expect(spans.length).toBe(requests.length + notifications.length + sessions.size);
      expect(new Set(spans.map((s) => s.spanId)).size).toBe(spans.length);
      const roots = spans.filter((s) => s.name === 'mcp.session');
      expect(roots).toHaveLength(sessions.size);
      for (const s of spans) {
        if (s.name === 'mcp.session') continue;
        const root = roots.find((r) => r.attributes['mcptrace.session'] === s.attributes['mcptrace.session'])!;
        expect(s.parentSpanId).toBe(root.spanId);
        expect(s.traceId).toBe(root.traceId);
        expect(s.start >= root.start && s.end <= root.end).toBe(true);
      }
    },
  );

  it('everything.envelope.ndjson: names, kinds, attributes and times are those of the records', async () => {
    const file = 'samples/everything.envelope.ndjson';
    const [{ spans }, recs] = await Promise.all([exported(file), records(file)]);
    const bySeq = new Map(recs.map((r) => [r.seq, r]));
    for (const req of recs.filter((r) => r.kind === 'request')) {
      const span = spans.find((s) => s.attributes['mcptrace.seq'] === req.seq)!;
      const answer = recs.find((r) => r.pair === req.seq && (r.kind === 'response' || r.kind === 'error'));
      const tool = req.method === 'tools/call' ? (bySeq.get(req.seq)!.message as any).params.name : undefined;
      const prompt = req.method === 'prompts/get' ? (bySeq.get(req.seq)!.message as any).params.name : undefined;
      expect(span.name).toBe(tool || prompt ? `${req.method} ${tool ?? prompt}` : req.method);
      if (prompt) expect(span.attributes['gen_ai.prompt.name']).toBe(prompt);
      // OTLP's SpanKind: 2 SERVER, 3 CLIENT.
      expect(span.kind).toBe(req.dir === 'c2s' ? 3 : 2);
      expect(span.attributes).toMatchObject({
        'mcp.method.name': req.method,
        'jsonrpc.request.id': String(req.id),
        'mcp.protocol.version': '2025-11-25',
        'network.transport': 'pipe',
        'mcptrace.phase': req.phase,
      });
      expect(span.start).toBe(nanos(req.ts));
      if (answer === undefined) {
        // Never answered in the log (the capture ended first): the span ends with the session.
        expect(span.attributes['mcptrace.unanswered']).toBe(true);
        continue;
      }
      expect(span.attributes['mcptrace.answer.seq']).toBe(answer.seq);
      // A stdio session's key is mcptrace's ordinal, not an MCP session id.
      expect(span.attributes['mcp.session.id']).toBeUndefined();
      if (tool)
        expect(span.attributes).toMatchObject({ 'gen_ai.tool.name': tool, 'gen_ai.operation.name': 'execute_tool' });
      else expect(span.attributes['gen_ai.operation.name']).toBeUndefined();
      if (req.method === 'resources/read') expect(span.attributes['mcp.resource.uri']).toBe(req.message.params.uri);
      if (req.capability) expect(span.attributes['mcptrace.capability.path']).toBe(req.capability.path);
      expect(span.end).toBe(nanos(answer.ts));
      expect(Number(span.end - span.start) / 1e6).toBe(answer.latencyMs);
      // mcp.md "Span status": ERROR exactly when error.type is set, described by the JSON-RPC error's message.
      if (answer.kind === 'error') {
        expect(span.attributes['error.type']).toBe(String(answer.message.error.code));
        expect(span.attributes['rpc.response.status_code']).toBe(String(answer.message.error.code));
        expect(span.status).toEqual({ code: 2, message: answer.message.error.message });
      } else if (answer.message.result?.isError === true) {
        expect(span.attributes['error.type']).toBe('tool_error');
        expect(span.status.code).toBe(2);
      } else {
        expect(span.attributes['error.type']).toBeUndefined();
        expect(span.status.code).toBe(0);
      }
      // Findings on the request and on its answer are the span's events.
      const findings = [
        ...req.findings.map((f: any) => [req.seq, f]),
        ...answer.findings.map((f: any) => [answer.seq, f]),
      ];
      expect(
        span.events.map((e) => [e.attributes['mcptrace.finding.seq'], e.attributes['mcptrace.finding.rule']]),
      ).toEqual(findings.map(([seq, f]) => [seq, f.rule]));
    }
    for (const n of recs.filter((r) => r.kind === 'notification')) {
      const span = spans.find((s) => s.attributes['mcptrace.seq'] === n.seq)!;
      expect(span).toMatchObject({
        name: n.method,
        kind: n.dir === 'c2s' ? 3 : 2,
        start: nanos(n.ts),
        end: nanos(n.ts),
      });
      expect(span.attributes['jsonrpc.request.id']).toBeUndefined();
    }
    const session = spans.find((s) => s.name === 'mcp.session')!;
    // BigInts: Math.min and Math.max take numbers only.
    const timed = recs
      .filter((r) => r.ts !== null)
      .map((r) => nanos(r.ts))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(session.start).toBe(timed[0]);
    expect(session.end).toBe(timed.at(-1));
    expect(session.attributes).toMatchObject({
      'mcptrace.client.name': expect.any(String),
      'mcptrace.server.name': 'mcp-servers/everything',
      'mcptrace.records': recs.length,
    });
    expect(session.resource).toEqual({
      'service.name': 'mcp-servers/everything',
      'service.version': expect.any(String),
    });
  });

  it('the HTTP capture: network.transport tcp, the Mcp-Session-Id as mcp.session.id, fractional times kept', async () => {
    const file = 'samples/everything-http.pcap';
    const [{ spans }, recs] = await Promise.all([exported(file), records(file)]);
    const call = recs.find((r) => r.kind === 'request' && r.method === 'tools/list')!;
    const span = spans.find((s) => s.attributes['mcptrace.seq'] === call.seq)!;
    expect(span.attributes).toMatchObject({
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'mcp.session.id': call.http.sessionId,
    });
    const answer = recs.find((r) => r.pair === call.seq)!;
    expect(Number(span.end - span.start) / 1e6).toBeCloseTo(answer.latencyMs, 3);
  });

  it('the same log exported twice gives the same bytes (ids derived from the log)', async () => {
    const a = await exported('samples/memory.envelope.ndjson');
    const b = await exported('samples/memory.envelope.ndjson');
    expect(b.lines).toEqual(a.lines);
  });

  it("histograms: each answered request in its kind's operation histogram, with the conventions' buckets; sessions in both", async () => {
    const file = 'samples/everything.envelope.ndjson';
    const [{ points }, recs] = await Promise.all([exported(file), records(file)]);
    for (const p of points) {
      expect(p.unit).toBe('s');
      expect(p.bounds).toEqual(DURATION_BOUNDARIES);
      expect(p.bucketCounts.reduce((a, b) => a + b, 0)).toBe(p.count);
    }
    const answers = recs.filter((r) => (r.kind === 'response' || r.kind === 'error') && r.latencyMs !== null);
    const client = points.filter((p) => p.metric === 'mcp.client.operation.duration');
    const server = points.filter((p) => p.metric === 'mcp.server.operation.duration');
    expect(client.reduce((n, p) => n + p.count, 0)).toBe(answers.filter((r) => r.dir === 's2c').length);
    expect(server.reduce((n, p) => n + p.count, 0)).toBe(answers.filter((r) => r.dir === 'c2s').length);
    // tools/list: one point, its sum the latencies in seconds, its bucket the one the conventions' bounds give.
    const list = answers.filter((r) => r.method === 'tools/list');
    const p = client.find((q) => q.attributes['mcp.method.name'] === 'tools/list')!;
    expect(p.count).toBe(list.length);
    expect(p.sum).toBeCloseTo(
      list.reduce((s, r) => s + r.latencyMs / 1000, 0),
      9,
    );
    const bucket = DURATION_BOUNDARIES.findIndex((b) => list[0]!.latencyMs / 1000 <= b);
    expect(p.bucketCounts[bucket]).toBeGreaterThan(0);
    for (const name of ['mcp.client.session.duration', 'mcp.server.session.duration']) {
      expect(points.filter((q) => q.metric === name).map((q) => q.count)).toEqual([1]);
    }
  });

  it('an --out that cannot be written: one line, exit 2', async () => {
    const res = await runMain([
      'export',
      '--to',
      'otlp',
      '--out',
      join(tmp.path, 'no', 'such', 'dir', 'x.jsonl'),
      'samples/memory.envelope.ndjson',
    ]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^mcptrace: cannot write .*x\.jsonl: ENOENT\n$/);
  });

  it('to stdout: raw when piped; on a terminal, characters JSON leaves raw (C1, bidi) are escaped', async () => {
    const log = join(tmp.path, 'bidi.ndjson');
    writeFileSync(log, '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a\u202eb\u009b"}}\n');
    for (const isTTY of [false, true]) {
      const chunks: string[] = [];
      const stdout = Object.assign(new Writable({ write: (c, _e, cb) => (chunks.push(c.toString()), cb()) }), {
        isTTY,
      });
      const code = await main(['export', '--to', 'otlp', log], {
        stdin: Readable.from([]),
        stdout,
        stderr: stdout,
        env: process.env,
      });
      expect(code).toBe(0);
      const text = chunks.join('');
      expect(/[\u009b\u202e]/.test(text)).toBe(!isTTY);
      expect(spansFromJson(JSON.parse(text.split('\n')[0]!)).map((x) => x.name)).toContain('tools/call a\u202eb\u009b');
    }
  });

  it('a log without times: spans at the epoch, no histogram', async () => {
    const { spans, points } = await exported('samples/everything.ndjson');
    expect(spans.every((s) => s.start === 0n && s.end === 0n)).toBe(true);
    expect(points).toEqual([]);
  });
});

/** Runs records through the builder and the histograms; `info` for every session. */
function build(
  records: Seq['records'],
  info: Partial<SessionInfo> = {},
  maxSessions?: number,
  maxPending?: number,
): { spans: McpSpan[]; histograms: DurationHistograms; before: number[] } {
  const session = {
    key: '1',
    file: 'log.ndjson',
    requestedRevision: null,
    negotiatedRevision: '2025-06-18',
    clientInfo: null,
    serverInfo: { name: 'srv' },
    transport: 'stdio',
    ...info,
  } as SessionInfo;
  const builder = new SpanBuilder(() => session, maxSessions, maxPending);
  const spans: McpSpan[] = [];
  // How many spans were out before each record.
  const before: number[] = [];
  for (const r of records) {
    before.push(spans.length);
    builder.push(r, spans);
  }
  builder.end([], spans);
  const histograms = new DurationHistograms();
  for (const s of spans) histograms.add(s);
  return { spans, histograms, before };
}

describe('export --to otlp: what docs/commands/export.md says', () => {
  it("names the conventions' commit followed and the transformer version installed", () => {
    const page = readFileSync('docs/commands/export.md', 'utf8');
    const section = page.slice(page.indexOf('## Export to OpenTelemetry'));
    expect(section.length).toBeLessThan(page.length);
    expect(section).toContain(`${CONVENTIONS.repository}/blob/${CONVENTIONS.commit}/${CONVENTIONS.path}`);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(section).toContain(
      `\`@opentelemetry/otlp-transformer\` ${pkg.devDependencies['@opentelemetry/otlp-transformer']}`,
    );
  });
});

describe('export --to otlp: the mapping', () => {
  const T0 = Date.parse('2026-12-01T10:00:00.000Z');

  it('a traceparent in params._meta: the span joins that trace under the remote parent', () => {
    const s = new Seq();
    const parent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const req = s.request('tools/call', 3, {
      message: { params: { name: 'get-weather', _meta: { traceparent: parent, tracestate: 'rojo=1' } } },
      wire: { tsMs: T0 },
    });
    s.response(req, 20, { content: [] }, { wire: { tsMs: T0 + 20 } });
    const { spans } = build(s.records);
    const span = spans.find((x) => x.name === 'tools/call get-weather')!;
    expect(span).toMatchObject({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentSpanId: '00f067aa0ba902b7',
      parentRemote: true,
      traceState: 'rojo=1',
      kind: 'client',
    });
    const session = spans.find((x) => x.name === 'mcp.session')!;
    expect(session.traceId).not.toBe(span.traceId);
  });

  it("a malformed traceparent is ignored: the span stays in its session's trace", () => {
    const s = new Seq();
    const req = s.request('ping', 1, {
      message: { params: { _meta: { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' } } },
    });
    s.response(req, null);
    const { spans } = build(s.records);
    const session = spans.find((x) => x.name === 'mcp.session')!;
    expect(spans.find((x) => x.name === 'ping')).toMatchObject({
      traceId: session.traceId,
      parentSpanId: session.spanId,
      parentRemote: false,
    });
  });

  it('a tool result with isError: error.type tool_error, status ERROR; a server-sent request is a SERVER span', () => {
    const s = new Seq();
    const call = s.request('tools/call', 1, { message: { params: { name: 'fail' } }, wire: { tsMs: T0 } });
    s.response(call, 5, { isError: true, content: [] }, { wire: { tsMs: T0 + 5 } });
    const sampling = s.request('sampling/createMessage', 0, { dir: 's2c', wire: { tsMs: T0 + 6 } });
    s.response(sampling, 1500, {}, { dir: 'c2s', wire: { tsMs: T0 + 1506 } });
    const { spans, histograms } = build(s.records);
    expect(spans.find((x) => x.name === 'tools/call fail')).toMatchObject({
      status: { code: 'error' },
      attributes: { 'error.type': 'tool_error' },
    });
    expect(spans.find((x) => x.name === 'sampling/createMessage')).toMatchObject({
      kind: 'server',
      startMs: T0 + 6,
      endMs: T0 + 1506,
    });
    const metrics = histograms.snapshot()[0]!.metrics;
    const server = metrics.find((m) => m.key === 'serverOperation')!.points;
    expect(server).toHaveLength(1);
    expect(server[0]).toMatchObject({
      count: 1,
      sum: 1.5,
      attributes: { 'mcp.method.name': 'sampling/createMessage' },
    });
    // (1, 2]: the bucket after the boundary 1.
    expect(server[0]!.counts[DURATION_BOUNDARIES.indexOf(2)]).toBe(1);
    expect(metrics.find((m) => m.key === 'clientOperation')!.points[0]).toMatchObject({
      attributes: { 'error.type': 'tool_error', 'gen_ai.tool.name': 'fail' },
    });
  });

  it('2026-07-28 requests carry no mcp.session.id; an unanswered request ends with its session, marked, and counts in no histogram', () => {
    const s = new Seq();
    s.request('tools/list', 1, {
      session: 'x-1',
      message: { params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } },
      wire: { tsMs: T0 },
    });
    s.notification('notifications/message', { session: 'x-1', dir: 's2c', wire: { tsMs: T0 + 40 } });
    s.request('tools/list', 2, { session: 'x-2', wire: { tsMs: T0 + 50 } });
    const { spans, histograms } = build(s.records, { negotiatedRevision: null });
    const list = spans.find((x) => x.name === 'tools/list')!;
    expect(list.attributes['mcp.session.id']).toBeUndefined();
    // A session named by the log, under a revision that has sessions, is an MCP session.
    expect(
      spans.find((x) => x.attributes['mcptrace.session'] === 'x-2' && x.name === 'tools/list')!.attributes[
        'mcp.session.id'
      ],
    ).toBe('x-2');
    expect(list.attributes['mcp.protocol.version']).toBe('2026-07-28');
    expect(list).toMatchObject({ startMs: T0, endMs: T0 + 40, attributes: { 'mcptrace.unanswered': true } });
    expect(histograms.snapshot()[0]!.metrics.map((m) => m.key)).toEqual(['clientSession', 'serverSession']);
  });

  it('past maxSessions the least recently active session is finished: its unanswered requests and its span go out then', () => {
    const s = new Seq();
    const a = s.request('tools/list', 1, { session: 'a' });
    s.request('ping', 2, { session: 'b' });
    s.add({ kind: 'event', session: 'a', method: null, id: null, message: null, event: { name: 'stdin-closed' } });
    s.request('ping', 3, { session: 'c' }); // a third session: b, the least recently active, is finished
    s.response(a, null, {}, { session: 'a' });
    s.request('ping', 4, { session: 'b' }); // b again: a new session span, c finished
    const { spans, before } = build(s.records, {}, 2);
    expect(before).toEqual([0, 0, 0, 0, 2, 3]);
    expect(
      spans.slice(0, 2).map((x) => [x.name, x.attributes['mcptrace.session'], x.attributes['mcptrace.unanswered']]),
    ).toEqual([
      ['ping', 'b', true],
      ['mcp.session', 'b', undefined],
    ]);
    const sessions = spans.filter((x) => x.name === 'mcp.session');
    expect(sessions.map((x) => x.attributes['mcptrace.session'])).toEqual(['b', 'c', 'a', 'b']);
    expect(new Set(sessions.map((x) => x.spanId)).size).toBe(4);
    expect(new Set(spans.map((x) => x.spanId)).size).toBe(spans.length);
  });

  it('past maxPending the oldest open request of the session is given up as unanswered', () => {
    const s = new Seq();
    const one = s.request('ping', 1, { wire: { tsMs: T0 } });
    s.request('ping', 2, { wire: { tsMs: T0 + 5 } });
    s.request('ping', 3, { wire: { tsMs: T0 + 9 } });
    s.response(one, null, {}, { wire: { tsMs: T0 + 10 } }); // too late: given up already
    const { spans, before } = build(s.records, {}, undefined, 2);
    expect(before).toEqual([0, 0, 0, 1]);
    expect(spans[0]).toMatchObject({
      startMs: T0,
      endMs: T0 + 9,
      attributes: { 'mcptrace.seq': 1, 'mcptrace.unanswered': true },
    });
    expect(spans.filter((x) => x.name === 'ping')).toHaveLength(3);
  });

  it("a JSON-RPC error: error.type and rpc.response.status_code are the code, the status message the error's", () => {
    const s = new Seq();
    const req = s.request('resources/read', 2, { message: { params: { uri: 'file:///x' } } });
    s.add({
      kind: 'error',
      method: 'resources/read',
      id: 2,
      dir: 's2c',
      pair: req.seq,
      message: { jsonrpc: '2.0', id: 2, error: { code: -32002, message: 'Resource not found' } },
    });
    const span = build(s.records).spans.find((x) => x.name === 'resources/read')!;
    expect(span.attributes).toMatchObject({
      'error.type': '-32002',
      'rpc.response.status_code': '-32002',
      'mcp.resource.uri': 'file:///x',
    });
    expect(span.status).toEqual({ code: 'error', message: 'Resource not found' });
  });
});
