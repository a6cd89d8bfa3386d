// The ClickHouse views and queries of docs/reference/sql.md run on ClickHouse itself (chDB: the engine embedded, from
// npm) over a dataset from `export --to parquet`, and give the rows its DuckDB queries give over the same dataset; a
// query over one date opens only that date's files.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'chdb';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { lazyDataset } from '../helpers/dataset.js';
import { readmeQueries } from '../helpers/readme-sql.js';
import { tempDir } from '../helpers/temp.js';

// Named servers over several days (a Claude Desktop aggregate log), HTTP, stdio captures, a crafted violation, and a
// raw NDJSON log without times (its records in `date=unknown`).
const INPUTS = [
  'samples/everything.envelope.ndjson',
  'samples/memory.envelope.ndjson',
  'samples/everything-http.har',
  'samples/everything.ndjson',
  'test/fixtures/hosts/claude-desktop/mcp-log-2025-06-aggregate.log',
  'test/fixtures/violations/capability-not-negotiated/bad.txt',
];

const traffic = lazyDataset('clickhouse', INPUTS);

const isViews = (q: { name: string }) => q.name.startsWith('the views');

// chDB holds one data folder per process: one session, its views made again over each dataset.
let session: Session | null = null;
afterAll(() => session?.cleanup());

/** The ClickHouse session with the documented views over `dir`, as docs/reference/sql.md writes them. */
function clickhouse(dir: string): Session {
  session ??= new Session(tempDir('chdb'));
  const views = readmeQueries('ClickHouse').find(isViews)!.sql.replaceAll("'traffic/", `'${dir}/`);
  for (const statement of views.split(/;\s*(?:\n|$)/).filter((v) => v.trim() !== ''))
    session.query(statement.replace(/^CREATE VIEW/, 'CREATE OR REPLACE VIEW'));
  return session;
}

function rowsOf(s: Session, sql: string): Record<string, unknown>[] {
  return s
    .query(sql.replace(/;\s*$/, ''), 'JSONEachRow')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

async function duckdb(sql: string, dir: string): Promise<Record<string, unknown>[]> {
  const r = await runMain(['sql', '-f', 'json', sql, dir]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/**
 * One engine's row as the other's: ClickHouse quotes 64-bit integers in JSON and writes times `2025-06-05 10:00:00.000`
 * (UTC), DuckDB as numbers and ISO times; numbers compared at the queries' own rounding (one decimal).
 */
function normal(row: Record<string, unknown>): string {
  const value = (v: unknown): unknown => {
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return value(Number(v));
    if (typeof v === 'string' && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/.test(v))
      return new Date(/Z|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`).toISOString();
    if (typeof v === 'number') return Math.round(v * 10) / 10;
    return v;
  };
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, value(row[k])]),
  );
}

describe('the ClickHouse SQL of docs/reference/sql.md on ClickHouse (chDB)', () => {
  const duck = new Map(readmeQueries('DuckDB').map((q) => [q.name, q.sql]));
  const queries = readmeQueries('ClickHouse').filter((q) => !isViews(q));

  it('docs/reference/sql.md has a ClickHouse form of every DuckDB query', () => {
    expect(queries.map((q) => q.name).sort()).toEqual([...duck.keys()].filter((name) => !isViews({ name })).sort());
  });

  it.each(queries)("$name: the same rows as DuckDB's form", async ({ name, sql }) => {
    const dir = await traffic();
    const ch = rowsOf(clickhouse(dir), sql).map(normal).sort();
    const dk = (await duckdb(duck.get(name)!, dir)).map(normal).sort();
    expect(ch.length).toBeGreaterThan(0);
    expect(ch).toEqual(dk);
  });

  it('the views: date and server as DuckDB reads them (a date=unknown folder, a server the log never names)', async () => {
    const dir = await traffic();
    const q = 'SELECT date, server, count() AS n FROM records GROUP BY date, server ORDER BY date, server';
    const ch = rowsOf(clickhouse(dir), q);
    expect(ch.map((r) => r.date)).toContain('unknown');
    expect(ch.map((r) => r.server)).toContain(null);
    expect(ch.map((r) => r.server)).toEqual(expect.arrayContaining(['memory', 'weather']));
    expect(ch.map(normal).sort()).toEqual((await duckdb(q.replace('count()', 'count(*)'), dir)).map(normal).sort());
    const findings = 'SELECT at_end, count() AS n FROM findings GROUP BY at_end';
    expect(rowsOf(clickhouse(dir), findings).map(normal).sort()).toEqual(
      (await duckdb(findings.replace('count()', 'count(*)'), dir)).map(normal).sort(),
    );
  });

  it("partition pruning: a query over one date opens only that date's files", async () => {
    const dir = await traffic();
    const s = clickhouse(dir);
    // Files opened by a query: the engine's FileOpen counter (process-wide; nothing else runs in this process now).
    const opened = (sql: string): number => {
      const count = () => Number(rowsOf(s, "SELECT value FROM system.events WHERE event = 'FileOpen'")[0]?.value ?? 0);
      const before = count();
      rowsOf(s, sql);
      return count() - before;
    };
    const files = (sub: string) =>
      readdirSync(join(dir, 'records', sub), { recursive: true }).filter((f) => String(f).endsWith('.parquet')).length;
    opened('SELECT sum(bytes) FROM records'); // the columns are inferred once, then cached
    expect(opened('SELECT sum(bytes) FROM records')).toBe(files(''));
    expect(files('date=2025-06-05')).toBeLessThan(files(''));
    expect(opened("SELECT sum(bytes) FROM records WHERE date = '2025-06-05'")).toBe(files('date=2025-06-05'));
    expect(rowsOf(s, "SELECT count() AS n FROM records WHERE date = '2025-06-05'").map(normal)).toEqual(
      (await duckdb("SELECT count(*) AS n FROM records WHERE date = '2025-06-05'", dir)).map(normal),
    );
  });
});
