// `mcptrace proxy`: a reverse proxy in front of an HTTP MCP server that captures and annotates the traffic; its start and stop.
import type { Writable } from 'node:stream';
import { escapeTerminal } from '../output/escape.js';
import { CaptureWriter } from './capture-writer.js';
import { HttpCapture } from './http-capture.js';
import { IsoClock } from './iso-clock.js';
import { LiveAnnotator, type RecordListener } from './live-annotator.js';
import { liveOut, livePalette, liveWidth } from './live-output.js';
import { Recorder } from './recorder.js';
import type { UpstreamFailure } from './forward-exchange.js';
import { ReverseProxy } from './reverse-proxy.js';
import { SyncFile } from './sync-file.js';

export interface HttpProxyOptions {
  /** The server's URL (http: or https:); its path and query are those of the URL printed for the host. */
  target: URL;
  /** Address to listen on (127.0.0.1 unless given) and port (0: any free one). */
  host: string;
  port: number;
  /** Capture file (envelope NDJSON); none when undefined. */
  out?: SyncFile;
  /** Annotated transcript: to stderr, to a file, or off (undefined). */
  live?: 'stderr' | SyncFile;
  color?: boolean;
  /** `--width`: columns of the live transcript. */
  width?: number;
  /** Capture at most this many bytes of one body or SSE event. */
  maxLine: number;
  /** Name of the capture in live `source` fields. */
  captureName?: string;
  /** After a stop signal, how long exchanges in flight may go on before they are cut (default 2 s). */
  graceMs?: number;
  /** Told the annotated records as they come (`--otlp-endpoint`); waited for when the proxy stops. */
  spans?: RecordListener & { flushed(): Promise<void> };
}

export interface HttpProxyIO {
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** A proxy that listens. */
export interface RunningProxy {
  /** The URL to give the host: the proxy's address with the target's path and query. */
  url: string;
  port: number;
  /**
   * Stops: no new connection is accepted, exchanges in flight get the grace period to end (a GET stream never does),
   * then every one still open is cut (`end-of-capture` in the capture) and the capture is written out. A second call
   * (the second Ctrl-C) cuts at once.
   */
  stop(): Promise<void>;
}

export class ListenError extends Error {}

const DEFAULT_GRACE_MS = 2000;
/** Records wait at most this long to be written together (capture-writer.ts). */
const CAPTURE_DELAY_MS = 5;

const clock = new IsoClock();
const now = () => clock.now();

/** Starts listening; rejects with a ListenError (one readable line) when the address cannot be had. */
export async function startHttpProxy(opts: HttpProxyOptions, io: HttpProxyIO): Promise<RunningProxy> {
  const warn = (message: string) => io.stderr.write(`mcptrace: ${escapeTerminal(message)}\n`);
  const recorder = new Recorder(
    opts.out
      ? new CaptureWriter(
          opts.out,
          (err) => warn(`capture ${opts.out?.path}: ${err.message}; capture stopped, the proxy goes on`),
          CAPTURE_DELAY_MS,
        )
      : null,
    opts.live || opts.spans
      ? new LiveAnnotator(
          opts.live ? liveOut(opts.live, io) : null,
          livePalette(opts.live ?? 'stderr', opts.color, io),
          opts.captureName ?? 'proxy',
          liveWidth(opts.live ?? 'stderr', opts.width, io),
          opts.spans,
        )
      : null,
    now,
    warn,
  );
  const capture = recorder.wanted ? new HttpCapture(recorder, opts.maxLine, warn) : null;
  const failures = new FailureNotes(warn, opts.target.origin);
  const proxy = new ReverseProxy({ target: opts.target, capture, onFailure: (f) => failures.note(f) });
  let address;
  try {
    address = await proxy.listen(opts.host, opts.port);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    recorder.finish();
    if (opts.live instanceof SyncFile) opts.live.close();
    throw new ListenError(`cannot listen on ${hostPort(opts.host, opts.port)}: ${e.code ?? e.message}`);
  }
  // A wildcard address is reached on the loopback from this machine.
  const shown = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const url = `http://${hostPort(shown, address.port)}${opts.target.pathname}${opts.target.search}`;
  warn(
    `proxy on ${hostPort(address.address, address.port)} → ${opts.target.origin}${opts.out ? `, capture in ${opts.out.path}` : ''}`,
  );
  if (!isLoopback(address.address))
    warn(
      `listening on ${address.address}: other machines can reach the target through this proxy, with the credentials their requests carry`,
    );
  io.stderr.write(`MCP server URL: ${url}\n`);

  let stopping: Promise<void> | null = null;
  let cut: (() => void) | null = null;
  const stop = async (): Promise<void> => {
    proxy.close();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      proxy.drained(),
      new Promise<void>((resolve) => {
        cut = resolve;
        timer = setTimeout(resolve, opts.graceMs ?? DEFAULT_GRACE_MS);
      }),
    ]);
    clearTimeout(timer);
    proxy.abort();
    await capture?.close();
    recorder.finish();
    if (opts.live instanceof SyncFile) opts.live.close();
    await opts.spans?.flushed();
    failures.end();
    warn(
      `proxy stopped: ${proxy.requests} request${proxy.requests === 1 ? '' : 's'} forwarded${opts.out ? `; capture ${opts.out.path} complete` : ''}`,
    );
  };
  return {
    url,
    port: address.port,
    stop() {
      if (stopping !== null) {
        cut?.();
        return stopping;
      }
      return (stopping = stop());
    },
  };
}

/**
 * Resolves when SIGINT or SIGTERM (Ctrl-C), or `until` when given (`proxy --explore`: the view was closed), has stopped
 * the proxy, as `RunningProxy.stop` says. A signal after that cuts the grace period short.
 */
export async function stopOnSignal(
  running: Pick<RunningProxy, 'stop'>,
  proc: NodeJS.Process = process,
  until?: Promise<void>,
): Promise<void> {
  let stopped: Promise<void> | null = null;
  let started!: () => void;
  const start = new Promise<void>((resolve) => (started = resolve));
  const first = () => {
    if (stopped !== null) return;
    stopped = running.stop();
    started();
  };
  // The first signal starts the stop; a second one cuts its grace period short (stop() again).
  const onSignal = () => (stopped === null ? first() : void running.stop());
  proc.on('SIGINT', onSignal);
  proc.on('SIGTERM', onSignal);
  void until?.then(first, first);
  await start;
  await stopped;
  proc.off('SIGINT', onSignal);
  proc.off('SIGTERM', onSignal);
}

/**
 * Failures of the target, on stderr: one line when the cause changes (not one per request: a host retries), and at the
 * end how many requests were answered 502.
 */
class FailureNotes {
  private last: string | null = null;
  private gateway = 0;

  constructor(
    private readonly warn: (message: string) => void,
    private readonly origin: string,
  ) {}

  note(f: UpstreamFailure): void {
    if (f.status === 502) this.gateway++;
    const cause = `${f.status} ${f.code ?? ''} ${f.message}`;
    if (cause === this.last) return;
    this.last = cause;
    if (f.status === 502)
      this.warn(`${f.method} ${f.path}: cannot reach ${this.origin}: ${f.message}; answered 502 Bad Gateway`);
    else this.warn(`${f.method} ${f.path}: ${f.message}`);
  }

  end(): void {
    if (this.gateway > 1) this.warn(`${this.gateway} requests could not reach ${this.origin} and were answered 502`);
  }
}

function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';
}
