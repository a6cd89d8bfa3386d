// How a table of the dataset is cut into row groups and files, and how much it may buffer (no heavy imports: the CLI reads the defaults).

export interface TableWriterOptions {
  /** Rows of one partition gathered into a row group (the last group of a file may be smaller). */
  rowGroupRows: number;
  /** Rows per file: past it the partition's file is closed and `part-N+1.parquet` begun. */
  fileRows: number;
  /** Weight (bytes, roughly) buffered across all partitions before the fullest partition's rows are written out. */
  bufferedWeight: number;
  /** Files open at once; past it the least recently written one is closed (its partition's next rows start a new part). */
  openFiles: number;
  /** The Parquet files' `created_by`. */
  createdBy: string;
  /** The export run's id (run-id.ts): in every file's name (`part-<run>-N.parquet`) and in the `run_id` column. */
  runId: string;
}

export const DEFAULT_TABLE_OPTIONS: Omit<TableWriterOptions, 'createdBy' | 'runId'> = {
  rowGroupRows: 16 * 1024,
  fileRows: 1024 * 1024,
  bufferedWeight: 32 * 1024 * 1024,
  openFiles: 32,
};
