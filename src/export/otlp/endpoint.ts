// OTLP/HTTP: POST one export request to the collector, retrying what the specification says is retryable (429, 502,
// 503, 504 and network errors; OTLP specification, "OTLP/HTTP Throttling" and "Retryable Response Codes") with
// exponential backoff, honouring Retry-After.
import { UsageError } from '../../cli/errors.js';
import type { Encoding } from './serialize.js';

export interface EndpointOptions {
  /** Base URL (`http://localhost:4318`): requests go to `/v1/traces` and `/v1/metrics` under it. */
  url: string;
  encoding: Encoding;
  headers: Record<string, string>;
  /** Per attempt, milliseconds. */
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** First backoff delay (doubled each retry, up to `maxDelayMs`); tests make it small. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Told before each retry: why, and how long mcptrace waits. */
  onRetry?: (reason: string, delayMs: number) => void;
}

const RETRYABLE = new Set([429, 502, 503, 504]);

const CONTENT_TYPE: Record<Encoding, string> = { protobuf: 'application/x-protobuf', json: 'application/json' };

/** `base` + `/v1/traces`: the signal's path appended to the base URL's path (OTLP exporter configuration, "Endpoint URLs for OTLP/HTTP"). */
function signalUrl(base: string, signal: 'traces' | 'metrics'): string {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/v1/${signal}`;
  return u.href;
}

/** The delay a Retry-After header asks for (seconds or an HTTP date), else null. */
function retryAfterMs(value: string | null): number | null {
  if (value === null) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** A network error's code (ECONNREFUSED …) as fetch wraps it, or the error's name (TimeoutError). */
function networkReason(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timed out';
  const code = e.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED)';
  return code ?? e.cause?.message ?? e.message ?? String(err);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one request body; resolves when the collector accepted it (2xx). Throws a UsageError (one clear line, exit 2)
 * when it refuses (a non-retryable status: 400, 401, 404 …) or every attempt failed.
 */
export async function post(opts: EndpointOptions, signal: 'traces' | 'metrics', body: Uint8Array): Promise<void> {
  const url = signalUrl(opts.url, signal);
  const initial = opts.initialDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 30_000;
  let reason = '';
  for (let attempt = 0; ; attempt++) {
    let wait: number | null = null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...opts.headers, 'content-type': CONTENT_TYPE[opts.encoding] },
        body: body as Uint8Array<ArrayBuffer>,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const text = await res.text();
      if (res.ok) return;
      reason = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${summary(text, res.headers.get('content-type'))}`;
      if (!RETRYABLE.has(res.status)) throw new UsageError(`${url} refused the export: ${reason}`);
      wait = retryAfterMs(res.headers.get('retry-after'));
    } catch (err) {
      if (err instanceof UsageError) throw err;
      reason = networkReason(err);
    }
    if (attempt >= opts.retries) {
      const tries = attempt + 1;
      throw new UsageError(`cannot export to ${url}: ${reason}${tries > 1 ? ` (${tries} attempts)` : ''}`);
    }
    // Exponential backoff with jitter (so that many exporters do not retry in step), or what the server asked for.
    const delay = Math.min(max, wait ?? initial * 2 ** attempt * (0.5 + Math.random() / 2));
    opts.onRetry?.(reason, delay);
    await sleep(delay);
  }
}

/** A short, printable piece of the collector's answer: JSON and text bodies explain refusals; protobuf ones are not shown. */
function summary(text: string, type: string | null): string {
  if (text === '' || (type !== null && !/json|text/.test(type))) return '';
  const line = text.replace(/\s+/g, ' ').trim();
  return `: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}
