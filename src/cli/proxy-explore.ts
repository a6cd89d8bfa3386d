// `proxy --explore`: the view of `mcptrace explore` takes the terminal while the proxy forwards, following the capture
// as it is written (--out FILE, or a temporary file); closing the view stops the proxy. What the proxy says on stderr
// waits until the terminal is given back, then its end lines follow.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { stopOnSignal, type HttpProxyIO, type RunningProxy } from '../live/http-proxy.js';
import { escapeTerminal } from '../output/escape.js';
import type { CliIO } from './context.js';
import { runExplore } from './explore.js';
import { DEFAULT_MAX_PENDING } from './options.js';

export class ProxyView {
  /** The capture the view follows. */
  readonly capture: string;
  /** The proxy's stderr while the view is on the screen. */
  readonly io: HttpProxyIO;
  /** The temporary folder of a capture without --out, removed at the end. */
  private readonly folder: string | null;
  private held: Buffer[] | null = [];

  constructor(
    out: string | undefined,
    private readonly cli: CliIO,
  ) {
    this.folder = out === undefined ? mkdtempSync(join(tmpdir(), 'mcptrace-proxy-')) : null;
    this.capture = out ?? join(this.folder!, 'capture.ndjson');
    // A run that ends before end() (a hangup: the terminal gone, the first write to it fails) leaves no folder either.
    if (this.folder !== null) process.once('exit', this.remove);
    const stderr = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        if (this.held === null) cli.stderr.write(chunk);
        else this.held.push(chunk);
        done();
      },
    });
    this.io = { stderr, env: cli.env };
  }

  private readonly remove = () => {
    if (this.folder !== null) rmSync(this.folder, { recursive: true, force: true });
  };

  /** The view until it is closed (q, a signal), then the proxy stopped; the view's exit code. */
  async run(running: RunningProxy, color: boolean | undefined): Promise<number> {
    const files = [this.capture];
    const viewing = runExplore(
      { files, follow: true, inputFormat: 'envelope', maxPending: DEFAULT_MAX_PENDING, logLevel: 'warn', color },
      this.cli,
      `proxy ${running.url}`,
    );
    const closed = viewing.then(
      () => {},
      () => {},
    );
    const stopped = stopOnSignal(running, process, closed);
    try {
      return await viewing;
    } finally {
      this.release();
      await stopped;
      this.end();
    }
  }

  /** The terminal is the shell's again: what the proxy said is written, and what it says from now on. */
  release(): void {
    for (const b of this.held ?? []) this.cli.stderr.write(b);
    this.held = null;
  }

  /** Removes a temporary capture; says so when the proxy ran (`said`). */
  end(said = true): void {
    if (this.folder === null) return;
    process.off('exit', this.remove);
    this.remove();
    if (said)
      this.cli.stderr.write(
        `mcptrace: ${escapeTerminal(this.capture)} was a temporary capture and is removed (--out FILE keeps it)\n`,
      );
  }
}
