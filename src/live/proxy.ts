// `mcptrace wrap`: runs a stdio MCP server behind us, forwards both directions byte for byte, captures them.
import type { Readable, Writable } from 'node:stream';
import { escapeTerminal } from '../output/escape.js';
import { lineText } from './capture-record.js';
import { CaptureWriter } from './capture-writer.js';
import { startServer, StartError, type ServerProcess } from './child.js';
import { IsoClock } from './iso-clock.js';
import { LineCapture, type CapturedLine } from './line-capture.js';
import { LiveAnnotator } from './live-annotator.js';
import { liveOut, livePalette } from './live-output.js';
import { pump } from './pump.js';
import { exitCodeOf, forwardSignals } from './signals.js';
import { SyncFile } from './sync-file.js';
import { drained } from '../util/drained.js';

export interface ProxyOptions {
  /** The server command and its arguments, passed to it exactly. */
  command: string[];
  /** Capture file (envelope NDJSON); none when undefined. */
  out?: SyncFile;
  /** Annotated transcript: to stderr (`'stderr'`), to a file, or off (undefined). */
  live?: 'stderr' | SyncFile;
  /** Colour for the live transcript; default from its destination (TTY, NO_COLOR, FORCE_COLOR). */
  color?: boolean;
  /** Capture at most this many bytes of one line (the rest is counted, never forwarded short). */
  maxLine: number;
  /** Name of the capture in live `source` fields. */
  captureName?: string;
}

export interface ProxyIO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** Exit code when the server cannot be started (DESIGN principle 9: usage or input error). */
export const EXIT_CANNOT_START = 2;
/** After the server exits, how long its stdout/stderr may stay open and idle (a grandchild holding them) before we stop. */
const STDOUT_GRACE_MS = 1000;

const clock = new IsoClock();
const now = () => clock.now();

/**
 * Runs one wrapped server to its end and returns the exit code: the server's own, 128 + the signal number
 * when a signal ended it, 2 when it could not start. Nothing of ours goes to stdout: it carries the server's
 * bytes only (DESIGN principle 7); messages go to stderr.
 */
export async function proxy(opts: ProxyOptions, io: ProxyIO): Promise<number> {
  const capture = opts.out ? new CaptureWriter(opts.out, (err) => warn(io, `capture ${opts.out?.path}: ${err.message}; capture stopped, the session goes on`)) : null;
  let live = opts.live ? new LiveAnnotator(liveOut(opts.live, io), livePalette(opts.live, opts.color, io), opts.captureName ?? 'wrap') : null;
  // The live view is a convenience: if it fails, it stops, and the proxy and the capture go on.
  const withLive = (fn: (l: LiveAnnotator) => void) => {
    if (live === null) return;
    try {
      fn(live);
    } catch (err) {
      live = null;
      warn(io, `live view stopped: ${(err as Error).message}`);
    }
  };
  let n = 0; // the record's line in this run's capture (the live view's `source`)
  const emitEvent = (name: string, data?: Record<string, unknown>) => {
    const ts = now();
    n++;
    capture?.event(ts, name, data);
    withLive((l) => l.event(n, ts, name, data));
  };
  const emitLine = (line: CapturedLine) => {
    const text = lineText(line);
    n++;
    capture?.line(line, text);
    if (live !== null) withLive((l) => l.line(n, line, text));
  };
  const finish = () => {
    capture?.close();
    withLive((l) => l.end());
    if (opts.live instanceof SyncFile) closeQuietly(opts.live);
  };

  let child: ServerProcess;
  try {
    child = await startServer(opts.command);
  } catch (err) {
    if (!(err instanceof StartError)) throw err;
    warn(io, err.message);
    emitEvent('spawn-error', { command: opts.command, message: err.message });
    finish();
    return EXIT_CANNOT_START;
  }
  child.on('error', (err) => warn(io, `server process: ${err.message}`)); // a failed kill(), after start
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  emitEvent('start', { command: opts.command, pid: child.pid });

  // Client → server: our stdin to its stdin; EOF on ours closes its stdin.
  const c2s = new LineCapture('c2s', opts.maxLine);
  let serverRunning = true;
  // With no capture and no live view the bytes are only forwarded: nothing is split or kept.
  const capturing = capture !== null || live !== null;
  const inPump = pump(io.stdin, child.stdin, {
    tap: capturing ? (chunk) => {
      for (const line of c2s.push(chunk, now())) emitLine(line);
    } : undefined,
    onEnd: () => {
      const last = c2s.end(now());
      if (last) emitLine(last);
      if (serverRunning) emitEvent('stdin-closed');
    },
    // The server closed its stdin or exited: our stdin is closed too, so the client's writes fail as they
    // would without us in between.
  });

  // Server → client: its stdout to ours.
  const s2c = new LineCapture('s2c', opts.maxLine);
  let lastOutput = Date.now();
  const outPump = pump(child.stdout, io.stdout, {
    tap: (chunk) => {
      lastOutput = Date.now();
      if (capturing) for (const line of s2c.push(chunk, now())) emitLine(line);
    },
    // The client stopped reading (EPIPE): the server's stdout is closed, so its writes fail as they would
    // without us in between.
  });
  // The server's stderr to ours, unchanged (not captured: it is not protocol traffic).
  const errPump = pump(child.stderr, io.stderr, {
    endDest: false, // the live view and our messages go on after it
    tap: () => {
      lastOutput = Date.now();
    },
  });
  const stderrClosed = new Promise<void>((resolve) => child.stderr.once('close', resolve));
  const stdoutClosed = new Promise<void>((resolve) => {
    child.stdout.once('close', () => {
      const last = s2c.end(now());
      if (last) emitLine(last);
      emitEvent('stdout-closed');
      resolve();
    });
  });

  const unforward = forwardSignals((signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
  const { code, signal } = await exited;
  serverRunning = false;
  unforward();

  // What the server wrote before it exited may still be in the pipes: forward it all. Only an output that
  // stays open and idle (a process the server started still holds it) is closed after a grace period; time
  // spent waiting for a slow reader does not count.
  let closed = false;
  const outputsClosed = Promise.all([stdoutClosed, stderrClosed]).then(() => (closed = true));
  while (!closed) {
    await Promise.race([outputsClosed, delay(100)]);
    if (closed) break;
    if (outPump.blocked || errPump.blocked) lastOutput = Date.now();
    else if (Date.now() - lastOutput >= STDOUT_GRACE_MS) {
      child.stdout.destroy();
      child.stderr.destroy();
    }
  }

  // A line the client had begun but not finished when the server exited is recorded as partial.
  const unfinished = c2s.end(now());
  if (unfinished) emitLine(unfinished);
  emitEvent('exit', { code, signal });
  inPump.stop();
  child.stdin.destroy();
  finish();
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

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
