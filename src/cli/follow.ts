// `--follow` at the CLI edge: Ctrl-C/SIGTERM end the follow, and the live redraw of stats and audit.
import { escapeTerminal } from '../output/escape.js';
import { displayWidth } from '../output/width.js';
import type { Palette } from '../output/color.js';
import type { CliIO } from './context.js';
import { STDIN_ARG } from './inputs.js';

interface FollowStop {
  /** Fires on the first SIGINT or SIGTERM (or when `io.stop` fires). */
  signal: AbortSignal;
  /** Removes the signal handlers. */
  dispose(): void;
}

/**
 * The first SIGINT or SIGTERM ends the follow: the input ends, and the command prints its final output and
 * exits with its usual code. A second one exits at once (130 / 143, as a shell reports a signal), for
 * when the final output is stuck behind a blocked stdout. `io.stop`, when given, replaces the signals
 * (commands run in-process in tests).
 */
function stopOnSignals(io: CliIO): FollowStop {
  if (io.stop) return { signal: io.stop, dispose: () => {} };
  const controller = new AbortController();
  const onSignal = (sig: NodeJS.Signals) => {
    if (!controller.signal.aborted) controller.abort();
    else process.exit(sig === 'SIGTERM' ? 143 : 130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/** Runs a command with the follow stop in place when `--follow` is on; handlers are removed afterwards. */
export async function withFollow<T>(
  follow: boolean | undefined,
  io: CliIO,
  run: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (!follow) return run(undefined);
  const stop = stopOnSignals(io);
  try {
    return await run(stop.signal);
  } finally {
    stop.dispose();
  }
}

/** The first line of a live view: what is followed, how much was read, when, and how to end. */
export function liveHeader(
  files: readonly string[] | undefined,
  records: number,
  final: string,
  palette: Palette,
): string {
  const f = files?.[0];
  const more = (files?.length ?? 0) > 1 ? ` and ${files!.length - 1} more` : '';
  const name = (f === undefined || f === STDIN_ARG ? 'stdin' : f) + more;
  const time = new Date().toTimeString().slice(0, 8);
  const text = `following ${escapeTerminal(name)} · ${records} record${records === 1 ? '' : 's'} · ${time} · Ctrl-C for ${final}`;
  return palette.dim(text) + '\n\n';
}

/** Home the cursor and clear the screen (only ever written to a terminal). */
export const CLEAR_SCREEN = '\x1b[H\x1b[2J';

/**
 * Redraws a command's output in place while following, on a terminal only: at most once per `everyMs`,
 * and only when something changed. Output taller than the terminal is cut to fit (the final output,
 * printed after `stop()`, is whole). Without a terminal it draws nothing, and the final output is all
 * that is printed.
 */
export class LiveView {
  readonly enabled: boolean;
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private last = 0;
  private drawn = false;

  constructor(
    private readonly out: CliIO['stdout'],
    private readonly render: () => string,
    private readonly everyMs = 1000,
  ) {
    this.enabled = out.isTTY === true;
  }

  /** Something new was counted: redraw soon. */
  changed(): void {
    if (!this.enabled) return;
    this.dirty = true;
    if (this.timer !== null) return;
    this.timer = setTimeout(() => this.draw(), Math.max(0, this.last + this.everyMs - Date.now()));
  }

  /** Stops redrawing; returns what to put before the final output (a screen clear if a live view is up). */
  stop(): string {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    return this.drawn ? CLEAR_SCREEN : '';
  }

  private draw(): void {
    this.timer = null;
    if (!this.dirty) return;
    this.dirty = false;
    this.last = Date.now();
    const size = this.out as { rows?: number; columns?: number };
    const text = fitScreen(this.render(), size.rows ?? 0, size.columns ?? 0);
    this.drawn = true;
    this.out.write(CLEAR_SCREEN + text);
  }
}

/**
 * Cuts `text` to fit a terminal of `rows` rows (a line wider than `columns` takes several), keeping the
 * last row for the cursor, so a redraw never scrolls; 0 means unknown, no cut.
 */
export function fitScreen(text: string, rows: number, columns: number): string {
  if (rows <= 1) return text;
  const lines = text.replace(/\n$/, '').split('\n');
  const heights = lines.map((l) => (columns > 0 ? Math.max(1, Math.ceil(displayWidth(stripAnsi(l)) / columns)) : 1));
  const budget = rows - 1;
  if (heights.reduce((a, b) => a + b, 0) <= budget) return text;
  let used = 0;
  let kept = 0;
  while (kept < lines.length && used + heights[kept] <= budget - 1) used += heights[kept++];
  const rest = lines.length - kept;
  return (
    [...lines.slice(0, kept), `… ${rest} more line${rest === 1 ? '' : 's'} (Ctrl-C for the whole output)`].join('\n') +
    '\n'
  );
}

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

function stripAnsi(s: string): string {
  return s.includes('\x1b') ? s.replace(ANSI, '') : s;
}
