// The conventions' duration histograms, folded from the spans as they are made (mcp.md "Metrics"): one cumulative data
// point per resource, metric and attribute set, over the time the log covers.
import {
  DURATION_BOUNDARIES,
  type METRICS,
  OPERATION_METRIC_ATTRIBUTES,
  SESSION_METRIC_ATTRIBUTES,
} from './conventions.js';
import { SESSION_SPAN_NAME } from './spans.js';
import type { Attributes, McpSpan, ResourceRef } from './span.js';

type MetricKey = keyof typeof METRICS;

interface HistogramPoint {
  attributes: Attributes;
  /** Per bucket, `boundaries.length + 1` counts (the last one above the last boundary). */
  counts: number[];
  count: number;
  sum: number;
  min: number;
  max: number;
}

export interface MetricsSnapshot {
  resource: ResourceRef;
  metrics: { key: MetricKey; points: HistogramPoint[] }[];
}

function pick(a: Attributes, keys: readonly string[]): Attributes {
  const out: Attributes = {};
  for (const k of keys) if (a[k] !== undefined) out[k] = a[k];
  return out;
}

/** Bucket index of `v` (explicit bounds: bucket i holds (bounds[i-1], bounds[i]], OTLP `HistogramDataPoint`). */
function bucketOf(v: number): number {
  let i = 0;
  while (i < DURATION_BOUNDARIES.length && v > DURATION_BOUNDARIES[i]!) i++;
  return i;
}

export class DurationHistograms {
  /** resource key → metric → attribute-set key → point. */
  private readonly byResource = new Map<
    string,
    { resource: ResourceRef; metrics: Map<MetricKey, Map<string, HistogramPoint>> }
  >();
  private firstMs = Infinity;
  private lastMs = -Infinity;

  /**
   * Records a finished span. A request answered in the log counts in the operation histogram of its kind (client-sent:
   * `mcp.client.operation.duration`, server-sent: `mcp.server.operation.duration`); a session counts in both session
   * histograms, since both peers saw it. Notifications (no ack to time), unanswered requests and spans the log gave no
   * times for count nowhere.
   */
  add(span: McpSpan): void {
    if (!span.timed) return;
    this.firstMs = Math.min(this.firstMs, span.startMs);
    this.lastMs = Math.max(this.lastMs, span.endMs);
    const seconds = (span.endMs - span.startMs) / 1000;
    if (span.name === SESSION_SPAN_NAME && span.kind === 'internal') {
      const a = pick(span.attributes, SESSION_METRIC_ATTRIBUTES);
      this.record(span.resource, 'clientSession', a, seconds);
      this.record(span.resource, 'serverSession', a, seconds);
      return;
    }
    if (
      span.kind === 'internal' ||
      span.attributes['jsonrpc.request.id'] === undefined ||
      span.attributes['mcptrace.unanswered'] === true
    )
      return;
    this.record(
      span.resource,
      span.kind === 'client' ? 'clientOperation' : 'serverOperation',
      pick(span.attributes, OPERATION_METRIC_ATTRIBUTES),
      seconds,
    );
  }

  /** Start and end of the points: the first and last times counted; null when nothing was. */
  window(): { startMs: number; endMs: number } | null {
    return this.firstMs === Infinity ? null : { startMs: this.firstMs, endMs: this.lastMs };
  }

  snapshot(): MetricsSnapshot[] {
    return [...this.byResource.values()].map(({ resource, metrics }) => ({
      resource,
      metrics: [...metrics].map(([key, points]) => ({ key, points: [...points.values()] })),
    }));
  }

  private record(resource: ResourceRef, metric: MetricKey, attributes: Attributes, seconds: number): void {
    let r = this.byResource.get(resource.key);
    if (r === undefined) this.byResource.set(resource.key, (r = { resource, metrics: new Map() }));
    let points = r.metrics.get(metric);
    if (points === undefined) r.metrics.set(metric, (points = new Map()));
    const key = JSON.stringify(
      Object.keys(attributes)
        .sort()
        .map((k) => [k, attributes[k]]),
    );
    let p = points.get(key);
    if (p === undefined) {
      points.set(
        key,
        (p = {
          attributes,
          counts: new Array<number>(DURATION_BOUNDARIES.length + 1).fill(0),
          count: 0,
          sum: 0,
          min: Infinity,
          max: -Infinity,
        }),
      );
    }
    p.counts[bucketOf(seconds)]!++;
    p.count++;
    p.sum += seconds;
    p.min = Math.min(p.min, seconds);
    p.max = Math.max(p.max, seconds);
  }
}
