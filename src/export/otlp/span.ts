// A span as the OTLP export builds it from annotated records: plain data, times in epoch milliseconds as the log gave
// them; src/export/otlp/serialize.ts turns it into the shape the OpenTelemetry serializers read.

type AttributeValue = string | number | boolean | string[];
export type Attributes = Record<string, AttributeValue>;

/** OTLP span kinds mcptrace uses (client-sent requests CLIENT, server-sent SERVER, the session span INTERNAL). */
export type SpanKindName = 'internal' | 'server' | 'client';

export interface SpanEvent {
  name: string;
  timeMs: number;
  attributes: Attributes;
}

/** The resource a span or data point belongs to: the MCP server the session talked to. */
export interface ResourceRef {
  /** Canonical text of `attributes`: equal resources share one entry in a request. */
  key: string;
  attributes: Attributes;
}

export interface McpSpan {
  traceId: string;
  spanId: string;
  /** The parent span: the session span, or the remote parent of a `traceparent`; null for a root. */
  parentSpanId: string | null;
  /** The parent came from a `traceparent` in the message (another process's span). */
  parentRemote: boolean;
  traceFlags: number;
  traceState?: string;
  name: string;
  kind: SpanKindName;
  startMs: number;
  endMs: number;
  /** Both times came from the log (a log without times gives spans their session's latest time, or 0). */
  timed: boolean;
  status: { code: 'unset' | 'error'; message?: string };
  attributes: Attributes;
  events: SpanEvent[];
  /** Events beyond the cap (128 per span, the SDK's default limit) that were left out. */
  droppedEvents: number;
  resource: ResourceRef;
}

/** At most this many events per span (the OpenTelemetry SDK's default `eventCountLimit`). */
const EVENT_LIMIT = 128;

/** Adds an event to a span under construction, counting those past the cap. */
export function addEvent(target: { events: SpanEvent[]; droppedEvents: number }, event: SpanEvent): void {
  if (target.events.length < EVENT_LIMIT) target.events.push(event);
  else target.droppedEvents++;
}

export function resourceRef(attributes: Attributes): ResourceRef {
  const sorted = Object.keys(attributes)
    .sort()
    .map((k) => [k, attributes[k]]);
  return { key: JSON.stringify(sorted), attributes };
}
