// An output file named on the command line (-o, --out, --live FILE) checked before any work: a one-line usage error.
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../util/errors.js';

/**
 * Throws a usage error when `path` cannot be a file to write: its folder does not exist (or is not a folder), or the
 * path is a folder. Checked at start, so a long analysis is not run for a report that cannot be written.
 */
export function checkOutputPath(path: string, flag: string): void {
  const folder = dirname(resolve(path));
  const dir = statSync(folder, { throwIfNoEntry: false });
  if (dir === undefined) throw new UsageError(`${flag} ${path}: the folder ${folder} does not exist (create it first)`);
  if (!dir.isDirectory()) throw new UsageError(`${flag} ${path}: ${folder} is not a folder`);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`${flag} ${path}: is a folder; give a file name`);
}
