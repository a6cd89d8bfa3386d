// Where the OTLP export goes: JSON lines (the OTLP file exporter's format) to a file or stdout, and/or an OTLP/HTTP
// endpoint.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { UsageError } from '../../util/errors.js';
import { escapeJsonForTerminal } from '../../output/escape.js';
import { drained } from '../../util/drained.js';
import { InOrder } from '../../util/in-order.js';
import { post, type EndpointOptions } from './endpoint.js';
import type { MetricsSnapshot } from './metrics.js';
import { encodeMetrics, encodeSpans, type Encoding } from './serialize.js';
import type { McpSpan } from './span.js';

export interface OtlpSink {
  /** Takes a batch; resolves when the sink can take the next (its batches go out in order, encoded meanwhile). */
  spans(spans: readonly McpSpan[]): Promise<void>;
  metrics(snapshot: MetricsSnapshot, window: { startMs: number; endMs: number }): Promise<void>;
  end(): Promise<void>;
}

/**
 * How a batch of spans is encoded: in this thread (`encodeSpans`), or by another thread (src/cli/otlp-encoder.ts),
 * the same bytes either way.
 */
export type SpanEncoder = (spans: readonly McpSpan[], encoding: Encoding) => Uint8Array | Promise<Uint8Array>;

/** Batches being encoded at once, ahead of the one going out. */
const AHEAD = 4;

const NEWLINE = new Uint8Array([0x0a]);

/**
 * One TracesData or MetricsData JSON per line, as the collector's otlpjsonfile receiver reads them (and the file
 * exporter writes them). `path`: a file (replaced), or null for `out` (stdout).
 */
export async function jsonLines(
  path: string | null,
  out: Writable,
  encode: SpanEncoder = encodeSpans,
): Promise<OtlpSink> {
  let stream: Writable = out;
  if (path !== null) {
    const file: WriteStream = createWriteStream(path);
    try {
      // `once` rejects on 'error': a folder that does not exist, no permission.
      await once(file, 'ready');
    } catch (err) {
      throw new UsageError(`cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    stream = file;
  }
  // JSON on a terminal: characters JSON leaves raw (C1, bidi controls) are escaped (ARCHITECTURE.md principle 7).
  const tty = path === null && (out as { isTTY?: boolean }).isTTY === true;
  const line = async (bytes: Uint8Array) => {
    stream.write(tty ? escapeJsonForTerminal(Buffer.from(bytes).toString('utf8')) : bytes);
    if (!stream.write(NEWLINE)) await drained(stream);
  };
  const order = new InOrder(AHEAD);
  return {
    spans: async (spans) => order.add(encode(spans, 'json'), line),
    metrics: async (snapshot, window) => {
      await order.idle();
      await line(encodeMetrics(snapshot, window, 'json'));
    },
    end: async () => {
      await order.idle();
      if (path === null) return drained(stream);
      await new Promise<void>((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve())));
    },
  };
}

/** Each batch posted to the endpoint, one request at a time (a slow collector slows the export, memory stays flat). */
export function endpointSink(opts: EndpointOptions, encode: SpanEncoder = encodeSpans): OtlpSink {
  const order = new InOrder(AHEAD);
  return {
    spans: async (spans) => order.add(encode(spans, opts.traces.encoding), (bytes) => post(opts, 'traces', bytes)),
    metrics: async (snapshot, window) => {
      await order.idle();
      await post(opts, 'metrics', encodeMetrics(snapshot, window, opts.metrics.encoding));
    },
    end: () => order.idle(),
  };
}

/** Several sinks, each given everything (`--out` and `--endpoint` together). */
export function allOf(sinks: readonly OtlpSink[]): OtlpSink {
  return {
    spans: async (spans) => {
      for (const s of sinks) await s.spans(spans);
    },
    metrics: async (snapshot, window) => {
      for (const s of sinks) await s.metrics(snapshot, window);
    },
    end: async () => {
      for (const s of sinks) await s.end();
    },
  };
}
