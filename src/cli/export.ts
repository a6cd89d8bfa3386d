// `mcptrace export --to TARGET [files..]`: the annotated records in another system's format. Each target (its options
// and its code) is one entry of TARGETS; a target's code is loaded only when it runs.
import type { Argv } from 'yargs';
import { otlpTarget } from '../export/otlp/target.js';
import type { CliIO, RunArgs } from './context.js';
import { inputOptions } from './options.js';
import { ruleOptions, type RuleArgs } from './rule-options.js';

/** What every target gets: the input options, the rule settings (the findings on the records), `--out`. */
export interface ExportArgs extends RunArgs, RuleArgs {
  to: string;
  out?: string;
}

export interface ExportTarget {
  /** One line for `--to`'s help. */
  describe: string;
  /** The target's own options (grouped under its name in `--help`). */
  options<T>(y: Argv<T>): Argv<T>;
  run(args: ExportArgs, io: CliIO): Promise<number>;
}

const TARGETS: Readonly<Record<string, ExportTarget>> = {
  otlp: otlpTarget,
};

export function exportBuilder(y: Argv) {
  const names = Object.keys(TARGETS);
  let built = ruleOptions(inputOptions(y))
    .option('to', {
      describe: `export target: ${names.map((n) => `${n} (${TARGETS[n]!.describe})`).join('; ')}`,
      choices: names,
      demandOption: true,
      group: 'Export:',
    })
    .option('out', { alias: 'o', describe: 'where to write (a file or folder, per target; - for stdout)', type: 'string', group: 'Export:' }) as Argv;
  for (const n of names) built = TARGETS[n]!.options(built);
  return built
    .example('$0 export --to otlp --endpoint http://localhost:4318 session.ndjson', 'spans and metrics to an OpenTelemetry collector (OTLP/HTTP)')
    .example('$0 export --to otlp --out traces.jsonl session.ndjson', "the OTLP file exporter's JSON lines, for the collector's otlpjsonfile receiver");
}

export function runExport(args: ExportArgs, io: CliIO): Promise<number> {
  return TARGETS[args.to]!.run(args, io);
}
