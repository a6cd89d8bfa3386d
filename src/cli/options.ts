// Options shared by the commands that read logs.
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { INPUT_FORMATS } from '../input/index.js';
import { DEFAULT_MAX_SESSIONS } from '../session/live-sessions.js';
import { LOG_LEVELS } from './logger.js';
import { countOption, positiveInteger } from './numeric-options.js';
import { choicesText, FILTER_VOCABULARIES, list, oneOf } from '../filter/vocabularies.js';

/** `--max-pending`'s default: open requests tracked per session. */
export const DEFAULT_MAX_PENDING = 100_000;

/**
 * How a command takes its logs: `files`, what its `files` positional is (none: the command names its own), and whether
 * it can `--follow` a growing file (a command that reads a finished log does not offer it).
 */
interface InputShape {
  files: string | null;
  follow: boolean;
}

const STREAMS: InputShape = { files: 'log files to read; - or none for stdin', follow: true };

export function inputOptions<T>(y: Argv<T>, shape: InputShape = STREAMS) {
  const withFiles =
    shape.files === null ? y : y.positional('files', { describe: shape.files, type: 'string', array: true });
  const withFollow = shape.follow
    ? withFiles.option('follow', {
        alias: 'F',
        describe:
          "keep reading the file (each file, a folder's logs) as it grows (like tail -F) until Ctrl-C, then print the final output",
        type: 'boolean',
        default: false,
      })
    : withFiles;
  return withFollow
    .option('input-format', {
      describe: 'input format (default: detected per file)',
      choices: INPUT_FORMATS as unknown as string[],
    })
    .option(
      'max-pending',
      countOption('max-pending', 'open requests tracked per session before the oldest is dropped', DEFAULT_MAX_PENDING),
    )
    .option(
      'max-sessions',
      countOption(
        'max-sessions',
        'sessions tracked at once; past it the least recently active one is retired (its open requests count as unanswered; finding session-limit)',
        DEFAULT_MAX_SESSIONS,
      ),
    )
    .option(
      'max-message-bytes',
      countOption(
        'max-message-bytes',
        'longest line or record read whole (bytes); a longer one is kept as an invalid record holding its first 4 KiB',
        16 * 1024 * 1024,
      ),
    )
    .option('log-level', {
      describe: 'diagnostics on stderr',
      choices: LOG_LEVELS as unknown as string[],
      default: 'warn',
    })
    .option('debug', { describe: 'print stack traces of internal errors', type: 'boolean', default: false })
    .option('color', {
      describe: 'colour output (default: only on a terminal; NO_COLOR / FORCE_COLOR honoured)',
      type: 'boolean',
    });
}

export function filterOptions<T>(y: Argv<T>) {
  return (
    y
      // Not `array: true`: that would swallow the file names after the flag. Repeat the flag or use commas.
      .option('method', {
        requiresArg: true,
        describe: "only these methods ('tools/*' matches a prefix; repeat or comma-separate)",
        type: 'string',
        group: 'Filters:',
        coerce: list,
      })
      .option('primitive', {
        requiresArg: true,
        describe: `only these primitives or base features: ${choicesText(FILTER_VOCABULARIES.primitive)}`,
        type: 'string',
        group: 'Filters:',
        coerce: oneOf('primitive', FILTER_VOCABULARIES.primitive),
      })
      .option('phase', {
        requiresArg: true,
        describe: `only these phases: ${choicesText(FILTER_VOCABULARIES.phase)}`,
        type: 'string',
        group: 'Filters:',
        coerce: oneOf('phase', FILTER_VOCABULARIES.phase),
      })
      .option('dir', {
        requiresArg: true,
        describe: `only these directions: ${choicesText(FILTER_VOCABULARIES.dir)}`,
        type: 'string',
        group: 'Filters:',
        coerce: oneOf('dir', FILTER_VOCABULARIES.dir),
      })
      .option('kind', {
        requiresArg: true,
        describe: `only these kinds of record: ${choicesText(FILTER_VOCABULARIES.kind)}`,
        type: 'string',
        group: 'Filters:',
        coerce: oneOf('kind', FILTER_VOCABULARIES.kind),
      })
      .option('session', {
        requiresArg: true,
        describe: 'only these sessions: their keys, or the tags the transcript shows (s2)',
        type: 'string',
        group: 'Filters:',
        coerce: list,
      })
  );
}

/** `--where EXPR` (`-Y`, as tshark spells it): the filter language (docs/filter.md), and its shortcuts (filter-shortcuts.ts). */
export function whereOptions<T>(y: Argv<T>) {
  return y
    .option('where', {
      alias: 'Y',
      describe:
        "only the records this expression matches, each with its request or answer, e.g. 'tool == echo and latency > 500ms' (docs/filter.md)",
      type: 'string',
      group: 'Filters:',
      coerce: (v: unknown) =>
        Array.isArray(v)
          ? v
              .map(String)
              .map((x) => `(${x})`)
              .join(' and ')
          : String(v),
    })
    .option('tool', {
      describe: 'only the calls of these tools, with their answers (repeat or comma-separate)',
      type: 'string',
      group: 'Filters:',
      coerce: list,
    })
    .option('resource', {
      describe: 'only the messages naming these resource URIs, with their answers',
      type: 'string',
      group: 'Filters:',
      coerce: list,
    })
    .option('prompt', {
      describe: 'only the requests for these prompts, with their answers',
      type: 'string',
      group: 'Filters:',
      coerce: list,
    })
    .option('id', {
      describe: 'only the requests with these JSON-RPC ids, with their answers',
      type: 'string',
      group: 'Filters:',
      coerce: list,
    })
    .option('failed', {
      describe: 'only JSON-RPC errors and isError results, with the requests they answer',
      type: 'boolean',
      group: 'Filters:',
    })
    .option('slow', {
      describe: 'only the answers slower than --slow-ms (the slow-response findings), with their requests',
      type: 'boolean',
      group: 'Filters:',
    })
    .option('grep', {
      describe: 'only the messages with this text in their body (as logged, or in a decoded string), with their pairs',
      type: 'string',
      group: 'Filters:',
      coerce: (v: unknown) => (Array.isArray(v) ? v : [v]).map(String),
    })
    .option('since', {
      describe:
        "only records logged at or after this time (10:32, 2026-11-30T10:32:00Z; as the log writes it), or this long before the log's end (5m, 1h30m; files only: they are read twice)",
      type: 'string',
      group: 'Filters:',
      coerce: last,
    })
    .option('until', {
      describe: "only records logged before this time, or before this long before the log's end (5m)",
      type: 'string',
      group: 'Filters:',
      coerce: last,
    });
}

const last = (v: unknown): string => String(Array.isArray(v) ? v[v.length - 1] : v);

/** `--width N`: the text transcript's columns, for every command that prints it. */
export const WIDTH_OPTION = countOption(
  'width',
  "columns of the text output (default: the terminal's, else $COLUMNS, else 100); columns are dropped or wrapped to fit",
);

export function widthOption<T>(y: Argv<T>) {
  return y.option('width', WIDTH_OPTION);
}

/** `--body-width N`: how much of each message `--body` prints. */
export function bodyWidthOption<T>(y: Argv<T>) {
  return y.option(
    'body-width',
    countOption(
      'body-width',
      'characters of each message --body prints, wrapped over lines (default: what fits on one line; --body full: all)',
    ),
  );
}

/**
 * `--jobs N` (stats, audit, annotate): files, or pieces of a large NDJSON, envelope or transcript file, in worker threads; same output.
 * `auto`: as many as the machine has cores (`os.availableParallelism()`). Not given: `defaultJobs` (cli/jobs-plan.ts).
 */
export function jobsOption<T>(y: Argv<T>, byItself: string) {
  const whole = positiveInteger('jobs');
  return y.option('jobs', {
    alias: 'j',
    describe: `analyse up to N files at once in worker threads, a large capture in pieces (the output is the same); auto: one per core (default: ${byItself})`,
    type: 'string',
    coerce: (v: unknown): number =>
      (Array.isArray(v) ? v[v.length - 1] : v) === 'auto' ? availableParallelism() : whole(v),
  });
}

/** A repeatable option's values, each split at commas (`--x a,b --x c`: a, b, c), blanks dropped. */
export function commaList(v: unknown): string[] {
  return (Array.isArray(v) ? v : [v])
    .flatMap((x) => String(x).split(','))
    .map((x) => x.trim())
    .filter((x) => x !== '');
}
