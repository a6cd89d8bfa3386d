// What an `export` target is (`--to otlp|parquet|csv`): its own options, and a run over the annotated records.
import type { Argv } from 'yargs';
import type { CliIO, RunArgs } from '../context.js';
import type { RuleArgs } from '../rule-options.js';

/** The options every target shares: the inputs, filters and rule settings of `annotate`, `--to` and `--out`. */
export interface ExportArgs extends RunArgs, RuleArgs {
  to: string;
  out?: string;
}

export interface ExportTarget {
  /** One line for `--to`'s help. */
  describe: string;
  /** Adds the target's own options (grouped under its name in the help). */
  options<T>(y: Argv<T>): Argv<T>;
  run(args: ExportArgs, io: CliIO): Promise<number>;
}
