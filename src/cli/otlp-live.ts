// `--otlp-endpoint` and its options on wrap and proxy: the live session's spans sent as they complete.
import type { Argv } from 'yargs';
import type { LiveSpans } from '../export/otlp/live-spans.js';
import { escapeTerminal } from '../output/escape.js';
import type { CliIO } from './context.js';
import { durationOption, wholeNumber } from './numeric-options.js';
import { commaList } from './options.js';
import { redactorFor } from './redact-options.js';

export interface OtlpLiveArgs {
  otlpEndpoint?: string;
  otlpProtocol?: string;
  otlpHeader?: string | string[];
  otlpTimeout?: number;
  otlpRetries: number;
  otlpContent?: boolean;
  otlpRedact?: boolean;
  otlpRedactKey?: string[];
}

const GROUP = 'OTLP:';

export function otlpLiveOptions<T>(y: Argv<T>) {
  return (
    y
      .option('otlp-endpoint', {
        describe:
          "send the sessions' OpenTelemetry spans and metrics, as they complete, to this OTLP/HTTP base URL (e.g. http://localhost:4318)",
        type: 'string',
        requiresArg: true,
        group: GROUP,
      })
      .option('otlp-protocol', {
        describe: 'encoding for --otlp-endpoint (default: OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf)',
        choices: ['http/protobuf', 'http/json'],
        group: GROUP,
      })
      // Not `array: true`: repeat the flag.
      .option('otlp-header', {
        describe:
          'HTTP header for --otlp-endpoint, NAME=VALUE (repeatable), e.g. for auth; over OTEL_EXPORTER_OTLP_HEADERS',
        type: 'string',
        group: GROUP,
      })
      .option('otlp-timeout', {
        ...durationOption(
          'otlp-timeout',
          'time per request to --otlp-endpoint, and the wait for it at the end (10000, 10s, 500ms; default: OTEL_EXPORTER_OTLP_TIMEOUT, else 10s)',
        ),
        group: GROUP,
      })
      .option('otlp-retries', {
        describe: 'retries of a request that failed retryably (429, 502, 503, 504, network errors)',
        requiresArg: true,
        default: 5,
        coerce: wholeNumber('otlp-retries'),
        group: GROUP,
      })
      .option('otlp-content', {
        describe:
          "also the conventions' Opt-In attributes gen_ai.tool.call.arguments and gen_ai.tool.call.result (may hold sensitive data)",
        type: 'boolean',
        group: GROUP,
      })
      .option('otlp-redact', {
        describe: 'mask secrets in the spans and metrics sent, as export --redact does',
        type: 'boolean',
        group: GROUP,
      })
      .option('otlp-redact-key', {
        describe: 'one more key whose values --otlp-redact masks (repeatable; implies --otlp-redact)',
        type: 'string',
        coerce: commaList,
        group: GROUP,
      })
  );
}

/** The span stream for `--otlp-endpoint` (checked: a bad URL or header is a usage error); the OpenTelemetry code is loaded only then. */
export async function liveSpans(args: OtlpLiveArgs, io: CliIO): Promise<LiveSpans | undefined> {
  if (args.otlpEndpoint === undefined) return undefined;
  const [{ endpointOptions }, { LiveSpans }, { envResource }, { SpanRedactor }] = await Promise.all([
    import('../export/otlp/endpoint-options.js'),
    import('../export/otlp/live-spans.js'),
    import('../export/otlp/env-config.js'),
    import('../export/otlp/redact-span.js'),
  ]);
  const redactor = redactorFor({ redact: args.otlpRedact, redactKey: args.otlpRedactKey }, false);
  const flags = {
    url: args.otlpEndpoint,
    protocol: args.otlpProtocol,
    headers: args.otlpHeader,
    timeoutMs: args.otlpTimeout,
    retries: args.otlpRetries,
  };
  const endpoint = endpointOptions(flags, { url: '--otlp-endpoint', header: '--otlp-header' }, io, false);
  return new LiveSpans(endpoint, (message) => io.stderr.write(`mcptrace: ${escapeTerminal(message)}\n`), {
    resource: envResource(io.env),
    content: args.otlpContent === true,
    redactor: redactor ? new SpanRedactor(redactor) : null,
  });
}
