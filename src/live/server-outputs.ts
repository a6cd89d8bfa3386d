// The wrapped server's stdout and stderr: forwarded to ours, captured, and closed if they outlive the server idle.
import type { Readable, Writable } from 'node:stream';
import { LineCapture } from './line-capture.js';
import { pump, type Pump } from './pump.js';
import type { Recorder } from './recorder.js';

/** After the server exits, how long its stdout/stderr may stay open and idle (a grandchild holding them) before we stop. */
const STDOUT_GRACE_MS = 1000;
/** How often an output that stays open after the exit is looked at. */
const LOOK_MS = 100;

interface ServerStreams {
  stdout: Readable;
  stderr: Readable;
}

/**
 * Server → client: its stdout to ours, each line recorded (`s2c`), then `stdout-closed`. Its stderr to ours,
 * unchanged, each line recorded as `stderr` unless `recordStderr` is off (`wrap --no-stderr`): not protocol traffic,
 * but what a crash says; ours stays open for the live view and our messages.
 */
export class ServerOutputs {
  private readonly out: Pump;
  private readonly err: Pump;
  private readonly closed: Promise<unknown>;
  private lastOutput = Date.now();

  constructor(
    private readonly server: ServerStreams,
    io: { stdout: Writable; stderr: Writable },
    recorder: Recorder,
    maxLine: number,
    now: () => string,
    recordStderr: boolean,
  ) {
    const s2c = new LineCapture('s2c', maxLine);
    const capturing = recorder.wanted;
    const stderr = capturing && recordStderr ? new LineCapture('stderr', maxLine) : null;
    this.out = pump(server.stdout, io.stdout, {
      tap: (chunk) => {
        this.lastOutput = Date.now();
        if (capturing) for (const line of s2c.push(chunk, now())) recorder.line(line);
      },
      // The client stopped reading (EPIPE): the server's stdout is closed, so its writes fail as they would
      // without us in between.
    });
    this.err = pump(server.stderr, io.stderr, {
      endDest: false,
      tap: (chunk) => {
        this.lastOutput = Date.now();
        if (stderr) for (const line of stderr.push(chunk, now())) recorder.line(line);
      },
    });
    const stdoutClosed = new Promise<void>((resolve) => {
      server.stdout.once('close', () => {
        const last = s2c.end(now());
        if (last) recorder.line(last);
        recorder.event('stdout-closed');
        resolve();
      });
    });
    const stderrClosed = new Promise<void>((resolve) => {
      server.stderr.once('close', () => {
        const last = stderr?.end(now());
        if (last) recorder.line(last);
        resolve();
      });
    });
    this.closed = Promise.all([stdoutClosed, stderrClosed]);
  }

  /**
   * After the server exited: what it wrote may still be in the pipes, so both outputs are forwarded to their end.
   * Only an output that stays open and idle (a process the server started still holds it) is closed, after a grace
   * period; time spent waiting for a slow reader does not count. `cut` (a signal to wrap) closes them at once.
   */
  async settle(cut: AbortSignal): Promise<void> {
    let closed = false;
    const outputsClosed = this.closed.then(() => (closed = true));
    const onCut = cut.aborted
      ? Promise.resolve()
      : new Promise<void>((resolve) => cut.addEventListener('abort', () => resolve(), { once: true }));
    while (!closed) {
      await Promise.race([outputsClosed, onCut, delay(LOOK_MS)]);
      if (closed) break;
      if (!cut.aborted && (this.out.blocked || this.err.blocked)) this.lastOutput = Date.now();
      else if (cut.aborted || Date.now() - this.lastOutput >= STDOUT_GRACE_MS) {
        this.server.stdout.destroy();
        this.server.stderr.destroy();
        await outputsClosed;
      }
    }
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
