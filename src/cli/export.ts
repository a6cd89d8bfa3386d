// `mcptrace export --to TARGET [files..]`: the annotated records for other systems; a dispatcher over the targets.
import type { Argv } from 'yargs';
import type { CliIO } from './context.js';
import { otlpTarget } from './export/otlp.js';
import type { ExportArgs, ExportTarget } from './export/target.js';
import { filterOptions, inputOptions } from './options.js';
import { ruleOptions } from './rule-options.js';

/** One line per target: its options and its run live in its own module under export/. */
const TARGETS: Readonly<Record<string, ExportTarget>> = {
  otlp: otlpTarget,
};

export function exportBuilder(y: Argv) {
  let b = ruleOptions(filterOptions(inputOptions(y)))
    .option('to', { describe: `target: ${Object.values(TARGETS).map((t) => t.describe).join('; ')}`, choices: Object.keys(TARGETS), demandOption: true })
    .option('out', { describe: 'where to write: a file for otlp (default: stdout)', type: 'string' });
  for (const t of Object.values(TARGETS)) b = t.options(b);
  return b
    .example('$0 export --to otlp --endpoint http://localhost:4318 session.ndjson', 'spans and metrics to an OpenTelemetry collector (OTLP/HTTP)')
    .example('$0 export --to otlp --out traces.jsonl session.ndjson', "the OTLP file exporter's JSON lines, for the collector's otlpjsonfile receiver");
}

export function runExport(args: ExportArgs, io: CliIO): Promise<number> {
  return TARGETS[args.to]!.run(args, io);
}
