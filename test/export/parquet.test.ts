// export --to parquet: every recorded sample's dataset read back by two readers other than the writer (hyparquet, and
// DuckDB) gives exactly the records `annotate -f ndjson` prints; partitions, schema version and pruning.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { parquetFiles, parquetKeyValues, readParquet, recordFromRow } from '../helpers/columnar.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLES = [
  ...readdirSync(join(REPO_ROOT, 'samples'))
    .filter((f) => f !== 'README.md')
    .map((f) => `samples/${f}`),
  // 2026-07-28 HTTP: the request headers (Mcp-Method, Mcp-Name, Mcp-Param-*) and an answer's unasked session id.
  'test/fixtures/violations/request-metadata-headers/bad.har',
  'test/fixtures/violations/modern-session-id/bad.har',
];

interface DuckModule {
  queryDataset(dir: string, sql: string): Promise<{ columns: string[]; rows: unknown[][] }>;
}
const duck = (): Promise<DuckModule> => import(pathToFileURL(join(REPO_ROOT, 'dist/src/sql/duckdb.js')).href);

async function annotated(sample: string): Promise<Record<string, unknown>[]> {
  const r = await runMain(['annotate', '-f', 'ndjson', sample]);
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

async function exported(samples: string[], extra: string[] = []): Promise<string> {
  const dir = join(tempDir('parquet'), 'ds');
  const r = await runMain(['export', '--to', 'parquet', '--out', dir, ...extra, ...samples]);
  expect(r.code, r.stderr).toBe(0);
  return dir;
}

const objects = (r: { columns: string[]; rows: unknown[][] }) =>
  r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c, row[i]])));

describe('export --to parquet', () => {
  it.each(SAMPLES)('%s: hyparquet and DuckDB read back the records annotate prints', async (sample) => {
    const expected = await annotated(sample);
    const dir = await exported([sample]);
    const files = parquetFiles(dir);
    expect(files.some((f) => f.startsWith('records/date='))).toBe(true);
    expect(files.some((f) => f.startsWith('sessions/date='))).toBe(true);
    const rows = (
      await Promise.all(files.filter((f) => f.startsWith('records/')).map((f) => readParquet(join(dir, f))))
    ).flat();
    const viaHyparquet = rows.map(recordFromRow).sort((a, b) => (a.seq as number) - (b.seq as number));
    expect(viaHyparquet).toEqual(expected);
    const { queryDataset } = await duck();
    const viaDuck = objects(await queryDataset(dir, 'SELECT * EXCLUDE (date) FROM records ORDER BY seq')).map(
      recordFromRow,
    );
    expect(viaDuck).toEqual(expected);
    // Each file is in the partition of its rows' date and server.
    for (const f of files.filter((x) => x.startsWith('records/'))) {
      const [, date, server] = /^records\/date=([^/]+)\/server=([^/]+)\//.exec(f)!;
      for (const row of await readParquet(join(dir, f))) {
        expect(date).toBe(row.time === null ? 'unknown' : (row.time as Date).toISOString().slice(0, 10));
        expect(server === '__HIVE_DEFAULT_PARTITION__' ? null : decodeURIComponent(server!)).toBe(row.server);
      }
    }
  });

  it('records the schema version in every file, and one session row per session', async () => {
    const dir = await exported(['samples/everything.envelope.ndjson', 'samples/memory.envelope.ndjson']);
    for (const f of parquetFiles(dir)) expect(parquetKeyValues(join(dir, f))['mcptrace.schema.version']).toBe('2');
    const { queryDataset } = await duck();
    const sessions = objects(
      await queryDataset(
        dir,
        'SELECT session, server_name, client_name, records, requests, first_ts FROM sessions ORDER BY first_ts',
      ),
    );
    const counts = objects(
      await queryDataset(
        dir,
        "SELECT session, count(*) AS records, count(*) FILTER (kind = 'request') AS requests FROM records GROUP BY session",
      ),
    );
    expect(sessions.map((s) => s.server_name)).toEqual(['mcp-servers/everything', 'memory-server']);
    for (const s of sessions)
      expect(counts).toContainEqual({ session: s.session, records: s.records, requests: s.requests });
  });

  it('writes row groups and rotates files as rows stream (small limits), and DuckDB prunes partitions by date', async () => {
    const dir = await exported(
      ['samples/everything.envelope.ndjson', 'samples/everything-http.har'],
      ['--row-group-rows', '10', '--file-rows', '40', '--run-id', 'small'],
    );
    const records = parquetFiles(dir).filter((f) => f.startsWith('records/'));
    expect(records).toContain('records/date=2026-11-30/server=__HIVE_DEFAULT_PARTITION__/part-small-3.parquet');
    const { queryDataset } = await duck();
    const all = objects(
      await queryDataset(dir, 'SELECT count(*) AS n, count(DISTINCT date) AS dates FROM records'),
    )[0]!;
    expect(all.dates).toBe(2n);
    // Only the files of the one date are opened: DuckDB's profile counts the files it read.
    const plan = objects(
      await queryDataset(dir, "EXPLAIN ANALYZE SELECT count(*) FROM records WHERE date = '2026-12-01'"),
    );
    const text = String(plan[0]!.explain_value);
    const oneDate = records.filter((f) => f.includes('date=2026-12-01')).length;
    expect(text).toMatch(new RegExp(`Total Files Read: ${oneDate}\\b`));
    expect(oneDate).toBeLessThan(records.length);
  });

  it('refuses a folder that is neither empty nor a dataset, and needs --out', async () => {
    const dir = tempDir('parquet-other');
    writeFileSync(join(dir, 'notes.txt'), 'not a dataset\n');
    const again = await runMain(['export', '--to', 'parquet', '--out', dir, 'samples/everything.ndjson']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/neither empty nor an mcptrace dataset/);
    const none = await runMain(['export', '--to', 'parquet', 'samples/everything.ndjson']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/needs --out DIR/);
  });
});
