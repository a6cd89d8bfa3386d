// What an `export` target is (`--to otlp|parquet|csv`): its own options, and a run over the annotated records.
import type { Argv } from 'yargs';
import { newRunId, RUN_ID } from '../../export/columnar/run-id.js';
import { UsageError } from '../../util/errors.js';
import type { CliIO, RunArgs } from '../context.js';
import type { RuleArgs } from '../rule-options.js';

/** The options every target shares: the inputs, filters and rule settings of `annotate`, `--to` and `--out`. */
export interface ExportArgs extends RunArgs, RuleArgs {
  to: string;
  out?: string;
  /** `--run-id` (parquet, csv); checked by `runIdOf`. */
  runId?: string;
  /** `--jobs N`: worker threads, for the targets that use them (csv, parquet: the rows; otlp: a second thread encodes the spans). */
  jobs?: number;
}

export interface ExportTarget {
  /** One line for `--to`'s help. */
  describe: string;
  /** Adds the target's own options (grouped under its name in the help). */
  options<T>(y: Argv<T>): Argv<T>;
  run(args: ExportArgs, io: CliIO): Promise<number>;
}

/** `--run-id` when given and valid, else a new one; a usage error for an id that cannot be part of a file name. */
export function runIdOf(args: ExportArgs): string {
  if (args.runId === undefined) return newRunId();
  if (!RUN_ID.test(args.runId))
    throw new UsageError(
      `--run-id ${args.runId}: expected 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  return args.runId;
}
