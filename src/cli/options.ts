// Options shared by the commands that read logs.
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { INPUT_FORMATS } from '../input/index.js';
import { DEFAULT_MAX_SESSIONS } from '../session/live-sessions.js';
import { LOG_LEVELS } from './logger.js';

export function inputOptions<T>(y: Argv<T>) {
  return y
    .positional('files', { describe: 'log files to read; - or none for stdin', type: 'string', array: true })
    .option('input-format', {
      describe: 'input format (default: detected per file)',
      choices: INPUT_FORMATS as unknown as string[],
    })
    .option('follow', {
      alias: 'F',
      describe: 'keep reading the file as it grows (like tail -F) until Ctrl-C, then print the final output',
      type: 'boolean',
      default: false,
    })
    .option('max-pending', {
      describe: 'open requests tracked per session before the oldest is dropped',
      type: 'number',
      default: 100_000,
    })
    .option('max-sessions', {
      describe: 'sessions tracked at once; past it the least recently active one is retired (its open requests count as unanswered; finding session-limit)',
      type: 'number',
      default: DEFAULT_MAX_SESSIONS,
      coerce: positiveInteger('max-sessions'),
    })
    .option('max-message-bytes', {
      describe: 'longest line or record read whole (bytes); a longer one is kept as an invalid record holding its first 4 KiB',
      type: 'number',
      default: 16 * 1024 * 1024,
      coerce: positiveInteger('max-message-bytes'),
    })
    .option('log-level', { describe: 'diagnostics on stderr', choices: LOG_LEVELS as unknown as string[], default: 'warn' })
    .option('debug', { describe: 'print stack traces of internal errors', type: 'boolean', default: false })
    .option('color', { describe: 'colour output (default: only on a terminal; NO_COLOR / FORCE_COLOR honoured)', type: 'boolean' });
}

export function filterOptions<T>(y: Argv<T>) {
  return y
    // Not `array: true`: that would swallow the file names after the flag. Repeat the flag or use commas.
    .option('method', { describe: "only these methods ('tools/*' matches a prefix; repeat or comma-separate)", type: 'string', group: 'Filters:', coerce: list })
    .option('primitive', {
      describe: 'only these primitives or base features (tools, resources, prompts, roots, sampling, elicitation, base, ping, progress …)',
      type: 'string', group: 'Filters:', coerce: list,
    })
    .option('phase', { describe: 'only these phases (initialization, operation, shutdown)', type: 'string', group: 'Filters:', coerce: oneOf('phase', ['initialization', 'operation', 'shutdown']) })
    .option('dir', { describe: 'only these directions (c2s, s2c, unknown)', type: 'string', group: 'Filters:', coerce: oneOf('dir', ['c2s', 's2c', 'unknown']) })
    .option('session', { describe: 'only these session keys', type: 'string', group: 'Filters:', coerce: list });
}

/** `--width N`: the text transcript's columns, for every command that prints it (a plain number; checked with the others). */
export const WIDTH_OPTION = {
  describe: "columns of the text transcript (default: the terminal's, else $COLUMNS, else 100); columns are dropped to fit",
  type: 'number',
} as const;

export function widthOption<T>(y: Argv<T>) {
  return y.option('width', WIDTH_OPTION);
}

/** `--body-width N`: how much of each message `--body` prints. */
export function bodyWidthOption<T>(y: Argv<T>) {
  return y.option('body-width', {
    describe: 'characters of each message --body prints, wrapped over lines (default: what fits on one line; --body full: all)',
    type: 'number',
  });
}

/** A flag that takes a whole number of at least 1 (a typo must not turn a limit off). */
function positiveInteger(flag: string) {
  return (v: unknown): number => {
    const n = Number(Array.isArray(v) ? v[v.length - 1] : v);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${flag} ${String(v)}: expected a whole number of at least 1`);
    return n;
  };
}

/** `--x a --x b,c` → ['a', 'b', 'c']. */
function list(v: unknown): string[] {
  return (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter((x) => x !== '');
}

function oneOf(flag: string, allowed: readonly string[]) {
  return (v: unknown): string[] => {
    const values = list(v);
    const bad = values.find((x) => !allowed.includes(x));
    if (bad !== undefined) throw new Error(`--${flag} ${bad}: choose from ${allowed.join(', ')}`);
    return values;
  };
}

/**
 * `--jobs N` (stats, audit): files, or pieces of a large NDJSON, envelope or transcript file, in worker threads; same output.
 * `auto`: as many as the machine has cores (`os.availableParallelism()`).
 */
export function jobsOption<T>(y: Argv<T>) {
  const whole = positiveInteger('jobs');
  return y.option('jobs', {
    alias: 'j',
    describe: 'analyse up to N files at once in worker threads, a large capture in pieces (the output is the same); auto: one per core',
    type: 'string',
    default: '1',
    coerce: (v: unknown): number => ((Array.isArray(v) ? v[v.length - 1] : v) === 'auto' ? availableParallelism() : whole(v)),
  });
}
