// `mcptrace sql "SELECT …" [DIR|files..]`: SQL over an exported dataset, or over logs exported to a temporary one first.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { escapeJsonForTerminal, escapeTerminal } from '../output/escape.js';
import { newRunId } from '../export/columnar/run-id.js';
import { DEFAULT_TABLE_OPTIONS } from '../export/columnar/table-options.js';
import { formatResultCsv, formatResultJson, formatResultTable, type PlainResult } from '../sql/result-text.js';
import { paletteFor, type CliIO } from './context.js';
import { UsageError } from '../util/errors.js';
import { exportRecords } from './export/records.js';
import type { ExportArgs } from './export/target.js';
import { filterOptions, inputOptions } from './options.js';
import { ruleOptions } from './rule-options.js';
import { TOOL } from '../util/tool.js';
import { writeText } from './writer.js';

export interface SqlArgs extends Omit<ExportArgs, 'to'> {
  color?: boolean;
  query: string;
  format: 'table' | 'csv' | 'json';
}

export function sqlBuilder(y: Argv) {
  return ruleOptions(filterOptions(inputOptions(y)))
    .positional('query', { describe: 'the SQL (DuckDB) over the views records, sessions and findings', type: 'string' })
    .option('format', { alias: 'f', describe: 'output format', choices: ['table', 'csv', 'json'], default: 'table' })
    .example(
      '$0 sql "SELECT method, count(*) n FROM records GROUP BY 1 ORDER BY n DESC" traffic/',
      'over a dataset from `export --to parquet --out traffic/`',
    )
    .example(
      '$0 sql -f json "SELECT rule, count(*) n FROM findings GROUP BY 1" session.ndjson',
      'over a log directly (exported to a temporary dataset first)',
    );
}

export async function runSql(args: SqlArgs, io: CliIO): Promise<number> {
  const dataset = await datasetFolder(args.files);
  const dir = dataset ?? (await mkdtemp(join(tmpdir(), 'mcptrace-sql-')));
  try {
    if (dataset === null) await exportTo(dir, args, io);
    const { queryDataset, DuckDBMissing } = await import('../sql/duckdb.js');
    const { plainValue } = await import('../sql/values.js');
    let result: PlainResult;
    try {
      const r = await queryDataset(dir, args.query);
      result = { columns: r.columns, rows: r.rows.map((row) => row.map(plainValue)) };
    } catch (err) {
      // DuckDB's own errors (syntax, unknown column …) are the user's to fix: one line, exit 2.
      if (
        err instanceof DuckDBMissing ||
        (err as Error).constructor?.name === 'DuckDBError' ||
        /Error: /.test((err as Error).message)
      )
        throw new UsageError((err as Error).message.split('\n')[0]!);
      throw err;
    }
    const text =
      args.format === 'json'
        ? formatResultJson(result)
        : args.format === 'csv'
          ? formatResultCsv(result)
          : formatResultTable(result, paletteFor(io, args.color), {
              width: io.stdout.isTTY ? (io.stdout as { columns?: number }).columns : undefined,
            });
    // CSV and JSON on a terminal: control characters from the logs are shown escaped, as annotate does (ARCHITECTURE.md principle 7).
    const shown =
      !io.stdout.isTTY || args.format === 'table'
        ? text
        : args.format === 'json'
          ? escapeJsonForTerminal(text)
          : escapeTerminal(text);
    await writeText(io.stdout, shown);
    return 0;
  } finally {
    if (dataset === null) await rm(dir, { recursive: true, force: true });
  }
}

/** The one argument, when it is a dataset folder (it has `records/` or `sessions/`); null for logs. */
async function datasetFolder(files: readonly string[] | undefined): Promise<string | null> {
  if (files === undefined || files.length !== 1) return null;
  const s = await stat(files[0]!).catch(() => null);
  if (s === null || !s.isDirectory()) return null;
  const tables = await Promise.all(
    ['records', 'sessions'].map((t) =>
      stat(join(files[0]!, t)).then(
        (x) => x.isDirectory(),
        () => false,
      ),
    ),
  );
  if (!tables.includes(true))
    throw new UsageError(
      `${files[0]}: a folder that is not a dataset (no records/ or sessions/ in it; write one with mcptrace export --to parquet --out DIR)`,
    );
  return files[0]!;
}

async function exportTo(dir: string, args: SqlArgs, io: CliIO): Promise<void> {
  const { ParquetDataset } = await import('../export/columnar/parquet-dataset.js');
  const dataset = new ParquetDataset(dir, {
    ...DEFAULT_TABLE_OPTIONS,
    createdBy: `mcptrace version ${TOOL.version}`,
    runId: newRunId(),
  });
  await exportRecords({ ...args, to: 'parquet' }, io, {
    add: (r) => dataset.add(r),
    end: async (s) => void (await dataset.end(s)),
  });
}
