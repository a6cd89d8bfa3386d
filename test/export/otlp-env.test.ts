// export --to otlp and the OpenTelemetry exporter's environment variables (OTLP Exporter Configuration): endpoints and
// their path rules, headers, protocol, timeout, compression, the resource; the flags override them. A loopback receiver
// takes what is sent.
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { spansFromJson, spansFromProtobuf } from '../helpers/otlp.js';
import { otlpReceiver } from '../helpers/otlp-receiver.js';

const SAMPLE = 'samples/everything.envelope.ndjson';
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function receiver() {
  const r = await otlpReceiver();
  stops.push(r.stop);
  return r;
}

const run = (env: Record<string, string>, extra: string[] = []) =>
  runMain(['export', '--to', 'otlp', ...extra, SAMPLE], { env: { MCPTRACE_OTLP_BACKOFF_MS: '1', ...env } });

describe('export --to otlp: OTEL_EXPORTER_OTLP_* variables', () => {
  it('OTEL_EXPORTER_OTLP_ENDPOINT names the collector: /v1/traces and /v1/metrics appended to its path; nothing on stdout', async () => {
    const r = await receiver();
    const res = await run({ OTEL_EXPORTER_OTLP_ENDPOINT: `${r.url}/base/` });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('');
    expect(r.received.map((x) => [x.path, x.headers['content-type']])).toEqual([
      ['/base/v1/traces', 'application/x-protobuf'],
      ['/base/v1/metrics', 'application/x-protobuf'],
    ]);
  });

  it('the signal-specific endpoints are used as they are, over the generic one', async () => {
    const r = await receiver();
    const res = await run({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9/unused',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${r.url}/t`,
      OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${r.url}/m/`,
    });
    expect(res.code).toBe(0);
    expect(r.received.map((x) => x.path)).toEqual(['/t', '/m/']);
  });

  it('--endpoint overrides every endpoint variable', async () => {
    const r = await receiver();
    const res = await run(
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9/t', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' },
      ['--endpoint', r.url],
    );
    expect(res.code).toBe(0);
    expect(r.received.map((x) => x.path)).toEqual(['/v1/traces', '/v1/metrics']);
  });

  it('OTEL_EXPORTER_OTLP_HEADERS (W3C baggage form, percent-decoded), the per-signal ones over it, --header over both', async () => {
    const r = await receiver();
    const res = await run(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: r.url,
        OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer%20env-token , x-tenant=a%3Db,x-team=ops;prop=1',
        OTEL_EXPORTER_OTLP_METRICS_HEADERS: 'x-tenant=metrics',
      },
      ['--header', 'x-team=flag'],
    );
    expect(res.code).toBe(0);
    expect(
      r.received.map((x) => [x.path, x.headers.authorization, x.headers['x-tenant'], x.headers['x-team']]),
    ).toEqual([
      ['/v1/traces', 'Bearer env-token', 'a=b', 'flag'],
      ['/v1/metrics', undefined, 'metrics', 'flag'],
    ]);
  });

  it('OTEL_EXPORTER_OTLP_PROTOCOL=http/json, per signal, and --otlp-protocol over it', async () => {
    const r = await receiver();
    expect(
      (
        await run({
          OTEL_EXPORTER_OTLP_ENDPOINT: r.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/protobuf',
        })
      ).code,
    ).toBe(0);
    expect(r.received.map((x) => x.headers['content-type'])).toEqual(['application/json', 'application/x-protobuf']);
    expect(spansFromJson(JSON.parse(r.received[0]!.body.toString('utf8'))).length).toBeGreaterThan(50);
    r.received.length = 0;
    expect(
      (
        await run({ OTEL_EXPORTER_OTLP_ENDPOINT: r.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, [
          '--otlp-protocol',
          'http/protobuf',
        ])
      ).code,
    ).toBe(0);
    expect(r.received.map((x) => x.headers['content-type'])).toEqual([
      'application/x-protobuf',
      'application/x-protobuf',
    ]);
  });

  it('OTEL_EXPORTER_OTLP_COMPRESSION=gzip: the bodies gzipped, Content-Encoding: gzip', async () => {
    const r = await receiver();
    expect((await run({ OTEL_EXPORTER_OTLP_ENDPOINT: r.url, OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip' })).code).toBe(0);
    expect(r.received.map((x) => x.headers['content-encoding'])).toEqual(['gzip', 'gzip']);
    expect(spansFromProtobuf(gunzipSync(r.received[0]!.body)).length).toBeGreaterThan(50);
  });

  it.each([
    [
      { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      "OTEL_EXPORTER_OTLP_PROTOCOL=grpc: mcptrace sends OTLP over HTTP only (http/protobuf or http/json); use the collector's OTLP/HTTP port (4318)",
    ],
    [
      { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'thrift' },
      'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=thrift: expected http/protobuf or http/json',
    ],
    [{ OTEL_EXPORTER_OTLP_TIMEOUT: '10s' }, 'OTEL_EXPORTER_OTLP_TIMEOUT=10s: expected milliseconds, a whole number'],
    [{ OTEL_EXPORTER_OTLP_HEADERS: 'novalue' }, 'OTEL_EXPORTER_OTLP_HEADERS: "novalue" is not key=value'],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4318' },
      'OTEL_EXPORTER_OTLP_ENDPOINT=localhost:4318: expected an http:// or https:// URL',
    ],
    [{ OTEL_EXPORTER_OTLP_COMPRESSION: 'zstd' }, 'OTEL_EXPORTER_OTLP_COMPRESSION=zstd: expected gzip or none'],
  ])('%j is refused in one line naming the variable, before any input is read', async (env, message) => {
    const res = await run({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', ...env });
    expect(res.code).toBe(2);
    expect(res.stderr.split('\n')[0]).toBe(`mcptrace: ${message}`);
  });

  it('OTEL_EXPORTER_OTLP_TIMEOUT (ms) bounds each attempt; --otlp-timeout overrides it', async () => {
    // A receiver that never answers: the attempt times out after the variable's milliseconds.
    const { createServer } = await import('node:http');
    const { once } = await import('node:events');
    const server = createServer(() => {});
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    stops.push(async () => {
      server.closeAllConnections();
      server.close();
    });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const res = await run({ OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_EXPORTER_OTLP_TIMEOUT: '50' }, [
      '--otlp-retries',
      '0',
    ]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`cannot export to ${url}/v1/traces: timed out`);
  });
});

describe('export --to otlp: the resource from OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME', () => {
  it('adds the attributes to every resource; the server the log names stays service.name', async () => {
    const res = await run({
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=prod,team=a%20b,service.name=ignored',
      OTEL_SERVICE_NAME: 'fallback',
    });
    expect(res.code).toBe(0);
    const spans = res.stdout
      .trimEnd()
      .split('\n')
      .flatMap((l) => (l.startsWith('{"resourceSpans"') ? spansFromJson(JSON.parse(l)) : []));
    expect(new Set(spans.map((s) => JSON.stringify(s.resource)))).toEqual(
      new Set([
        JSON.stringify({
          'deployment.environment.name': 'prod',
          team: 'a b',
          'service.name': 'mcp-servers/everything',
          'service.version': '2.0.0',
        }),
      ]),
    );
  });

  it('OTEL_SERVICE_NAME, else OTEL_RESOURCE_ATTRIBUTES service.name, names a server the log does not name', async () => {
    const log = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":1,"result":{}}\n';
    const names = async (env: Record<string, string>) => {
      const res = await runMain(['export', '--to', 'otlp', '-'], { env, input: log });
      expect(res.code).toBe(0);
      return [
        ...new Set(
          res.stdout
            .trimEnd()
            .split('\n')
            .flatMap((l) => (l.startsWith('{"resourceSpans"') ? spansFromJson(JSON.parse(l)) : []))
            .map((s) => s.resource['service.name']),
        ),
      ];
    };
    expect(await names({})).toEqual(['unknown_service']);
    expect(await names({ OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-attributes' })).toEqual(['from-attributes']);
    expect(
      await names({ OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-attributes', OTEL_SERVICE_NAME: 'from-name' }),
    ).toEqual(['from-name']);
  });
});
