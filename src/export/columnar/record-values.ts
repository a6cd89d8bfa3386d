// A `records` row as its columns' values in order, for a row made in one thread and written in another (`export
// --to parquet --jobs`: the workers make the rows, the coordinator writes them): the same columns, each reading its
// value from the row's array instead of deriving it from the record.
import type { Column } from './columns.js';
import { RECORDS } from './record-columns.js';
import type { RecordRow } from './record-row.js';

/** A record's row: the value of each of `RECORDS`' columns, at the column's index. */
export type RecordValues = unknown[];

/** `RECORDS`' columns over rows of values (their schema, hence the files' bytes, the same). */
export const RECORD_VALUE_COLUMNS: readonly Column<RecordValues>[] = RECORDS.columns.map((c, i) => ({
  ...c,
  get: (v: RecordValues) => v[i],
}));

/** The index of `RECORDS`' column `name`. */
export function recordColumn(name: string): number {
  const i = RECORDS.columns.findIndex((c) => c.name === name);
  if (i === -1) throw new Error(`no records column ${name}`);
  return i;
}

/** The value of every column of `row`, in order. */
export function recordValues(row: RecordRow): RecordValues {
  const cols = RECORDS.columns;
  const v: RecordValues = new Array(cols.length);
  for (let i = 0; i < cols.length; i++) v[i] = cols[i]!.get(row);
  return v;
}
