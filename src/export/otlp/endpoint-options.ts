// The OTLP endpoint's options as given on the command line (`export --endpoint`, `wrap --otlp-endpoint`), checked.
import type { Writable } from 'node:stream';
import { UsageError } from '../../cli/errors.js';
import { escapeTerminal } from '../../output/escape.js';
import type { EndpointOptions } from './endpoint.js';

export interface EndpointFlags {
  url: string;
  /** `http/protobuf` or `http/json`. */
  protocol: string;
  /** `NAME=VALUE`, one or repeated. */
  headers: string | string[] | undefined;
  timeoutMs: number;
  retries: number;
}

/**
 * The endpoint's options, or a UsageError naming the flag (`names`: how the command calls them). Retries are noted on
 * `io.stderr` unless `quiet`.
 */
export function endpointOptions(f: EndpointFlags, names: { url: string; header: string }, io: { env: NodeJS.ProcessEnv; stderr: Writable }, quiet: boolean): EndpointOptions {
  let url: URL;
  try {
    url = new URL(f.url);
  } catch {
    throw new UsageError(`${names.url} ${f.url}: not a URL (expected e.g. http://localhost:4318)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${names.url} ${f.url}: expected an http:// or https:// URL`);
  const headers: Record<string, string> = {};
  for (const h of f.headers === undefined ? [] : Array.isArray(f.headers) ? f.headers : [f.headers]) {
    const eq = h.indexOf('=');
    if (eq <= 0) throw new UsageError(`${names.header} ${h}: expected NAME=VALUE`);
    headers[h.slice(0, eq).trim()] = h.slice(eq + 1).trim();
  }
  if (!(f.timeoutMs > 0)) throw new UsageError(`--otlp-timeout ${f.timeoutMs}: expected milliseconds above 0`);
  if (!Number.isInteger(f.retries) || f.retries < 0) throw new UsageError(`--otlp-retries ${f.retries}: expected a whole number`);
  return {
    url: url.href,
    encoding: f.protocol === 'http/json' ? 'json' : 'protobuf',
    headers,
    timeoutMs: f.timeoutMs,
    retries: f.retries,
    // The first retry's delay; tests shorten it (the backoff doubles from there).
    ...(io.env.MCPTRACE_OTLP_BACKOFF_MS ? { initialDelayMs: Number(io.env.MCPTRACE_OTLP_BACKOFF_MS) } : {}),
    onRetry: (reason, delay) => {
      if (!quiet) io.stderr.write(`mcptrace: ${escapeTerminal(url.host)}: ${escapeTerminal(reason)}; retrying in ${(delay / 1000).toFixed(1)} s\n`);
    },
  };
}
