// Opens the inputs named on the command line: files, or stdin for `-` or none.
import { createReadStream, statSync } from 'node:fs';
import type { InputBytes } from '../analyze-stream.js';
import { folderLogs } from '../input/files/log-folder.js';
import { UsageError } from '../util/errors.js';
import type { Log } from './logger.js';

/** One input of a run: a file, stdin, or a log of a folder with its rotations (read as one). */
export interface NamedInput {
  /** Name used in `source` fields: the path as given, `-` for stdin; a folder's log: its path (its rotations keep theirs). */
  name: string;
  /** The files read as this input, oldest first: the file; a folder's log after its rotations; none for stdin. */
  files: string[];
  open(): InputBytes;
}

/** How the CLI passes a bare `-` (stdin) through the argument parser, which would drop it. */
export const STDIN_ARG = '\u0000stdin';

/**
 * No file named and stdin is a terminal: a person ran `mcptrace` bare, and reading stdin would wait silently for
 * input they do not know to type. A usage error says what to pass instead (`-` still reads a terminal on purpose).
 */
export function checkSomethingToRead(files: readonly string[] | undefined, stdin: { isTTY?: boolean }): void {
  if ((files === undefined || files.length === 0) && stdin.isTTY === true) {
    throw new UsageError('nothing to read: give a log file or pipe one in (mcptrace --help)');
  }
}

/**
 * Checks every file before anything is read, so a typo fails fast with exit 2. A folder gives the logs in it
 * (src/input/files/log-folder.ts), each with its rotations; what it passed over is told to `log` (`--log-level info`).
 */
export async function resolveInputs(
  files: readonly string[] | undefined,
  stdin: NodeJS.ReadableStream = process.stdin,
  log?: Log,
): Promise<NamedInput[]> {
  const list = files && files.length > 0 ? files.map((f) => (f === STDIN_ARG ? '-' : String(f))) : ['-'];
  if (list.filter((f) => f === '-').length > 1) throw new UsageError('stdin (-) can be read only once');
  const out: NamedInput[] = [];
  for (const name of list) {
    if (name === '-') {
      out.push({ name, files: [], open: () => stdin as AsyncIterable<Buffer> });
      continue;
    }
    let kind: 'file' | 'folder' | 'other';
    try {
      const st = statSync(name);
      kind = st.isFile() ? 'file' : st.isDirectory() ? 'folder' : 'other';
    } catch (err) {
      throw inputError(name, err);
    }
    if (kind === 'other') throw new UsageError(`not a file: ${name}`);
    if (kind === 'file') {
      out.push({ name, files: [name], open: () => fileBytes(name) });
      continue;
    }
    let found;
    try {
      found = await folderLogs(name);
    } catch (err) {
      throw inputError(name, err);
    }
    for (const s of found.skipped)
      log?.info(
        { input: name, folder: s.folder, files: s.files },
        `${s.folder}: ${s.files} ${s.files === 1 ? 'file' : 'files'} not read (${s.why})`,
      );
    if (found.logs.length === 0)
      throw new UsageError(
        `no logs in ${name}: no file named as one (*.log, *.jsonl, *.ndjson, *.json, *.txt, *.har, *.pcap …)`,
      );
    for (const { files: chain } of found.logs) {
      const newest = chain[chain.length - 1]!;
      out.push({
        name: newest,
        files: chain,
        open: () =>
          chain.length === 1 ? fileBytes(newest) : chain.map((file) => ({ file, bytes: lazyFileBytes(file) })),
      });
    }
  }
  return out;
}

function fileBytes(name: string): AsyncIterable<Buffer> {
  return createReadStream(name, { highWaterMark: 256 * 1024 });
}

/** A file's bytes, opened when first read (a log's rotations are opened one at a time). */
async function* lazyFileBytes(name: string): AsyncGenerator<Buffer> {
  yield* fileBytes(name);
}

function inputError(name: string, err: unknown): UsageError {
  const code = (err as NodeJS.ErrnoException).code;
  return new UsageError(
    code === 'ENOENT' ? `no such file: ${name}` : `cannot read ${name}: ${code ?? (err as Error).message}`,
  );
}

/** An input of `--follow`: a file (which need not exist yet), stdin, or a folder whose logs are followed. */
export interface FollowInput {
  name: string;
  kind: 'file' | 'stdin' | 'folder';
}

/**
 * The inputs of `--follow`: files, which need not exist yet (each is waited for), folders, and stdin (`-` or none),
 * which is read as usual until it closes or the follow is stopped.
 */
export function resolveFollowInputs(files: readonly string[] | undefined): FollowInput[] {
  const list = files && files.length > 0 ? files.map((f) => (f === STDIN_ARG ? '-' : String(f))) : ['-'];
  if (list.filter((f) => f === '-').length > 1) throw new UsageError('stdin (-) can be read only once');
  return list.map((name): FollowInput => {
    if (name === '-') return { name, kind: 'stdin' };
    try {
      const st = statSync(name);
      if (st.isDirectory()) return { name, kind: 'folder' };
      if (!st.isFile()) throw new UsageError(`not a file: ${name}`);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      // A file that is not there yet is waited for (`mcptrace annotate --follow out.ndjson` before `wrap` starts).
      if (code !== 'ENOENT') throw new UsageError(`cannot read ${name}: ${code ?? (err as Error).message}`);
    }
    return { name, kind: 'file' };
  });
}

/** The inputs named on the command line (`-` for stdin, a folder's logs), each checked as `resolveInputs` does. */
export async function inputList(files: readonly string[] | undefined, log?: Log): Promise<NamedInput[]> {
  return resolveInputs(files, process.stdin, log);
}
