// Opens the inputs named on the command line: files, or stdin for `-` or none.
import { createReadStream, statSync } from 'node:fs';
import { UsageError } from './errors.js';

interface NamedInput {
  /** Name used in `source` fields: the path as given, `-` for stdin. */
  name: string;
  open(): AsyncIterable<Buffer | string>;
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

/** Checks every file before anything is read, so a typo fails fast with exit 2. */
export function resolveInputs(files: readonly string[] | undefined, stdin: NodeJS.ReadableStream = process.stdin): NamedInput[] {
  const list = files && files.length > 0 ? files.map((f) => (f === STDIN_ARG ? '-' : String(f))) : ['-'];
  if (list.filter((f) => f === '-').length > 1) throw new UsageError('stdin (-) can be read only once');
  return list.map((name) => {
    if (name === '-') return { name, open: () => stdin as AsyncIterable<Buffer> };
    let isFile = false;
    try {
      isFile = statSync(name).isFile();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UsageError(code === 'ENOENT' ? `no such file: ${name}` : `cannot read ${name}: ${code ?? (err as Error).message}`);
    }
    if (!isFile) throw new UsageError(`not a file: ${name}`);
    return { name, open: () => createReadStream(name, { highWaterMark: 256 * 1024 }) };
  });
}

/**
 * The one input of `--follow`: a file, which need not exist yet (it is waited for), or stdin (`-` or none),
 * which is read as usual until it closes or the follow is stopped.
 */
export function resolveFollowInput(files: readonly string[] | undefined): { name: string; stdin: boolean } {
  const list = files && files.length > 0 ? files.map((f) => (f === STDIN_ARG ? '-' : String(f))) : ['-'];
  if (list.length > 1) throw new UsageError(`--follow reads one file, not ${list.length}`);
  const name = list[0];
  if (name === '-') return { name, stdin: true };
  try {
    if (!statSync(name).isFile()) throw new UsageError(`not a file: ${name}`);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    // A file that is not there yet is waited for (`mcptrace annotate --follow out.ndjson` before `wrap` starts).
    if (code !== 'ENOENT') throw new UsageError(`cannot read ${name}: ${code ?? (err as Error).message}`);
  }
  return { name, stdin: false };
}

/** The inputs named on the command line (`-` for stdin), each checked as `resolveInputs` does. */
export function inputNames(files: readonly string[] | undefined): string[] {
  return resolveInputs(files).map((i) => i.name);
}
