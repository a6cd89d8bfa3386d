// export --to otlp --out: each line is what the collector's otlpjsonfile receiver reads: one TracesData or MetricsData
// object in protobuf JSON (the receiver gives each line to the signal's JSON unmarshaler and skips a line that holds
// none of its signal), with the field names, id and time encodings of the OTLP JSON examples.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';

const SHAPE: Record<string, string[]> = JSON.parse(readFileSync('test/fixtures/otlp/file-line-shape.json', 'utf8'));
const NANOS = /^\d{1,20}$/;

/** The keys of `o` are among those of `type`; returns `o` for chaining. */
function keysOf(o: Record<string, unknown>, type: string): Record<string, any> {
  expect(
    Object.keys(o).filter((k) => !SHAPE[type]!.includes(k)),
    type,
  ).toEqual([]);
  return o as Record<string, any>;
}

function keyValues(list: unknown): void {
  expect(Array.isArray(list)).toBe(true);
  for (const kv of list as Record<string, unknown>[]) {
    const { key, value } = keysOf(kv, 'KeyValue');
    expect(typeof key).toBe('string');
    expect(Object.keys(keysOf(value, 'AnyValue'))).toHaveLength(1);
  }
}

const nanos = (v: unknown) => expect(String(v)).toMatch(NANOS);

describe('export --to otlp --out: the otlpjsonfile line format', () => {
  it.each(['samples/everything-http.pcap', 'samples/everything.envelope.ndjson'])(
    '%s: every line one TracesData or MetricsData, in the OTLP JSON shape',
    async (file) => {
      const res = await runMain(['export', '--to', 'otlp', file]);
      expect(res.code).toBe(0);
      expect(res.stdout.endsWith('\n')).toBe(true);
      const lines = res.stdout.slice(0, -1).split('\n');
      let spans = 0;
      let metrics = 0;
      for (const line of lines) {
        const data = JSON.parse(line);
        // Exactly one top-level field: the receiver's unmarshaler for the other signal finds nothing in the line.
        expect(Object.keys(data)).toHaveLength(1);
        if ('resourceSpans' in data) {
          for (const rs of keysOf(data, 'TracesData').resourceSpans) {
            keyValues(keysOf(keysOf(rs, 'ResourceSpans').resource, 'Resource').attributes);
            for (const ss of rs.scopeSpans) {
              expect(keysOf(keysOf(ss, 'ScopeSpans').scope, 'InstrumentationScope').name).toBe('mcptrace');
              for (const s of ss.spans) {
                keysOf(s, 'Span');
                expect(s.traceId).toMatch(/^[0-9a-f]{32}$/);
                expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
                if (s.parentSpanId !== undefined) expect(s.parentSpanId).toMatch(/^([0-9a-f]{16})?$/);
                expect([1, 2, 3]).toContain(s.kind);
                nanos(s.startTimeUnixNano);
                nanos(s.endTimeUnixNano);
                keyValues(s.attributes);
                for (const e of s.events ?? []) {
                  nanos(keysOf(e, 'Event').timeUnixNano);
                  keyValues(e.attributes);
                }
                keysOf(s.status, 'Status');
                spans++;
              }
            }
          }
        } else {
          for (const rm of keysOf(data, 'MetricsData').resourceMetrics) {
            keyValues(keysOf(keysOf(rm, 'ResourceMetrics').resource, 'Resource').attributes);
            for (const sm of rm.scopeMetrics) {
              for (const m of keysOf(sm, 'ScopeMetrics').metrics) {
                const h = keysOf(keysOf(m, 'Metric').histogram, 'Histogram');
                for (const p of h.dataPoints) {
                  keysOf(p, 'HistogramDataPoint');
                  nanos(p.timeUnixNano);
                  expect(p.bucketCounts).toHaveLength(p.explicitBounds.length + 1);
                  metrics++;
                }
              }
            }
          }
        }
      }
      expect(spans).toBeGreaterThan(10);
      expect(metrics).toBeGreaterThan(0);
    },
  );
});
