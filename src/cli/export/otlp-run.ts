// `mcptrace export --to otlp`: records → spans (as their answers arrive) → batches to the sinks; the histograms at the end.
import { loggerFor, type CliIO } from '../context.js';
import { inputList } from '../inputs.js';
import { defaultJobs } from '../jobs-plan.js';
import { threadEncoder, type ThreadEncoder } from '../otlp-encoder.js';
import { quietLevel } from '../logger.js';
import type { OtlpArgs } from './otlp.js';
import { exportRecords, type RecordSink } from './records.js';
import { redactorFor } from '../redact-options.js';
import { endpointOptions } from '../../export/otlp/endpoint-options.js';
import { envNamesEndpoint, envResource } from '../../export/otlp/env-config.js';
import { DurationHistograms } from '../../export/otlp/metrics.js';
import { allOf, endpointSink, jsonLines, type OtlpSink } from '../../export/otlp/sinks.js';
import { SpanRedactor } from '../../export/otlp/redact-span.js';
import type { McpSpan } from '../../export/otlp/span.js';
import { SpanBuilder } from '../../export/otlp/spans.js';

/** Spans per export request (the OpenTelemetry SDK's BatchSpanProcessor default, `maxExportBatchSize`). */
const BATCH = 512;

export async function runOtlp(args: OtlpArgs, io: CliIO): Promise<number> {
  // Options are checked, and the file opened, before any input is read.
  const quiet = quietLevel(args.logLevel);
  // The exporter's environment variables name a collector as --endpoint does (the flags override them).
  const endpoint =
    args.endpoint === undefined && !envNamesEndpoint(io.env)
      ? null
      : endpointOptions(
          {
            url: args.endpoint,
            protocol: args.otlpProtocol,
            headers: args.header,
            timeoutMs: args.otlpTimeout,
            retries: args.otlpRetries,
          },
          { url: '--endpoint', header: '--header' },
          io,
          quiet,
        );
  const encoder = await encoderFor(args, io);
  try {
    return await exportSpans(args, io, endpoint, encoder);
  } finally {
    await encoder?.close();
  }
}

/**
 * Another thread that encodes the batches of spans, when the run may take more than one (`--jobs`, or large input)
 * and does not follow a growing log (whose spans go out one by one, as they complete); else null.
 */
async function encoderFor(args: OtlpArgs, io: CliIO): Promise<ThreadEncoder | null> {
  if (args.follow === true) return null;
  const jobs = args.jobs ?? (await defaultJobs(await inputList(args.files), io.env));
  if (jobs < 2) return null;
  loggerFor(args.logLevel, io).debug('encoding the spans in another thread');
  return threadEncoder(io.env.MCPTRACE_JOBS_IN_THREAD === '1');
}

async function exportSpans(
  args: OtlpArgs,
  io: CliIO,
  endpoint: ReturnType<typeof endpointOptions> | null,
  encoder: ThreadEncoder | null,
): Promise<number> {
  const encode = encoder?.encode;
  const sinks: OtlpSink[] = [];
  if (args.out !== undefined || endpoint === null)
    sinks.push(await jsonLines(args.out === undefined || args.out === '-' ? null : args.out, io.stdout, encode));
  if (endpoint !== null) sinks.push(endpointSink(endpoint, encode));
  const sink = sinks.length === 1 ? sinks[0]! : allOf(sinks);
  const redactor = redactorFor(args, false);
  const spanOptions = {
    redactor: redactor ? new SpanRedactor(redactor) : null,
    content: args.otlpContent === true,
    resource: envResource(io.env),
  };
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
      builder ??= new SpanBuilder((key) => analyzer.session(key), args.maxSessions, args.maxPending, spanOptions);
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
