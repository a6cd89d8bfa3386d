// The columnar schema's building blocks: a column is a name, a type, whether it may be null, and what it holds.

/**
 * The version of the dataset schema (records, sessions, findings), recorded in every Parquet file's key-value metadata
 * as `mcptrace.schema.version` (docs/dataset.md). A column is never renamed or retyped within a version; a new version
 * may only add columns at the end of a table. Version 2 added `run_id` and `session_uid` to both tables.
 */
export const SCHEMA_VERSION = 2;

/** Key-value metadata key holding `SCHEMA_VERSION`. */
export const SCHEMA_VERSION_KEY = 'mcptrace.schema.version';

/**
 * `string`: UTF-8 text; `json`: UTF-8 text holding a JSON value (kept a plain string so that every engine reads it);
 * `timestamp`: UTC milliseconds (TIMESTAMP_MILLIS); `findings`: a list of `{rule, severity, message}` structs;
 * `endFindings`: the same with the `seq` and `source` of the record they are about.
 */
export type ColumnType =
  | 'string'
  | 'json'
  | 'int32'
  | 'int64'
  | 'double'
  | 'bool'
  | 'timestamp'
  | 'findings'
  | 'endFindings';

export interface Column<T> {
  name: string;
  type: ColumnType;
  /** Never null (REQUIRED in Parquet). */
  required?: true;
  /**
   * Long text, mostly different on every row (the message, raw text): written without a dictionary or min/max
   * statistics, which would cost time and never pay (no engine prunes on them).
   */
  long?: true;
  /**
   * Min/max statistics are written (a reader skips row groups by them): on the columns queries filter or sort by.
   * Elsewhere they cost time and never pay.
   */
  stats?: true;
  /**
   * The column holds numbers a run gives across its inputs, which an `export --jobs` worker cannot know (it numbers its
   * file or piece from 1; the coordinator moves them, src/cli/export/csv-jobs.ts): `seq`, a record's seq; `session`, a
   * session key at the end of its text (an unkeyed session is numbered over the run); `findings`, findings whose
   * messages may quote other records' seqs.
   */
  renumber?: 'seq' | 'session' | 'findings';
  /** One line for the schema page (docs/dataset.md). */
  doc: string;
  /** The value of this column for one row; null when absent. int64 values are numbers (exact up to 2^53). */
  get(row: T): unknown;
}

/** A table of the dataset: its name (the folder under the dataset) and its columns in order. */
export interface Table<T> {
  name: string;
  columns: readonly Column<T>[];
}
