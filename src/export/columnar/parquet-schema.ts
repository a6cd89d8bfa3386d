// A table's columns as a Parquet schema: flat primitives, and findings as a standard three-level LIST of structs.
import type { SchemaElement } from 'hyparquet';
import type { Column, ColumnType } from './columns.js';
import type { LeafSpec } from './leaf.js';

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
  findings: [
    ['rule', UTF8],
    ['severity', UTF8],
    ['message', UTF8],
  ],
  endFindings: [
    ['seq', { type: 'INT64' }],
    ['source', UTF8],
    ['rule', UTF8],
    ['severity', UTF8],
    ['message', UTF8],
  ],
};

/** The schema of a file holding these columns (the list form every engine reads: `name` LIST → `list` → `element`). */
export function parquetSchema(columns: readonly Column<unknown>[]): SchemaElement[] {
  const out: SchemaElement[] = [{ name: 'root', num_children: columns.length }];
  for (const c of columns) {
    if (c.type === 'findings' || c.type === 'endFindings') {
      const fields = STRUCT_FIELDS[c.type];
      out.push(
        {
          name: c.name,
          repetition_type: c.required ? 'REQUIRED' : 'OPTIONAL',
          converted_type: 'LIST',
          num_children: 1,
        },
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

/**
 * The leaves of each column (one for a flat column; a list of structs has one per field), with their levels and how
 * they are encoded. The encoding is decided by the schema, not by looking at the data: text from a small vocabulary
 * (a column not marked `long`, a finding's rule and severity) is dictionary-encoded; long text and numbers are PLAIN.
 */
export function leafSpecs(columns: readonly Column<unknown>[]): LeafSpec[][] {
  const schema = parquetSchema(columns);
  const out: LeafSpec[][] = [];
  let i = 1;
  const walk = (path: string[], def: number, rep: number, column: Column<unknown>, into: LeafSpec[]): void => {
    const element = schema[i++]!;
    const name = [...path, element.name];
    const d = element.repetition_type === 'REQUIRED' ? def : def + 1;
    const r = element.repetition_type === 'REPEATED' ? rep + 1 : rep;
    if (!element.num_children) {
      const text = element.type === 'BYTE_ARRAY';
      const vocabulary = text && (name.length === 1 ? !column.long : DICTIONARY_FIELDS.has(element.name));
      into.push({ element, path: name, maxDef: d, maxRep: r, dictionary: vocabulary, stats: column.stats === true });
      return;
    }
    for (let c = 0; c < element.num_children; c++) walk(name, d, r, column, into);
  };
  for (const column of columns) {
    const leaves: LeafSpec[] = [];
    walk([], 0, 0, column, leaves);
    out.push(leaves);
  }
  return out;
}

/** The struct fields of the finding lists that come from a small vocabulary. */
const DICTIONARY_FIELDS = new Set(['rule', 'severity']);
