// The OTLP endpoint's options: the command line (`export --endpoint`, `wrap --otlp-endpoint`) over the OpenTelemetry
// exporter's environment variables (env-config.ts), over the specification's defaults; checked.
import type { Writable } from 'node:stream';
import { UsageError } from '../../util/errors.js';
import { escapeTerminal } from '../../output/escape.js';
import type { EndpointOptions, SignalTarget } from './endpoint.js';
import { baggageList, envUrl, signalSetting, type Signal } from './env-config.js';

export interface EndpointFlags {
  /** The base URL given on the command line; undefined: the environment's, else the default. */
  url?: string;
  /** `http/protobuf` or `http/json`; undefined: the environment's, else `http/protobuf`. */
  protocol?: string;
  /** `NAME=VALUE`, one or repeated; each overrides the environment's header of that name. */
  headers: string | string[] | undefined;
  /** Undefined: the environment's, else 10 s. */
  timeoutMs?: number;
  retries: number;
}

/** The specification's default endpoint (OTLP/HTTP). */
const DEFAULT_URL = 'http://localhost:4318';
const DEFAULT_TIMEOUT_MS = 10_000;

/** `base` + `/v1/traces`: the signal's path appended to the base URL's path (OTLP exporter configuration, "Endpoint URLs for OTLP/HTTP"). */
function withSignalPath(base: URL, signal: Signal): string {
  const u = new URL(base.href);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/v1/${signal}`;
  return u.href;
}

/** `label`: the flag or variable with its value, as the message quotes it (`--endpoint x`, `OTEL_…=x`). */
function httpUrl(label: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${label}: not a URL (expected e.g. http://localhost:4318)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${label}: expected an http:// or https:// URL`);
  return url;
}

/** One signal's target: each setting from the flag, else the signal's variable, else the generic one, else the default. */
function target(
  f: EndpointFlags,
  signal: Signal,
  names: { url: string; header: string },
  env: NodeJS.ProcessEnv,
): SignalTarget {
  const fromEnv = f.url === undefined ? envUrl(env, signal) : null;
  const url =
    f.url !== undefined
      ? withSignalPath(httpUrl(`${names.url} ${f.url}`, f.url), signal)
      : fromEnv === null
        ? withSignalPath(new URL(DEFAULT_URL), signal)
        : fromEnv.appendPath
          ? withSignalPath(httpUrl(`${fromEnv.name}=${fromEnv.url}`, fromEnv.url), signal)
          : httpUrl(`${fromEnv.name}=${fromEnv.url}`, fromEnv.url).href;

  let protocol = f.protocol;
  let protocolSource = '--otlp-protocol';
  const envProtocol = protocol === undefined ? signalSetting(env, 'PROTOCOL', signal) : null;
  if (envProtocol !== null) [protocol, protocolSource] = [envProtocol.value, `${envProtocol.name}=`];
  if (protocol === 'grpc')
    throw new UsageError(
      `${protocolSource}grpc: mcptrace sends OTLP over HTTP only (http/protobuf or http/json); use the collector's OTLP/HTTP port (4318)`,
    );
  if (protocol !== undefined && protocol !== 'http/protobuf' && protocol !== 'http/json')
    throw new UsageError(`${protocolSource}${protocol}: expected http/protobuf or http/json`);

  // Header names are case-insensitive: a flag's header replaces the environment's of any case.
  const headers = new Map<string, [string, string]>();
  const envHeaders = signalSetting(env, 'HEADERS', signal);
  if (envHeaders !== null)
    for (const [k, v] of baggageList(envHeaders.name, envHeaders.value)) headers.set(k.toLowerCase(), [k, v]);
  for (const h of f.headers === undefined ? [] : Array.isArray(f.headers) ? f.headers : [f.headers]) {
    const eq = h.indexOf('=');
    if (eq <= 0) throw new UsageError(`${names.header} ${h}: expected NAME=VALUE`);
    const k = h.slice(0, eq).trim();
    headers.set(k.toLowerCase(), [k, h.slice(eq + 1).trim()]);
  }

  let timeoutMs = f.timeoutMs;
  if (timeoutMs === undefined) {
    const t = signalSetting(env, 'TIMEOUT', signal);
    if (t !== null && !/^\d+$/.test(t.value))
      throw new UsageError(`${t.name}=${t.value}: expected milliseconds, a whole number`);
    timeoutMs = t === null ? DEFAULT_TIMEOUT_MS : Number(t.value);
    if (!(timeoutMs > 0)) throw new UsageError(`${t!.name}=${t!.value}: expected milliseconds above 0`);
  } else if (!(timeoutMs > 0)) throw new UsageError(`--otlp-timeout ${timeoutMs}: expected milliseconds above 0`);

  const compression = signalSetting(env, 'COMPRESSION', signal);
  if (compression !== null && compression.value !== 'gzip' && compression.value !== 'none')
    throw new UsageError(`${compression.name}=${compression.value}: expected gzip or none`);

  return {
    url,
    encoding: protocol === 'http/json' ? 'json' : 'protobuf',
    headers: Object.fromEntries(headers.values()),
    timeoutMs,
    gzip: compression?.value === 'gzip',
  };
}

/**
 * The endpoint's options, or a UsageError naming the flag or variable (`names`: how the command calls its flags).
 * Retries are noted on `io.stderr` unless `quiet`.
 */
export function endpointOptions(
  f: EndpointFlags,
  names: { url: string; header: string },
  io: { env: NodeJS.ProcessEnv; stderr: Writable },
  quiet: boolean,
): EndpointOptions {
  if (!Number.isInteger(f.retries) || f.retries < 0)
    throw new UsageError(`--otlp-retries ${f.retries}: expected a whole number`);
  return {
    traces: target(f, 'traces', names, io.env),
    metrics: target(f, 'metrics', names, io.env),
    retries: f.retries,
    // The first retry's delay; tests shorten it (the backoff doubles from there).
    ...(io.env.MCPTRACE_OTLP_BACKOFF_MS ? { initialDelayMs: Number(io.env.MCPTRACE_OTLP_BACKOFF_MS) } : {}),
    onRetry: (url, reason, delay) => {
      if (!quiet)
        io.stderr.write(
          `mcptrace: ${escapeTerminal(new URL(url).host)}: ${escapeTerminal(reason)}; retrying in ${(delay / 1000).toFixed(1)} s\n`,
        );
    },
  };
}
