// `mcptrace wrap [options] -- COMMAND [ARGS..]`: options and files, then the proxy in src/live/.
import type { Argv } from 'yargs';
import { proxy } from '../live/proxy.js';
import { DEFAULT_KILL_AFTER_MS } from '../live/signals.js';
import { SyncFile } from '../live/sync-file.js';
import type { CliIO } from './context.js';
import { preloadSchemas } from '../protocol/schemas.js';
import { UsageError } from '../util/errors.js';
import { checkOutputPath } from './out-path.js';
import { countOption, durationOption } from './numeric-options.js';
import { WIDTH_OPTION } from './options.js';
import { liveSpans, otlpLiveOptions, type OtlpLiveArgs } from './otlp-live.js';

export interface WrapArgs extends OtlpLiveArgs {
  /** Words given before `--`: a mistake (the command goes after `--`), reported as such. */
  command?: string[];
  out?: string;
  append: boolean;
  live?: string;
  color?: boolean;
  width?: number;
  maxLine: number;
  stderr: boolean;
  killAfter: number;
  explore?: boolean;
}

/** 64 MiB: a line longer than this is captured as its first 64 MiB and its true size (forwarded whole). */
export const DEFAULT_MAX_LINE = 64 * 1024 * 1024;

export function wrapBuilder(y: Argv) {
  return (
    otlpLiveOptions(y)
      .positional('command', {
        describe: 'the server command and its arguments, after --',
        type: 'string',
        array: true,
      })
      .usage(
        '$0 wrap [options] -- COMMAND [ARGS..]\n\nRun a stdio MCP server behind mcptrace: its stdin and stdout are forwarded byte for byte, and the session is captured and/or annotated as it happens.',
      )
      .option('out', {
        alias: 'o',
        describe:
          'write the capture to FILE as envelope NDJSON, record by record (follow it with `mcptrace annotate --follow FILE`)',
        type: 'string',
        requiresArg: true,
      })
      .option('append', {
        describe: 'append to the --out file instead of replacing it',
        type: 'boolean',
        default: false,
      })
      .option('live', {
        describe: 'print the annotated transcript as it happens, to stderr (--live) or to FILE (--live FILE)',
        type: 'string',
      })
      .option('color', {
        describe: 'colour the live transcript (default: only on a terminal; NO_COLOR / FORCE_COLOR honoured)',
        type: 'boolean',
      })
      .option('width', WIDTH_OPTION)
      .option(
        'max-line',
        countOption(
          'max-line',
          'capture at most N bytes of one line (longer lines are recorded cut, with their true size, and forwarded whole)',
          DEFAULT_MAX_LINE,
        ),
      )
      .option('stderr', {
        describe:
          "record the server's stderr lines in the capture and the live transcript (--no-stderr: only forward them)",
        type: 'boolean',
        default: true,
      })
      .option(
        'kill-after',
        durationOption(
          'kill-after',
          'after a signal is passed on to the server, send it SIGKILL if it has not exited within this time (5000, 5s, 500ms; a second signal sends it at once)',
          DEFAULT_KILL_AFTER_MS,
        ),
      )
      // Known, to be refused with the way to the live view (runWrap), not as an unknown argument.
      .option('explore', { type: 'boolean', hidden: true })
      .option('debug', { describe: 'print stack traces of internal errors', type: 'boolean', default: false })
      .example(
        '$0 wrap --out session.ndjson -- npx -y @modelcontextprotocol/server-everything',
        'capture a server session for later annotate/audit',
      )
      .example(
        '$0 wrap --live -- node server.js stdio',
        'annotated transcript on stderr while a host talks to the server',
      )
  );
}

/** The server command: everything after the first `--`, exactly as given (yargs would turn "007" into 7). */
export function commandAfterDashes(argv: readonly string[]): string[] {
  const at = argv.indexOf('--');
  const command = at === -1 ? [] : argv.slice(at + 1);
  if (command.length === 0)
    throw new UsageError('wrap needs the server command after --: mcptrace wrap [options] -- COMMAND [ARGS..]');
  return [...command];
}

export async function runWrap(args: WrapArgs, io: CliIO, argv: readonly string[]): Promise<number> {
  if (args.explore === true) {
    throw new UsageError(
      "wrap --explore: wrap's stdin and stdout are the host's pipe, not a terminal; capture with --out FILE and run `mcptrace explore --follow FILE` in another terminal",
    );
  }
  if (args.command !== undefined && args.command.length > 0) {
    // `wrap --live node server.js`: --live took `node` as its file; say so, or the advice would drop a word.
    const at = argv.indexOf('--live');
    const tookWord = at !== -1 && argv[at + 1] === args.live && args.live !== undefined && args.live !== '';
    const words = tookWord ? [args.live!, ...args.command] : args.command;
    const why = tookWord ? ` (--live took ${args.live} as its FILE: --live alone prints to stderr)` : '';
    throw new UsageError(`put the server command after --: mcptrace wrap [options] -- ${words.join(' ')}${why}`);
  }
  const command = commandAfterDashes(argv);
  // Checked before any file is opened.
  const spans = await liveSpans(args, io);
  const liveFile = args.live === undefined || args.live === '' ? null : args.live;
  if (args.out !== undefined && liveFile === args.out)
    throw new UsageError('--live FILE and --out FILE must be different files');
  const out = args.out === undefined ? undefined : openOutput(args.out, args.append, 'capture');
  const live =
    args.live === undefined ? undefined : liveFile === null ? 'stderr' : openOutput(liveFile, false, 'live transcript');
  // The live view checks schemas: load the SDK's as the bundle's ES module chunk (src/protocol/schemas.ts).
  if (live !== undefined || spans !== undefined) await preloadSchemas();
  // wrap answers a closed stdout itself (the server's stdout is closed in turn, then wrap ends with the
  // server's exit code); the executable's EPIPE handler would end the process before that.
  io.stdout.removeAllListeners('error');
  return proxy(
    {
      command,
      out,
      live,
      color: args.color,
      width: args.width,
      maxLine: args.maxLine,
      stderr: args.stderr,
      killAfterMs: args.killAfter,
      captureName: args.out,
      spans,
    },
    io,
  );
}

/** Opens an output file (`--out`, `--live FILE`); one that cannot be written is a usage error. */
export function openOutput(path: string, append: boolean, what: string): SyncFile {
  checkOutputPath(path, what === 'capture' ? '--out' : '--live');
  try {
    return SyncFile.open(path, append);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new UsageError(`cannot write ${what} ${path}: ${e.code ?? e.message}`);
  }
}
