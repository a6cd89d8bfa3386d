// How wide a command's text output may be: `--width`, else the terminal's columns, else $COLUMNS, else 100.
import type { CliIO } from './context.js';

const DEFAULT_WIDTH = 100;

/** The width for text output (the transcript's order of sources; a value that is no positive integer is skipped). */
export function outputWidth(io: CliIO, flag?: number): number {
  const columns = io.stdout.isTTY ? (io.stdout as { columns?: number }).columns : undefined;
  const env = Number(io.env.COLUMNS);
  for (const w of [flag, columns, env]) if (w !== undefined && Number.isInteger(w) && w > 0) return w;
  return DEFAULT_WIDTH;
}
