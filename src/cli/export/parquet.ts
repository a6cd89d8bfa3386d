// `export --to parquet --out DIR`: the records and sessions as a Hive-partitioned Parquet dataset (docs/dataset.md).
import { readdir } from 'node:fs/promises';
import type { Argv } from 'yargs';
import { DEFAULT_TABLE_OPTIONS } from '../../export/columnar/table-options.js';
import { collectGarbage } from '../heap.js';
import { UsageError } from '../errors.js';
import { TOOL } from '../tool.js';
import { exportRecords } from './records.js';
import type { ExportArgs, ExportTarget } from './target.js';

interface ParquetArgs extends ExportArgs {
  rowGroupRows: number;
  fileRows: number;
}

export const parquetTarget: ExportTarget = {
  describe: 'parquet: a Hive-partitioned dataset in --out DIR (records/, sessions/)',
  options: <T>(y: Argv<T>) =>
    y
      .option('row-group-rows', { describe: 'parquet: rows per row group', type: 'number', default: DEFAULT_TABLE_OPTIONS.rowGroupRows, group: 'Parquet:' })
      .option('file-rows', { describe: 'parquet: rows per file before the next part-N.parquet of a partition', type: 'number', default: DEFAULT_TABLE_OPTIONS.fileRows, group: 'Parquet:' }) as unknown as Argv<T>,
  async run(a, io) {
    const args = a as ParquetArgs;
    if (args.out === undefined) throw new UsageError('export --to parquet needs --out DIR (the dataset folder)');
    await emptyFolder(args.out);
    for (const [flag, v] of [['row-group-rows', args.rowGroupRows], ['file-rows', args.fileRows]] as const) {
      if (!Number.isSafeInteger(v) || v < 1) throw new UsageError(`--${flag} ${v}: expected a whole number of at least 1`);
    }
    // Loaded here: the Parquet writer is needed by this target alone.
    const { ParquetDataset } = await import('../../export/columnar/parquet-dataset.js');
    const dataset = new ParquetDataset(args.out, {
      ...DEFAULT_TABLE_OPTIONS, rowGroupRows: args.rowGroupRows, fileRows: args.fileRows, createdBy: `mcptrace version ${TOOL.version}`, afterGroup: collectGarbage,
    });
    await exportRecords(args, io, { add: (r) => dataset.add(r), end: async (summary) => void (await dataset.end(summary)) });
    return 0;
  },
};

/** A dataset is written into a new or empty folder: files of an earlier export would be read as part of it. */
async function emptyFolder(dir: string): Promise<void> {
  try {
    const entries = await readdir(dir);
    if (entries.length > 0) throw new UsageError(`--out ${dir}: the folder is not empty (a dataset is written into a new or empty folder)`);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') throw new UsageError(`--out ${dir}: not a folder`);
    throw err;
  }
}
