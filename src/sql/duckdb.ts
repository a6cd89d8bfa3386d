// The embedded DuckDB of `mcptrace sql`: an optional dependency, loaded only here, with the dataset's views defined.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { viewStatements } from './views.js';

/** The result of a query: column names, and rows of DuckDB's JS values (bigint, Date …) in column order. */
export interface QueryResult {
  columns: string[];
  rows: unknown[][];
}

/** Thrown when @duckdb/node-api is not installed (it is an optional dependency): the message says what to do. */
export class DuckDBMissing extends Error {}

type DuckDB = typeof import('@duckdb/node-api');

async function loadDuckDB(): Promise<DuckDB> {
  try {
    return await import('@duckdb/node-api');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ERR_MODULE_NOT_FOUND'
        ? 'it is not installed'
        : `it did not load (${(err as Error).message.split('\n')[0]})`;
    throw new DuckDBMissing(
      `mcptrace sql needs DuckDB (@duckdb/node-api, an optional dependency) and ${why}: ` +
        'install it with `npm install @duckdb/node-api@1.5.6-r.1` where mcptrace is installed, or query the dataset from `mcptrace export --to parquet` with another engine',
    );
  }
}

/** Whether a folder holds a Parquet file at any depth (a table with no file gets an empty view). */
function hasParquet(dir: string): boolean {
  if (!existsSync(dir)) return false;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isFile() && e.name.endsWith('.parquet')) return true;
    if (e.isDirectory() && hasParquet(join(dir, e.name))) return true;
  }
  return false;
}

/** Runs `sql` in an in-memory DuckDB with the views `records`, `sessions`, `findings` over the dataset in `dir`. */
export async function queryDataset(dir: string, sql: string): Promise<QueryResult> {
  const { DuckDBInstance } = await loadDuckDB();
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const views = viewStatements((table) =>
      hasParquet(join(dir, table)) ? join(dir, table, '**', '*.parquet') : null,
    );
    for (const v of views) await connection.run(v);
    const reader = await connection.runAndReadAll(sql);
    return { columns: reader.deduplicatedColumnNames(), rows: reader.getRowsJS() };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
