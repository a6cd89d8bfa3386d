// OTLP/HTTP: POST one export request to the collector, retrying what the specification says is retryable (429, 502,
// 503, 504 and network errors; OTLP specification, "OTLP/HTTP Throttling" and "Retryable Response Codes") with
// exponential backoff, honouring Retry-After.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { gzipSync } from 'node:zlib';
import { UsageError } from '../../util/errors.js';
import type { Encoding } from './serialize.js';

/** Where and how one signal is sent. */
export interface SignalTarget {
  /** The full URL (`http://localhost:4318/v1/traces`). */
  url: string;
  encoding: Encoding;
  headers: Record<string, string>;
  /** Per attempt, milliseconds. */
  timeoutMs: number;
  /** The body gzipped (`Content-Encoding: gzip`; OTEL_EXPORTER_OTLP_COMPRESSION=gzip). */
  gzip: boolean;
}

export interface EndpointOptions {
  traces: SignalTarget;
  metrics: SignalTarget;
  /** Attempts after the first. */
  retries: number;
  /** First backoff delay (doubled each retry, up to `maxDelayMs`); tests make it small. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Aborts the request in flight and the retries to come (wrap gives up on a collector when the session is over). */
  abort?: AbortSignal;
  /** Told before each retry: the URL, why, and how long mcptrace waits. */
  onRetry?: (url: string, reason: string, delayMs: number) => void;
}

const RETRYABLE = new Set([429, 502, 503, 504]);

const CONTENT_TYPE: Record<Encoding, string> = { protobuf: 'application/x-protobuf', json: 'application/json' };

/** The delay a Retry-After header asks for (seconds or an HTTP date), else null. */
function retryAfterMs(value: string | null): number | null {
  if (value === null) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** A network error's code (ECONNREFUSED …), or `timed out` when the attempt's time ran out. */
function networkReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timed out';
  if (e.code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED)';
  if (e.code !== undefined && e.message && !e.message.includes(e.code)) return `${e.message} (${e.code})`;
  return e.message || e.code || String(err);
}

interface Answer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One POST with node:http(s) (not fetch, which refuses ports on the WHATWG "bad ports" list, and a collector may
 * listen on any), its answer read whole; the attempt is aborted after `timeoutMs`.
 */
function send(
  url: string,
  headers: Record<string, string>,
  body: Uint8Array,
  timeoutMs: number,
  abort?: AbortSignal,
): Promise<Answer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.byteLength) },
        signal: abort ? AbortSignal.any([timeout, abort]) : timeout,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Resolves after `ms`, or at once when `abort` fires. */
const sleep = (ms: number, abort?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      abort?.removeEventListener('abort', done);
      resolve();
    }
    abort?.addEventListener('abort', done);
  });

/**
 * Sends one request body; resolves when the collector accepted it (2xx). Throws a UsageError (one clear line, exit 2)
 * when it refuses (a non-retryable status: 400, 401, 404 …) or every attempt failed.
 */
export async function post(opts: EndpointOptions, signal: 'traces' | 'metrics', payload: Uint8Array): Promise<void> {
  const t = opts[signal];
  const url = t.url;
  const body = t.gzip ? gzipSync(payload) : payload;
  const headers = {
    ...t.headers,
    'content-type': CONTENT_TYPE[t.encoding],
    ...(t.gzip ? { 'content-encoding': 'gzip' } : {}),
  };
  const initial = opts.initialDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 30_000;
  let reason = '';
  for (let attempt = 0; ; attempt++) {
    let wait: number | null = null;
    try {
      const res = await send(url, headers, body, t.timeoutMs, opts.abort);
      if (res.status >= 200 && res.status < 300) return;
      reason = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${summary(res.text, res.headers['content-type'] ?? null)}`;
      if (!RETRYABLE.has(res.status)) throw new UsageError(`${url} refused the export: ${reason}`);
      const retryAfter = res.headers['retry-after'];
      wait = retryAfterMs(typeof retryAfter === 'string' ? retryAfter : null);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      reason = networkReason(err);
      // A certificate the client does not trust will not be trusted on a retry either.
      if (/CERT|TLS|SSL|UNABLE_TO_VERIFY/.test(reason)) {
        const hint = /SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(reason)
          ? '; NODE_EXTRA_CA_CERTS=FILE.pem adds the authority that signed it'
          : '';
        throw new UsageError(`cannot export to ${url}: ${reason}${hint}`);
      }
    }
    if (opts.abort?.aborted) throw new UsageError(`cannot export to ${url}: given up (${reason})`);
    if (attempt >= opts.retries) {
      const tries = attempt + 1;
      throw new UsageError(`cannot export to ${url}: ${reason}${tries > 1 ? ` (${tries} attempts)` : ''}`);
    }
    // Exponential backoff with jitter (so that many exporters do not retry in step), or what the server asked for.
    const delay = Math.min(max, wait ?? initial * 2 ** attempt * (0.5 + Math.random() / 2));
    opts.onRetry?.(url, reason, delay);
    await sleep(delay, opts.abort);
  }
}

/** A short, printable piece of the collector's answer: JSON and text bodies explain refusals; protobuf ones are not shown. */
function summary(text: string, type: string | null): string {
  if (text === '' || (type !== null && !/json|text/.test(type))) return '';
  const line = text.replace(/\s+/g, ' ').trim();
  return `: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}
