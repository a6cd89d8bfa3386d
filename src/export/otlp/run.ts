// `mcptrace export --to otlp`: records → spans (as their answers arrive) → batches to the sinks; the histograms at the end.
import { UsageError } from '../../cli/errors.js';
import type { CliIO } from '../../cli/context.js';
import type { OtlpArgs } from '../../cli/export/otlp.js';
import { exportRecords, type RecordSink } from '../../cli/export/records.js';
import { escapeTerminal } from '../../output/escape.js';
import type { EndpointOptions } from './endpoint.js';
import { DurationHistograms } from './metrics.js';
import { allOf, endpointSink, jsonLines, type OtlpSink } from './sinks.js';
import type { McpSpan } from './span.js';
import { SpanBuilder } from './spans.js';

/** Spans per export request (the OpenTelemetry SDK's BatchSpanProcessor default, `maxExportBatchSize`). */
const BATCH = 512;

export async function runOtlp(args: OtlpArgs, io: CliIO): Promise<number> {
  // Options are checked, and the file opened, before any input is read.
  const endpoint = args.endpoint === undefined ? null : endpointOptions(args, io);
  const sinks: OtlpSink[] = [];
  if (args.out !== undefined || endpoint === null) sinks.push(await jsonLines(args.out === undefined || args.out === '-' ? null : args.out, io.stdout));
  if (endpoint !== null) sinks.push(endpointSink(endpoint));
  const sink = sinks.length === 1 ? sinks[0]! : allOf(sinks);
  let builder: SpanBuilder | null = null;
  const histograms = new DurationHistograms();
  const done: McpSpan[] = [];
  const send = async (all: boolean) => {
    while (done.length >= BATCH || (all && done.length > 0)) {
      const batch = done.splice(0, BATCH);
      for (const s of batch) histograms.add(s);
      await sink.spans(batch);
    }
  };
  const spansOut: RecordSink = {
    add: (r, analyzer) => {
      builder ??= new SpanBuilder((key) => analyzer.session(key), args.maxSessions, args.maxPending);
      builder.push(r, done);
      // --follow: each span goes out as soon as it is complete, not when a batch is full.
      if (done.length >= BATCH || (args.follow === true && done.length > 0)) return send(args.follow === true);
    },
    end: async (summary) => {
      builder?.end(summary.findings, done);
      await send(true);
      const window = histograms.window();
      if (window !== null) for (const snapshot of histograms.snapshot()) await sink.metrics(snapshot, window);
      await sink.end();
    },
  };
  await exportRecords(args, io, spansOut);
  return 0;
}

/** `--endpoint`, `--otlp-protocol`, `--header`, `--otlp-timeout`, `--otlp-retries`, checked. */
function endpointOptions(args: OtlpArgs, io: CliIO): EndpointOptions {
  let url: URL;
  try {
    url = new URL(args.endpoint!);
  } catch {
    throw new UsageError(`--endpoint ${args.endpoint}: not a URL (expected e.g. http://localhost:4318)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--endpoint ${args.endpoint}: expected an http:// or https:// URL`);
  const headers: Record<string, string> = {};
  for (const h of args.header === undefined ? [] : Array.isArray(args.header) ? args.header : [args.header]) {
    const eq = h.indexOf('=');
    if (eq <= 0) throw new UsageError(`--header ${h}: expected NAME=VALUE`);
    headers[h.slice(0, eq).trim()] = h.slice(eq + 1).trim();
  }
  if (!(args.otlpTimeout > 0)) throw new UsageError(`--otlp-timeout ${args.otlpTimeout}: expected milliseconds above 0`);
  if (!Number.isInteger(args.otlpRetries) || args.otlpRetries < 0) throw new UsageError(`--otlp-retries ${args.otlpRetries}: expected a whole number`);
  const quiet = ['error', 'fatal', 'silent'].includes(args.logLevel);
  return {
    url: url.href,
    encoding: args.otlpProtocol === 'http/json' ? 'json' : 'protobuf',
    headers,
    timeoutMs: args.otlpTimeout,
    retries: args.otlpRetries,
    // The first retry's delay; tests shorten it (the backoff doubles from there).
    ...(io.env.MCPTRACE_OTLP_BACKOFF_MS ? { initialDelayMs: Number(io.env.MCPTRACE_OTLP_BACKOFF_MS) } : {}),
    onRetry: (reason, delay) => {
      if (!quiet) io.stderr.write(`mcptrace: ${escapeTerminal(url.host)}: ${escapeTerminal(reason)}; retrying in ${(delay / 1000).toFixed(1)} s\n`);
    },
  };
}
