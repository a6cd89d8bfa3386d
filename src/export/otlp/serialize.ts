// MCP spans and histograms → OTLP request bodies (protobuf or JSON) with @opentelemetry/otlp-transformer's own
// serializers: the spans are given in the shape of the SDK's finished spans (ReadableSpan), no tracer runs.
import { SpanKind, SpanStatusCode, ValueType, type HrTime } from '@opentelemetry/api';
import {
  JsonMetricsSerializer,
  JsonTraceSerializer,
  ProtobufMetricsSerializer,
  ProtobufTraceSerializer,
} from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import {
  AggregationTemporality,
  DataPointType,
  type MetricData,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { TOOL } from '../../util/tool.js';
import { DURATION_BOUNDARIES, METRICS, SCOPE_NAME } from './conventions.js';
import type { MetricsSnapshot } from './metrics.js';
import type { McpSpan, ResourceRef } from './span.js';

export type Encoding = 'protobuf' | 'json';

const SCOPE = { name: SCOPE_NAME, version: TOOL.version };

const KINDS = { internal: SpanKind.INTERNAL, server: SpanKind.SERVER, client: SpanKind.CLIENT } as const;

/** Epoch milliseconds (fractions kept, as HAR and pcap times have them) → [seconds, nanoseconds]. */
function hrTime(ms: number): HrTime {
  const seconds = Math.floor(ms / 1000);
  const nanos = Math.round((ms - seconds * 1000) * 1e6);
  return nanos >= 1e9 ? [seconds + 1, nanos - 1e9] : [seconds, nanos];
}

/**
 * One Resource per distinct resource: the serializer groups spans by the Resource object, so equal ones must be the
 * same object.
 */
class Resources {
  private readonly made = new Map<string, Resource>();
  get(ref: ResourceRef): Resource {
    let r = this.made.get(ref.key);
    if (r === undefined) this.made.set(ref.key, (r = resourceFromAttributes(ref.attributes)));
    return r;
  }
}

function readable(s: McpSpan, resources: Resources): ReadableSpan {
  const start = hrTime(s.startMs);
  const end = hrTime(s.endMs);
  const traceState = s.traceState === undefined ? undefined : { serialize: () => s.traceState! };
  return {
    name: s.name,
    kind: KINDS[s.kind],
    spanContext: () => ({
      traceId: s.traceId,
      spanId: s.spanId,
      traceFlags: s.traceFlags,
      ...(traceState ? { traceState: traceState as never } : {}),
    }),
    ...(s.parentSpanId !== null
      ? {
          parentSpanContext: {
            traceId: s.traceId,
            spanId: s.parentSpanId,
            traceFlags: s.traceFlags,
            isRemote: s.parentRemote,
          },
        }
      : {}),
    startTime: start,
    endTime: end,
    duration: hrTime(s.endMs - s.startMs),
    ended: true,
    status:
      s.status.code === 'error'
        ? { code: SpanStatusCode.ERROR, ...(s.status.message !== undefined ? { message: s.status.message } : {}) }
        : { code: SpanStatusCode.UNSET },
    attributes: s.attributes,
    links: [],
    events: s.events.map((e) => ({ name: e.name, time: hrTime(e.timeMs), attributes: e.attributes })),
    resource: resources.get(s.resource),
    instrumentationScope: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: s.droppedEvents,
    droppedLinksCount: 0,
  };
}

/** An ExportTraceServiceRequest (the same message as TracesData) holding `spans`. */
export function encodeSpans(spans: readonly McpSpan[], encoding: Encoding): Uint8Array {
  const resources = new Resources();
  const readableSpans = spans.map((s) => readable(s, resources));
  return (encoding === 'json' ? JsonTraceSerializer : ProtobufTraceSerializer).serializeRequest(readableSpans)!;
}

/** An ExportMetricsServiceRequest (the same message as MetricsData), one per resource, as the serializer takes them. */
export function encodeMetrics(
  snapshot: MetricsSnapshot,
  window: { startMs: number; endMs: number },
  encoding: Encoding,
): Uint8Array {
  const startTime = hrTime(window.startMs);
  const endTime = hrTime(window.endMs);
  const metrics: MetricData[] = snapshot.metrics.map(({ key, points }) => ({
    descriptor: {
      name: METRICS[key].name,
      description: METRICS[key].description,
      unit: 's',
      valueType: ValueType.DOUBLE,
    },
    aggregationTemporality: AggregationTemporality.CUMULATIVE,
    dataPointType: DataPointType.HISTOGRAM,
    dataPoints: points.map((p) => ({
      startTime,
      endTime,
      attributes: p.attributes,
      value: {
        buckets: { boundaries: [...DURATION_BOUNDARIES], counts: p.counts },
        sum: p.sum,
        count: p.count,
        min: p.min,
        max: p.max,
      },
    })),
  }));
  const request: ResourceMetrics = {
    resource: resourceFromAttributes(snapshot.resource.attributes),
    scopeMetrics: [{ scope: SCOPE, metrics }],
  };
  return (encoding === 'json' ? JsonMetricsSerializer : ProtobufMetricsSerializer).serializeRequest(request)!;
}
