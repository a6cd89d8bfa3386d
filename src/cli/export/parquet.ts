// `export --to parquet --out DIR`: the records and sessions as a Hive-partitioned Parquet dataset (docs/dataset.md).
import type { Argv } from 'yargs';
import { SCHEMA_VERSION } from '../../export/columnar/columns.js';
import { DEFAULT_TABLE_OPTIONS } from '../../export/columnar/table-options.js';
import { UsageError } from '../../util/errors.js';
import { TOOL } from '../../util/tool.js';
import { exportRecords } from './records.js';
import { sayWrote } from '../wrote.js';
import { countOf } from '../../util/plural.js';
import { runIdOf, type ExportArgs, type ExportTarget } from './target.js';

interface ParquetArgs extends ExportArgs {
  rowGroupRows: number;
  fileRows: number;
}

export const parquetTarget: ExportTarget = {
  describe: 'parquet: a Hive-partitioned dataset in --out DIR (records/, sessions/), new or one to add this run to',
  options: <T>(y: Argv<T>) =>
    y
      .option('row-group-rows', {
        describe: 'parquet: rows per row group',
        type: 'number',
        default: DEFAULT_TABLE_OPTIONS.rowGroupRows,
        group: 'Parquet:',
      })
      .option('file-rows', {
        describe: 'parquet: rows per file before the next part-<run id>-N.parquet of a partition',
        type: 'number',
        default: DEFAULT_TABLE_OPTIONS.fileRows,
        group: 'Parquet:',
      }) as unknown as Argv<T>,
  async run(a, io) {
    const args = a as ParquetArgs;
    if (args.out === undefined) throw new UsageError('export --to parquet needs --out DIR (the dataset folder)');
    const runId = runIdOf(args);
    await checkOut(args.out, runId);
    for (const [flag, v] of [
      ['row-group-rows', args.rowGroupRows],
      ['file-rows', args.fileRows],
    ] as const) {
      if (!Number.isSafeInteger(v) || v < 1)
        throw new UsageError(`--${flag} ${v}: expected a whole number of at least 1`);
    }
    // Loaded here: the Parquet writer is needed by this target alone.
    const { ParquetDataset } = await import('../../export/columnar/parquet-dataset.js');
    const opts = {
      ...DEFAULT_TABLE_OPTIONS,
      rowGroupRows: args.rowGroupRows,
      fileRows: args.fileRows,
      createdBy: `mcptrace version ${TOOL.version}`,
      runId,
    };
    const say = (records: number, sessions: number, files: string[]) =>
      sayWrote(
        io,
        args.out!,
        `${countOf(records, 'record')}, ${countOf(sessions, 'session')} in ${countOf(files.length, 'file')}`,
      );
    // `--jobs` (or large input): the rows made in worker threads, the same files.
    const { parquetJobs } = await import('./parquet-jobs.js');
    const parallel = await parquetJobs(args, io, runId, () => new ParquetDataset(args.out!, opts, true));
    if (parallel !== null) {
      await say(parallel.records, parallel.summary.sessions.length, parallel.files);
      return 0;
    }
    const dataset = new ParquetDataset(args.out, opts);
    let records = 0;
    await exportRecords(args, io, {
      add: (r) => (records++, dataset.add(r)),
      end: async (summary) => say(records, summary.sessions.length, await dataset.end(summary)),
    });
    return 0;
  },
};

/**
 * `--out` is new, empty, or a dataset this version writes (the run's files are added: months of a fleet's traffic in
 * one dataset). Anything else would be read as part of the dataset, or not be readable with it.
 */
async function checkOut(dir: string, runId: string): Promise<void> {
  // Loaded here: it reads Parquet footers (hyparquet), which no other command needs.
  const { folderContent } = await import('../../export/columnar/dataset-version.js');
  const c = await folderContent(dir);
  if (c.kind === 'not-folder') throw new UsageError(`--out ${dir}: not a folder`);
  if (c.kind === 'other')
    throw new UsageError(
      `--out ${dir}: the folder is neither empty nor an mcptrace dataset (no records/ or sessions/ in it)`,
    );
  if (c.kind === 'dataset' && c.file !== null && c.version !== SCHEMA_VERSION) {
    const was = c.version === null ? 'no mcptrace schema version' : `schema version ${c.version}`;
    throw new UsageError(
      `--out ${dir}: a dataset of ${was} (${c.file}); this mcptrace writes version ${SCHEMA_VERSION} and adds runs only to a dataset of the same version: export into a new folder`,
    );
  }
  if (c.kind === 'dataset' && c.runs.has(runId))
    throw new UsageError(`--out ${dir}: the dataset already holds a run ${runId} (--run-id): give another id`);
}
