// `mcptrace export --to TARGET [files..]`: the annotated records for other systems; a dispatcher over the targets.
import type { Argv } from 'yargs';
import type { CliIO } from './context.js';
import { UsageError } from '../util/errors.js';
import { csvTarget } from './export/csv.js';
import { otlpTarget } from './export/otlp.js';
import { parquetTarget } from './export/parquet.js';
import type { ExportArgs, ExportTarget } from './export/target.js';
import { filterOptions, inputOptions, jobsOption, whereOptions } from './options.js';
import type { RedactArgs } from './redact-options.js';
import { ruleOptions } from './rule-options.js';

/** One line per target: its options and its run live in its own module under export/. */
const TARGETS: Readonly<Record<string, ExportTarget>> = {
  otlp: otlpTarget,
  parquet: parquetTarget,
  csv: csvTarget,
};

export function exportBuilder(y: Argv) {
  let b = jobsOption(
    ruleOptions(whereOptions(filterOptions(inputOptions(y)))),
    '1, or up to 4 from 256 MiB of input on, for csv; otlp: a second thread encodes the spans; parquet: 1',
  )
    .option('to', {
      describe: `target: ${Object.values(TARGETS)
        .map((t) => t.describe)
        .join('; ')}`,
      choices: Object.keys(TARGETS),
      demandOption: true,
    })
    .option('out', {
      describe:
        'where to write: a folder for parquet (new, or a dataset to add this run to), a file for otlp and csv (default: stdout)',
      type: 'string',
    })
    .option('run-id', {
      describe:
        "parquet, csv: the run's id in the run_id and session_uid columns and the part files' names (default: the UTC start time and 8 random hex digits)",
      type: 'string',
    });
  for (const t of Object.values(TARGETS)) b = t.options(b);
  return b
    .example(
      '$0 export --to otlp --endpoint http://localhost:4318 session.ndjson',
      'spans and metrics to an OpenTelemetry collector (OTLP/HTTP)',
    )
    .example(
      '$0 export --to otlp --out traces.jsonl session.ndjson',
      "the OTLP file exporter's JSON lines, for the collector's otlpjsonfile receiver",
    )
    .example(
      '$0 export --to parquet --out traffic/ logs/*.ndjson',
      'a Parquet dataset: traffic/records/date=…/server=…/part-<run id>-0.parquet, traffic/sessions/…; again to add a run',
    )
    .example('$0 export --to csv --out records.csv session.ndjson', 'the same columns as CSV, for a spreadsheet')
    .example('$0 sql "SELECT method, count(*) FROM records GROUP BY 1" traffic/', 'query the dataset');
}

export function runExport(args: ExportArgs, io: CliIO): Promise<number> {
  // The redaction flags are the OTLP target's: the datasets keep the log as it was.
  const r = args as ExportArgs & RedactArgs;
  if (args.to !== 'otlp' && (r.redact === true || r.redactKey !== undefined))
    throw new UsageError(`--redact and --redact-key: for --to otlp only, not --to ${args.to}`);
  return TARGETS[args.to]!.run(args, io);
}
