// `export --to otlp`: its options, and its run (otlp-run.ts, and through it src/export/otlp/) loaded only when it
// runs: the OpenTelemetry packages are read by no other command.
import type { Argv } from 'yargs';
import { durationOption, wholeNumber } from '../numeric-options.js';
import { redactOptions, type RedactArgs } from '../redact-options.js';
import type { ExportArgs, ExportTarget } from './target.js';

export interface OtlpArgs extends ExportArgs, RedactArgs {
  endpoint?: string;
  otlpProtocol?: 'http/protobuf' | 'http/json';
  header?: string | string[];
  otlpTimeout?: number;
  otlpRetries: number;
  otlpContent?: boolean;
}

const GROUP = 'OTLP (--to otlp):';

export const otlpTarget: ExportTarget = {
  describe: 'otlp: OpenTelemetry spans and metrics to --out FILE.jsonl, stdout, or an OTLP/HTTP --endpoint',
  options: <T>(y: Argv<T>) =>
    redactOptions(y, 'off')
      .group(['redact', 'redact-key'], GROUP)
      .option('endpoint', {
        describe:
          'otlp: OTLP/HTTP base URL (e.g. http://localhost:4318): posts to /v1/traces and /v1/metrics under it (default: OTEL_EXPORTER_OTLP_ENDPOINT and its per-signal variables)',
        type: 'string',
        group: GROUP,
      })
      .option('otlp-protocol', {
        describe: 'otlp: encoding for --endpoint (default: OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf)',
        choices: ['http/protobuf', 'http/json'],
        group: GROUP,
      })
      // Not `array: true`: that would swallow the file names after the flag. Repeat the flag.
      .option('header', {
        describe:
          'otlp: HTTP header for --endpoint, NAME=VALUE (repeatable), e.g. for auth; over OTEL_EXPORTER_OTLP_HEADERS',
        type: 'string',
        group: GROUP,
      })
      .option('otlp-timeout', {
        ...durationOption(
          'otlp-timeout',
          'otlp: time per request to --endpoint (10000, 10s, 500ms; default: OTEL_EXPORTER_OTLP_TIMEOUT, else 10s)',
        ),
        group: GROUP,
      })
      .option('otlp-content', {
        describe:
          "otlp: also the conventions' Opt-In attributes gen_ai.tool.call.arguments and gen_ai.tool.call.result (tool calls' bodies: may hold sensitive data; masked with --redact)",
        type: 'boolean',
        group: GROUP,
      })
      .option('otlp-retries', {
        describe: 'otlp: retries of a request that failed retryably (429, 502, 503, 504, network errors)',
        requiresArg: true,
        default: 5,
        coerce: wholeNumber('otlp-retries'),
        group: GROUP,
      }) as unknown as Argv<T>,
  run: async (args, io) => (await import('./otlp-run.js')).runOtlp(args as OtlpArgs, io),
};
