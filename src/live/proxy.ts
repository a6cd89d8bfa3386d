// `mcptrace wrap`: runs a stdio MCP server behind us, forwards both directions byte for byte, captures them.
import type { Readable, Writable } from 'node:stream';
import { escapeTerminal } from '../output/escape.js';
import { CaptureWriter } from './capture-writer.js';
import { startServer, StartError, type ServerProcess } from './child.js';
import { IsoClock } from './iso-clock.js';
import { LineCapture } from './line-capture.js';
import { LiveAnnotator, type RecordListener } from './live-annotator.js';
import { liveOut, livePalette, liveWidth } from './live-output.js';
import { pump } from './pump.js';
import { Recorder } from './recorder.js';
import { ServerGroup } from './server-group.js';
import { ServerOutputs } from './server-outputs.js';
import { exitCodeOf, forwardSignals } from './signals.js';
import { SyncFile } from './sync-file.js';
import { drained } from '../util/drained.js';

interface ProxyOptions {
  /** The server command and its arguments, passed to it exactly. */
  command: string[];
  /** Capture file (envelope NDJSON); none when undefined. */
  out?: SyncFile;
  /** Annotated transcript: to stderr (`'stderr'`), to a file, or off (undefined). */
  live?: 'stderr' | SyncFile;
  /** Colour for the live transcript; default from its destination (TTY, NO_COLOR, FORCE_COLOR). */
  color?: boolean;
  /** `--width`: columns of the live transcript. */
  width?: number;
  /** Capture at most this many bytes of one line (the rest is counted, never forwarded short). */
  maxLine: number;
  /** Record the server's stderr lines in the capture (`--no-stderr`: false); they are forwarded either way. */
  stderr: boolean;
  /** After the first signal, how long the server has to exit before it is sent SIGKILL (`--kill-after`). */
  killAfterMs: number;
  /** Name of the capture in live `source` fields. */
  captureName?: string;
  /** Told the annotated records as they come (`--otlp-endpoint`); waited for before wrap exits. */
  spans?: RecordListener & { flushed(): Promise<void> };
}

export interface ProxyIO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** Exit code when the server cannot be started (ARCHITECTURE.md principle 9: usage or input error). */
const EXIT_CANNOT_START = 2;

const clock = new IsoClock();
const now = () => clock.now();

/**
 * Runs one wrapped server to its end and returns the exit code: the server's own, 128 + the signal number
 * when a signal ended it, 2 when it could not start. Nothing of ours goes to stdout: it carries the server's
 * bytes only (ARCHITECTURE.md principle 7); messages go to stderr.
 */
export async function proxy(opts: ProxyOptions, io: ProxyIO): Promise<number> {
  const recorder = new Recorder(
    opts.out
      ? new CaptureWriter(opts.out, (err) =>
          warn(io, `capture ${opts.out?.path}: ${err.message}; capture stopped, the session goes on`),
        )
      : null,
    opts.live || opts.spans
      ? new LiveAnnotator(
          opts.live ? liveOut(opts.live, io) : null,
          livePalette(opts.live ?? 'stderr', opts.color, io),
          opts.captureName ?? 'wrap',
          liveWidth(opts.live ?? 'stderr', opts.width, io),
          opts.spans,
        )
      : null,
    now,
    (message) => warn(io, message),
  );
  const finish = () => {
    recorder.finish();
    if (opts.live instanceof SyncFile) closeQuietly(opts.live);
  };

  let child: ServerProcess;
  try {
    child = await startServer(opts.command);
  } catch (err) {
    if (!(err instanceof StartError)) throw err;
    warn(io, err.message);
    recorder.event('spawn-error', { command: opts.command, message: err.message });
    finish();
    await opts.spans?.flushed();
    return EXIT_CANNOT_START;
  }
  child.on('error', (err) => warn(io, `server process: ${err.message}`)); // a failed kill(), after start
  const group = new ServerGroup(child);
  try {
    return await serve(child, group, recorder, finish, opts, io);
  } finally {
    group.end();
  }
}

/** The running server's session, from its start to wrap's exit code. */
async function serve(
  child: ServerProcess,
  group: ServerGroup,
  recorder: Recorder,
  finish: () => void,
  opts: ProxyOptions,
  io: ProxyIO,
): Promise<number> {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  recorder.event('start', { command: opts.command, pid: child.pid });

  // Client → server: our stdin to its stdin; EOF on ours closes its stdin.
  const c2s = new LineCapture('c2s', opts.maxLine);
  let serverRunning = true;
  const inPump = pump(io.stdin, child.stdin, {
    tap: recorder.wanted
      ? (chunk) => {
          for (const line of c2s.push(chunk, now())) recorder.line(line);
        }
      : undefined,
    onEnd: () => {
      const last = c2s.end(now());
      if (last) recorder.line(last);
      if (serverRunning) recorder.event('stdin-closed');
    },
    // The server closed its stdin or exited: our stdin is closed too, so the client's writes fail as they
    // would without us in between.
  });
  const outputs = new ServerOutputs(child, io, recorder, opts.maxLine, now, opts.stderr);

  // A signal once the server has exited stops the wait for its outputs: the capture is finished without them.
  const late = new AbortController();
  const forwarding = forwardSignals(
    { signal: (s) => group.signal(s), killing: (why) => warn(io, why), late: () => late.abort() },
    opts.killAfterMs,
  );
  let exit: { code: number | null; signal: NodeJS.Signals | null };
  try {
    exit = await exited;
    serverRunning = false;
    forwarding.serverExited();
    await outputs.settle(late.signal);
  } finally {
    forwarding.dispose();
  }
  // The server is gone and its outputs are closed: a process it started that is still there goes too.
  group.end();
  const { code, signal } = exit;

  // A line the client had begun but not finished when the server exited is recorded as partial.
  const unfinished = c2s.end(now());
  if (unfinished) recorder.line(unfinished);
  recorder.event('exit', { code, signal });
  inPump.stop();
  child.stdin.destroy();
  finish();
  // The server has exited and the host has every byte: what is left is telling the collector.
  await opts.spans?.flushed();
  await Promise.all([drained(io.stdout), drained(io.stderr)]);
  return exitCodeOf(code, signal);
}

/** One line on stderr; names from the command line or the system are shown with control characters escaped. */
function warn(io: ProxyIO, message: string): void {
  io.stderr.write(`mcptrace: ${escapeTerminal(message)}\n`);
}

function closeQuietly(file: SyncFile): void {
  try {
    file.close();
  } catch {
    // nothing left to report to
  }
}
