// export --to parquet into an existing dataset: runs added side by side (run_id, session_uid), read back by hyparquet
// and DuckDB; joins across runs exact; a dataset of another schema version (still read by sql), or a run id already
// there, refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { parquetFiles, readParquet, recordFromRow } from '../helpers/columnar.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';

interface DuckModule {
  queryDataset(dir: string, sql: string): Promise<{ columns: string[]; rows: unknown[][] }>;
}
const duck = (): Promise<DuckModule> => import(pathToFileURL(join(REPO_ROOT, 'dist/src/sql/duckdb.js')).href);
const objects = (r: { columns: string[]; rows: unknown[][] }) =>
  r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c, row[i]])));

const EVERYTHING = 'samples/everything.envelope.ndjson';
const MEMORY = 'samples/memory.envelope.ndjson';

async function annotated(samples: string[]): Promise<Record<string, unknown>[]> {
  const r = await runMain(['annotate', '-f', 'ndjson', ...samples]);
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

async function exportInto(dir: string, samples: string[], extra: string[] = []) {
  return runMain(['export', '--to', 'parquet', '--out', dir, ...extra, ...samples]);
}

describe('export --to parquet into an existing dataset', () => {
  it('adds a second run: both read back whole by hyparquet and DuckDB, and records join their sessions by session_uid exactly', async () => {
    const dir = join(tempDir('fleet'), 'ds');
    // The same log in both runs: every session key and seq of the first run is in the second too.
    expect((await exportInto(dir, [EVERYTHING], ['--run-id', 'run-a'])).code).toBe(0);
    const second = await exportInto(dir, [EVERYTHING, MEMORY]);
    expect(second.code, second.stderr).toBe(0);

    const files = parquetFiles(dir);
    const runB = new Set(files.map((f) => /part-(.+)-\d+\.parquet$/.exec(f)![1]));
    runB.delete('run-a');
    expect(runB.size).toBe(1);
    const b = [...runB][0]!;
    // The default id: the UTC start to the second and 8 hex digits.
    expect(b).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    expect(files.filter((f) => f.includes('part-run-a-')).length).toBeGreaterThan(0);

    const expected: Record<string, Record<string, unknown>[]> = {
      'run-a': await annotated([EVERYTHING]),
      [b]: await annotated([EVERYTHING, MEMORY]),
    };
    const rows = (
      await Promise.all(files.filter((f) => f.startsWith('records/')).map((f) => readParquet(join(dir, f))))
    ).flat();
    for (const run of ['run-a', b]) {
      const mine = rows.filter((r) => r.run_id === run);
      for (const r of mine) expect(r.session_uid).toBe(`${run}/${r.session as string}`);
      expect(mine.map(recordFromRow).sort((x, y) => (x.seq as number) - (y.seq as number))).toEqual(expected[run]);
    }
    expect(rows.length).toBe(expected['run-a']!.length + expected[b]!.length);

    const { queryDataset } = await duck();
    const perRun = objects(
      await queryDataset(
        dir,
        'SELECT run_id, count(*) AS n, count(DISTINCT seq) AS seqs FROM records GROUP BY run_id ORDER BY n',
      ),
    );
    expect(perRun).toEqual([
      { run_id: 'run-a', n: BigInt(expected['run-a']!.length), seqs: BigInt(expected['run-a']!.length) },
      { run_id: b, n: BigInt(expected[b]!.length), seqs: BigInt(expected[b]!.length) },
    ]);
    // Each session row of each run counts exactly the records that join it by session_uid; none is left unjoined.
    const joined = objects(
      await queryDataset(
        dir,
        `SELECT s.run_id, s.session_uid, s.records, count(r.seq) AS joined, count(*) FILTER (r.run_id <> s.run_id) AS other_run
         FROM sessions s LEFT JOIN records r ON r.session_uid = s.session_uid GROUP BY ALL ORDER BY ALL`,
      ),
    );
    expect(joined.length).toBe(3);
    for (const s of joined) {
      expect(s.joined).toBe(s.records);
      expect(s.other_run).toBe(0n);
    }
    const orphans = objects(
      await queryDataset(dir, 'SELECT count(*) AS n FROM records r ANTI JOIN sessions s USING (session_uid)'),
    );
    expect(orphans).toEqual([{ n: 0n }]);
    // The key alone would not do: the first run's session is the second run's too.
    const byKey = objects(
      await queryDataset(
        dir,
        "SELECT count(*) AS n FROM sessions WHERE session = (SELECT session FROM sessions WHERE run_id = 'run-a')",
      ),
    );
    expect(byKey).toEqual([{ n: 2n }]);

    // mcptrace sql over the dataset: the findings view has the run too.
    const sql = await runMain([
      'sql',
      '-f',
      'json',
      'SELECT run_id, count(DISTINCT session_uid) AS sessions FROM findings GROUP BY 1 ORDER BY 1',
      dir,
    ]);
    expect(sql.code, sql.stderr).toBe(0);
    const found = JSON.parse(sql.stdout) as { run_id: string; sessions: number }[];
    expect(found.map((f) => f.run_id).sort()).toEqual([b, 'run-a'].sort());
  });

  it('refuses a dataset of another schema version, and a run id the dataset already holds', async () => {
    const old = join(tempDir('fleet-old'), 'ds');
    const folder = join(old, 'records', 'date=2026-12-01', 'server=everything');
    mkdirSync(folder, { recursive: true });
    const buf = parquetWriteBuffer({
      columnData: [{ name: 'seq', data: [1n], type: 'INT64' }],
      kvMetadata: [{ key: 'mcptrace.schema.version', value: '1' }],
    });
    writeFileSync(join(folder, 'part-0.parquet'), new Uint8Array(buf));
    const r = await exportInto(old, [EVERYTHING]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /a dataset of schema version 1 \(records\/date=2026-12-01\/server=everything\/part-0\.parquet\); this mcptrace writes version 2/,
    );
    expect(parquetFiles(old)).toEqual(['records/date=2026-12-01/server=everything/part-0.parquet']);
    // mcptrace sql still reads it: the columns its files lack (run_id …) are NULL, the findings view too.
    const { queryDataset } = await duck();
    expect(
      objects(
        await queryDataset(old, 'SELECT count(*) AS n, count(run_id) AS runs, count(session_uid) AS uids FROM records'),
      ),
    ).toEqual([{ n: 1n, runs: 0n, uids: 0n }]);
    expect(objects(await queryDataset(old, 'SELECT count(*) AS n FROM findings'))).toEqual([{ n: 0n }]);

    const dir = join(tempDir('fleet-again'), 'ds');
    expect((await exportInto(dir, [EVERYTHING], ['--run-id', 'monday'])).code).toBe(0);
    const before = parquetFiles(dir);
    const again = await exportInto(dir, [MEMORY], ['--run-id', 'monday']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already holds a run monday/);
    expect(parquetFiles(dir)).toEqual(before);
    const bad = await exportInto(dir, [MEMORY], ['--run-id', '../x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--run-id \.\.\/x: expected 1 to 64 letters/);
  });
});
