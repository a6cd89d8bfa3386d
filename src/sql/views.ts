// The SQL views `mcptrace sql` defines over a dataset: `records`, `sessions` and `findings` (docs/dataset.md).
import type { Column, ColumnType } from '../export/columnar/columns.js';
import { RECORDS } from '../export/columnar/record-columns.js';
import { SESSIONS } from '../export/columnar/session-rows.js';

/** A string as a DuckDB literal. */
function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

const DUCKDB_TYPES: Record<ColumnType, string> = {
  string: 'VARCHAR',
  json: 'VARCHAR',
  int32: 'INTEGER',
  int64: 'BIGINT',
  double: 'DOUBLE',
  bool: 'BOOLEAN',
  timestamp: 'TIMESTAMP',
  findings: 'STRUCT(rule VARCHAR, severity VARCHAR, message VARCHAR)[]',
  endFindings: 'STRUCT(seq BIGINT, source VARCHAR, rule VARCHAR, severity VARCHAR, message VARCHAR)[]',
};

/**
 * A table's view: its Parquet files with the `date` partition as text (`unknown` is a value too); `union_by_name` so
 * that files of a later schema version, with more columns, read together with older ones, and the table's columns as
 * typed NULLs `BY NAME` so that a column no file has yet (a version 1 dataset has no `run_id`) reads as NULL. With no
 * file (nothing exported to the table): the same columns and no row, so that queries still run.
 */
function tableView(name: string, columns: readonly Column<never>[], files: string | null): string {
  const cols = columns.map((c) => `CAST(NULL AS ${DUCKDB_TYPES[c.type]}) AS "${c.name}"`).join(', ');
  if (files === null) return `CREATE VIEW ${name} AS SELECT ${cols}, CAST(NULL AS VARCHAR) AS "date" WHERE false`;
  return (
    `CREATE VIEW ${name} AS SELECT * FROM read_parquet(${sqlString(files)}, hive_partitioning = true, hive_types = {'date': VARCHAR}, union_by_name = true) ` +
    `UNION ALL BY NAME SELECT ${cols} WHERE false`
  );
}

/** Every finding, one row each: those on records, and those only the end of input told (`at_end`, from sessions). */
const FINDINGS_VIEW = `CREATE VIEW findings AS
SELECT r.date, r.server, r.session, r.seq, r.source, r.time, r.kind, r.method, r.target, f.rule, f.severity, f.message, false AS at_end, r.run_id, r.session_uid
FROM records r, unnest(r.findings) AS u(f)
UNION ALL
SELECT s.date, s.server, s.session, f.seq, f.source, NULL, NULL, NULL, NULL, f.rule, f.severity, f.message, true, s.run_id, s.session_uid
FROM sessions s, unnest(s.end_findings) AS u(f)`;

/** The statements that define the three views; `files(table)`: the table's glob, or null when it has no file. */
export function viewStatements(files: (table: string) => string | null): string[] {
  return [
    tableView(RECORDS.name, RECORDS.columns as readonly Column<never>[], files(RECORDS.name)),
    tableView(SESSIONS.name, SESSIONS.columns as readonly Column<never>[], files(SESSIONS.name)),
    FINDINGS_VIEW,
  ];
}
