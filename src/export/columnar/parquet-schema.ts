// A table's columns as a Parquet schema: flat primitives, and findings as a standard three-level LIST of structs.
import type { SchemaElement } from 'hyparquet';
import type { Column, ColumnType } from './columns.js';

type Leaf = Pick<SchemaElement, 'type' | 'converted_type'>;

const UTF8: Leaf = { type: 'BYTE_ARRAY', converted_type: 'UTF8' };

// JSON text is written as plain UTF8, not the JSON converted type: Spark, ClickHouse and Athena all read a string.
const LEAVES: Partial<Record<ColumnType, Leaf>> = {
  string: UTF8,
  json: UTF8,
  int32: { type: 'INT32' },
  int64: { type: 'INT64' },
  double: { type: 'DOUBLE' },
  bool: { type: 'BOOLEAN' },
  timestamp: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' },
};

/** The struct fields of a `findings` and an `endFindings` list element. */
const STRUCT_FIELDS: Readonly<Record<'findings' | 'endFindings', readonly [string, Leaf][]>> = {
  findings: [['rule', UTF8], ['severity', UTF8], ['message', UTF8]],
  endFindings: [['seq', { type: 'INT64' }], ['source', UTF8], ['rule', UTF8], ['severity', UTF8], ['message', UTF8]],
};

/** The schema of a file holding these columns (the list form every engine reads: `name` LIST → `list` → `element`). */
export function parquetSchema(columns: readonly Column<unknown>[]): SchemaElement[] {
  const out: SchemaElement[] = [{ name: 'root', num_children: columns.length }];
  for (const c of columns) {
    if (c.type === 'findings' || c.type === 'endFindings') {
      const fields = STRUCT_FIELDS[c.type];
      out.push(
        { name: c.name, repetition_type: c.required ? 'REQUIRED' : 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { name: 'element', repetition_type: 'REQUIRED', num_children: fields.length },
        ...fields.map(([name, leaf]) => ({ name, ...leaf, repetition_type: 'REQUIRED' as const })),
      );
    } else {
      out.push({ name: c.name, ...LEAVES[c.type]!, repetition_type: c.required ? 'REQUIRED' : 'OPTIONAL' });
    }
  }
  return out;
}

/** A column's value as the Parquet writer takes it: int64 values as bigint (nested ones too). */
export function parquetValue(type: ColumnType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'int64') return BigInt(v as number);
  if (type === 'endFindings') return (v as { seq: number }[]).map((f) => ({ ...f, seq: BigInt(f.seq) }));
  return v;
}
