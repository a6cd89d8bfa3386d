// What a command needs from the process, passed in so commands can run in-process in tests.
import type { Readable, Writable } from 'node:stream';
import { Analyzer, type AnalyzerOptions } from '../analyzer.js';
import type { Detection, DocumentSummary, InputFormat } from '../input/index.js';
import {
  analyzeFollow,
  analyzeStream,
  analyzeStreamBatches,
  analyzeStreamEach,
  type InputSource,
} from '../analyze-stream.js';
import { describeDocument, untilAborted, type FollowProgress } from '../input/index.js';
import { colorEnabled, createPalette, type Palette } from '../output/color.js';
import { escapeTerminal } from '../output/escape.js';
import { SessionTags } from '../output/session-tags.js';
import type { PipelineRecord } from '../types.js';
import { buildSelection, type FilterOptions } from './filter.js';
import { atLogEnd, needsLogEnd } from './log-end.js';
import { UsageError } from '../util/errors.js';
import {
  checkSomethingToRead,
  resolveFollowInputs,
  resolveInputs,
  type FollowInput,
  type NamedInput,
} from './inputs.js';
import { Merged } from './follow-merge.js';
import { folderLogs } from '../input/files/log-folder.js';
import { readdir } from 'node:fs/promises';
import { HeapKeeper } from './heap.js';
import { createLogger, type Log, type LogDestination, type LogLevel } from './logger.js';
import { statusPrinter } from './input-notes.js';
import { preloadSchemas } from '../protocol/schemas.js';
import { controllingColumns } from './controlling-terminal.js';

export interface CliIO {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  /** Ends a `--follow` run instead of SIGINT/SIGTERM (in-process tests). */
  stop?: AbortSignal;
  /** Where diagnostics (`--log-level`) go instead of fd 2 (in-process tests). */
  diagnostics?: LogDestination;
  /** The controlling terminal's columns, when neither stdout nor stderr is a terminal (none in in-process tests). */
  controllingColumns?: () => number | undefined;
}

export function processIO(): CliIO {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, controllingColumns };
}

/** Colour for stdout: `--color`/`--no-color` win, then NO_COLOR / FORCE_COLOR, then TTY detection. */
export function paletteFor(io: CliIO, color: boolean | undefined): Palette {
  if (color !== undefined) return createPalette(color);
  return createPalette(colorEnabled({ isTTY: io.stdout.isTTY === true, env: io.env }));
}

/**
 * The diagnostics logger of a command (`--log-level`): readable lines when stderr is a terminal (coloured as
 * NO_COLOR / FORCE_COLOR and the terminal allow), pino's JSON lines when it is not.
 */
export function loggerFor(level: string, io: CliIO): Log {
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  return createLogger(
    level as LogLevel,
    io.diagnostics,
    tty ? createPalette(colorEnabled({ isTTY: tty, env: io.env })) : undefined,
  );
}

/** The options every log-reading command shares. */
export interface RunArgs extends FilterOptions {
  files?: string[];
  inputFormat?: InputFormat;
  maxPending: number;
  /** `--max-sessions`: live sessions before the least recently active one is retired. */
  maxSessions?: number;
  /** `--max-message-bytes`: longest line or record read whole. */
  maxMessageBytes?: number;
  logLevel: string;
  /** Keep reading the inputs as they grow until `follow` (the stop signal given to `openRun`) fires. */
  follow?: boolean;
}

/**
 * Sets up a run: the analyzer over all inputs and the records that pass the filters, in order. With
 * `args.follow`, `stop` (from `withFollow`) ends the followed input.
 */
export function openRun(
  args: RunArgs,
  io: CliIO,
  /** `tags`: the sessions' tags the output shows, given here from every record before the filters see it. */
  more: Pick<AnalyzerOptions, 'rules' | 'ruleOptions'> & { tags?: SessionTags } = {},
  stop?: AbortSignal,
  /** Sees every record, those the filters leave out too, before they are handed on (what the diagnosis reads). */
  all?: (r: PipelineRecord) => void,
  /** A session of this input went wrong, as the diagnosis of its records says when it ends (the note on an input with no MCP message). */
  wentWrong?: (file: string) => boolean,
): {
  analyzer: Analyzer;
  each: (onRecord: (r: PipelineRecord) => Promise<void> | void) => Promise<void>;
  batches: AsyncGenerator<PipelineRecord[]>;
} {
  checkSomethingToRead(args.files, io.stdin as { isTTY?: boolean });
  const log = loggerFor(args.logLevel, io);
  const { tags = new SessionTags(), ...rules } = more;
  const analyzer = new Analyzer({
    inputFormat: args.inputFormat,
    maxPending: args.maxPending,
    maxSessions: args.maxSessions,
    maxMessageBytes: args.maxMessageBytes,
    onDetect: (file, d) => logDetection(log, file, d),
    status: statusPrinter(io, log, args.logLevel, wentWrong),
    onDocument: (file, s) => logDocument(log, file, s),
    ...rules,
  });
  const select = (f: FilterOptions) => {
    const built = buildSelection(f, args.maxPending, { sessionTag: (key) => tags.of(key) });
    // A session's tag is given from all the records, before the filters pick among them: it does not depend on them.
    return (
      built && {
        ...built,
        push(r: PipelineRecord) {
          tags.of(r.session);
          return built.push(r);
        },
      }
    );
  };
  // `--since 5m`: the selection is made once a first pass has found the log's end (log-end.ts).
  const afterEnd = needsLogEnd(args);
  let selection = afterEnd ? null : select(args);
  const ready = async () => {
    if (afterEnd && selection === null) selection = select(await atLogEnd(args, io));
  };
  const ended = () => {
    for (const line of selection?.end() ?? []) io.stderr.write(`mcptrace: ${escapeTerminal(line)}\n`);
  };
  // The schema check will run: load its schemas now, as the bundle's own chunk (faster than on first use).
  const schemas = more.rules?.['schema-violation'] === 'off' ? null : preloadSchemas();
  // Consume one of the two: `batches` (the records of each chunk read, for the hot path) or `each` (one by one, each
  // handed over as soon as its frame is annotated, for sinks that read the analyzer's state as of the record).
  async function* batches(): AsyncGenerator<PipelineRecord[]> {
    await schemas;
    await ready();
    if (args.follow && stop) {
      for await (const r of followedRecords(analyzer, args, stop, io, log)) {
        all?.(r);
        const kept = selection ? selection.push(r) : [r];
        if (kept.length > 0) yield kept;
      }
      ended();
      return;
    }
    const chosen = selection;
    for await (const b of batchesOf(analyzer, args.files, io, log)) {
      if (all) for (let i = 0; i < b.length; i++) all(b[i]!);
      const kept = chosen ? b.flatMap((r) => chosen.push(r)) : b;
      if (kept.length > 0) yield kept;
    }
    ended();
  }
  /** Every record to `onRecord`; a promise it returns (its output is full) is awaited before the next chunk is read. */
  async function each(onRecord: (r: PipelineRecord) => Promise<void> | void): Promise<void> {
    await schemas;
    await ready();
    const one =
      !selection && !all
        ? onRecord
        : (r: PipelineRecord) => {
            all?.(r);
            if (!selection) return onRecord(r);
            const kept = selection.push(r);
            if (kept.length === 0) return undefined;
            if (kept.length === 1) return onRecord(kept[0]!);
            // A held request and its answer: both handed over now, in order (the next record is read before a promise is awaited).
            const pending = kept.map((x) => onRecord(x)).filter((p) => p !== undefined);
            return pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined);
          };
    if (args.follow && stop) {
      for await (const r of followedRecords(analyzer, args, stop, io, log)) {
        const pending = one(r);
        if (pending) await pending;
      }
      ended();
      return;
    }
    await eachOf(analyzer, args.files, io, log, one);
    ended();
  }
  return { analyzer, each, batches: batches() };
}

/** At `--log-level info`: which format detection chose for an input, and every dialect's score over the lines it judged. */
function logDetection(log: Log, file: string, d: Detection): void {
  const scores = Object.fromEntries(d.scores.dialects.map((s) => [s.name, s.score]));
  const table = d.scores.dialects.map((s) => `${s.name} ${s.score}`).join(', ');
  const how = d.conclusive ? '' : ' (nothing conclusive: the fallback)';
  log.info(
    { input: file, format: d.format, conclusive: d.conclusive, lines: d.scores.lines, scores },
    `${file}: read as ${d.format}${how}; dialect scores over ${d.scores.lines} lines: ${table}`,
  );
}

/**
 * At `--log-level info`: where a JSON document's records were read and what it held besides, by path. Values that are
 * not messages (an export's metadata, a fixture's expectations) are skipped without an error; this line is how a person
 * learns what was passed over, and where to look when a document's messages were not where mcptrace reads them.
 */
function logDocument(log: Log, file: string, s: DocumentSummary): void {
  log.info(
    { input: file, read: s.read, skipped: s.skipped, more: s.more },
    `${file}: JSON document: ${describeDocument(s)}`,
  );
}

/**
 * `--follow`: the records of each input as it grows, until `stop` fires: one file, stdin, several files or a folder's
 * logs, read at once and handed on as they come (each record's `source` names its file). A followed folder is looked at
 * again every `FOLDER_POLL_MS`, and a log that appears in it is followed too.
 */
async function* followedRecords(
  analyzer: Analyzer,
  args: RunArgs,
  stop: AbortSignal,
  io: CliIO,
  log: Log,
): AsyncGenerator<PipelineRecord> {
  const inputs = resolveFollowInputs(args.files);
  const one = (input: FollowInput) => followOne(analyzer, input, stop, io, log);
  if (inputs.length === 1 && inputs[0]!.kind !== 'folder') {
    yield* one(inputs[0]!);
    return;
  }
  const merged = new Merged<PipelineRecord>();
  const followed = new Set<string>();
  const follow = (name: string) => {
    if (followed.has(name)) return;
    followed.add(name);
    merged.add(one({ name, kind: 'file' }));
  };
  for (const input of inputs) if (input.kind !== 'folder') merged.add(one(input));
  const folders = inputs.filter((i) => i.kind === 'folder').map((i) => i.name);
  void watchFolders(folders, stop, follow, log).finally(() => merged.close());
  yield* merged;
}

/** How often a followed folder is looked at for new logs. */
const FOLDER_POLL_MS = 1000;

/**
 * Follows the current file of each log in `folders` (a log's newest file; its rotations are history), then looks again
 * every `FOLDER_POLL_MS` until `stop`, following each new one.
 */
async function watchFolders(
  folders: readonly string[],
  stop: AbortSignal,
  follow: (name: string) => void,
  log: Log,
): Promise<void> {
  const seen = new Map<string, string>();
  for (const folder of folders) log.debug({ input: folder }, 'watching the folder');
  while (!stop.aborted) {
    for (const folder of folders) {
      let names: string;
      try {
        names = (await readdir(folder, { recursive: true })).sort().join('\n');
      } catch {
        continue; // gone for now: looked at again
      }
      if (seen.get(folder) === names) continue;
      seen.set(folder, names);
      for (const { files } of (await folderLogs(folder)).logs) {
        const newest = files[files.length - 1]!;
        log.debug({ input: folder, file: newest }, 'following a log of the folder');
        follow(newest);
      }
    }
    await sleep(FOLDER_POLL_MS, stop);
  }
}

function sleep(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done);
  });
}

/**
 * One followed input: a file's segments (up to a truncation or replacement, each a new input; what happens to the file
 * is told to the run's status), or stdin, read until it closes or `stop` fires.
 */
async function* followOne(
  analyzer: Analyzer,
  input: FollowInput,
  stop: AbortSignal,
  io: CliIO,
  log: Log,
): AsyncGenerator<PipelineRecord> {
  log.debug({ input: input.name }, 'following');
  if (input.kind === 'stdin') {
    try {
      yield* analyzeStream(analyzer, untilAborted(io.stdin as AsyncIterable<Buffer>, stop), '-');
    } finally {
      // Stopped while a read was pending: close stdin, or the open pipe would keep the process alive.
      if (stop.aborted) (io.stdin as { destroy?: () => void }).destroy?.();
    }
    return;
  }
  // At --log-level debug: each read of new bytes, and each time the follower has caught up (tests wait for these).
  const onProgress = (p: FollowProgress) => {
    if (p.kind === 'reading') log.debug({ input: input.name, from: p.from, to: p.to }, 'reading new bytes');
    else log.debug({ input: input.name, at: p.at }, 'caught up');
  };
  try {
    yield* analyzeFollow(analyzer, input.name, { signal: stop, onProgress });
  } catch (err) {
    // The file became unreadable (permissions, a folder now has its name): an input error, exit 2.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === undefined) throw err;
    throw new UsageError(code === 'ENOTFILE' ? (err as Error).message : `cannot read ${input.name}: ${code}`);
  }
}

/** A file's bytes as a way to open them, so that it can be read again (other-readings.ts); stdin's as they come. */
function again(input: NamedInput): InputSource {
  return input.files.length > 0 ? input.open : input.open();
}

/** Every record of every input, in order, to `onRecord`; each input is its own stream with its own sessions. */
async function eachOf(
  analyzer: Analyzer,
  files: readonly string[] | undefined,
  io: CliIO,
  log: Log,
  onRecord: (r: PipelineRecord) => Promise<void> | void,
): Promise<void> {
  // Kept in bounds like the batch path.
  const heap = new HeapKeeper();
  // What the consumer asked to wait for (its output is full), awaited before the next chunk is read.
  const wait: { for?: Promise<void> } = {};
  const take = (r: PipelineRecord): void => {
    const p = onRecord(r);
    if (p) wait.for = p;
    heap.add(r.bytes);
  };
  for (const input of await resolveInputs(files, io.stdin, log)) {
    log.debug({ input: input.name }, 'reading');
    for await (const _ of analyzeStreamEach(analyzer, again(input), input.name, take)) {
      const p = wait.for;
      wait.for = undefined;
      if (p) await p;
    }
  }
  heap.end();
}

/** Every record of every input, in order, a chunk's worth at a time; each input is its own stream with its own sessions. */
async function* batchesOf(
  analyzer: Analyzer,
  files: readonly string[] | undefined,
  io: CliIO,
  log: Log,
): AsyncGenerator<PipelineRecord[]> {
  const heap = new HeapKeeper();
  for (const input of await resolveInputs(files, io.stdin, log)) {
    log.debug({ input: input.name }, 'reading');
    for await (const batch of analyzeStreamBatches(analyzer, again(input), input.name)) {
      yield batch;
      for (let i = 0; i < batch.length; i++) heap.add(batch[i]!.bytes);
    }
  }
  heap.end();
}
