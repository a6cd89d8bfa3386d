// How wide a command's text output may be: the transcript's sources (`--width`, a terminal, $COLUMNS, 100) for every command.
import { transcriptWidth } from '../output/text-layout.js';
import type { CliIO } from './context.js';

/** The streams a person may read the output on: stdout, or stderr's terminal when stdout is piped into a pager. */
function screens(io: CliIO): { isTTY?: boolean; columns?: number }[] {
  return [io.stdout, io.stderr] as { isTTY?: boolean; columns?: number }[];
}

/** The width for text output, as the transcript's. */
export function outputWidth(io: CliIO, flag?: number): number {
  return transcriptWidth({ flag, screens: screens(io), env: io.env, controlling: io.controllingColumns });
}

/**
 * The width to fit when a person reads the output on a terminal (or `--width` or `$COLUMNS` says one, as for the
 * transcript), else none: full lines.
 */
export function readerWidth(io: CliIO, flag?: number): number | undefined {
  const columns = Number(io.env.COLUMNS);
  const said = flag !== undefined || (Number.isSafeInteger(columns) && columns > 0);
  return said || screens(io).some((s) => s.isTTY === true) ? outputWidth(io, flag) : undefined;
}

/**
 * The transcript's width: read again at each record when a person watches a terminal and no `--width` fixes it (a
 * resized window lays out the next lines anew), else one number.
 */
export function transcriptColumns(io: CliIO, flag?: number): number | (() => number) {
  return flag === undefined && screens(io).some((s) => s.isTTY === true)
    ? () => outputWidth(io)
    : outputWidth(io, flag);
}
