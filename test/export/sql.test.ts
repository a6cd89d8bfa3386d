// mcptrace sql: the DuckDB queries of docs/reference/sql.md over a dataset and over logs; output formats; what a person sees when
// DuckDB is missing, the SQL is wrong or the folder is not a dataset.
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { lazyDataset } from '../helpers/dataset.js';
import { readmeQueries } from '../helpers/readme-sql.js';
import { tempDir } from '../helpers/temp.js';

const INPUTS = [
  'samples/everything.envelope.ndjson',
  'samples/memory.envelope.ndjson',
  'samples/everything-http.har',
  'test/fixtures/violations/capability-not-negotiated/bad.txt',
];

const traffic = lazyDataset('sql', INPUTS);

async function sqlJson(query: string, ...from: string[]): Promise<Record<string, unknown>[]> {
  const r = await runMain(['sql', '-f', 'json', query, ...from]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('mcptrace sql', () => {
  const queries = readmeQueries('DuckDB').filter((q) => q.name !== 'the views');
  it('docs/reference/sql.md has its queries', () => {
    expect(queries.map((q) => q.name)).toEqual(
      expect.arrayContaining(['slowest tools per server', 'capability misuse per client', 'error codes over time']),
    );
  });

  it.each(queries)('answers the documented query: $name', async ({ name, sql }) => {
    const rows = await sqlJson(sql, await traffic());
    expect(rows.length).toBeGreaterThan(0);
    if (name === 'slowest tools per server') {
      expect(rows[0]).toMatchObject({
        server: expect.any(String),
        tool: expect.any(String),
        calls: expect.any(Number),
      });
      expect(rows.map((r) => r.server)).toEqual(expect.arrayContaining(['mcp-servers/everything', 'memory-server']));
    }
    if (name === 'capability misuse per client')
      expect(rows).toContainEqual(
        expect.objectContaining({
          client: 'demo-client',
          capability: 'resources.subscribe',
          method: 'resources/subscribe',
        }),
      );
    if (name === 'error codes over time')
      expect(rows.map((r) => r.code)).toEqual(expect.arrayContaining(['-32602', 'tool_error']));
  });

  it('the documented views, run as they are written, give the same findings as mcptrace sql', async () => {
    const views = readmeQueries('DuckDB')
      .find((q) => q.name === 'the views')!
      .sql.replaceAll("'traffic/", `'${await traffic()}/`);
    const direct = await sqlJson(
      `${views.replace(/CREATE VIEW (\w+)/g, 'CREATE TEMP VIEW readme_$1').replace(/FROM (records|sessions) /g, 'FROM readme_$1 ')}; SELECT count(*) AS n FROM readme_findings`,
      await traffic(),
    );
    const ours = await sqlJson('SELECT count(*) AS n FROM findings', await traffic());
    expect(direct).toEqual(ours);
  });

  it('queries logs directly through a temporary dataset, which it removes', async () => {
    const tmp = tempDir('sql-tmp');
    const r = await runCli(
      [
        'sql',
        '-f',
        'json',
        "SELECT count(*) AS n, count(DISTINCT session) AS s FROM records WHERE kind = 'request'",
        ...INPUTS.slice(0, 2),
      ],
      { env: { TMPDIR: tmp } },
    );
    expect(r.code, r.stderr).toBe(0);
    const [{ n, s }] = JSON.parse(r.stdout);
    expect(s).toBe(2);
    expect(n).toBe(
      (
        await sqlJson(
          "SELECT count(*) AS n FROM records WHERE kind = 'request' AND session IN (SELECT session FROM sessions WHERE file LIKE '%envelope%')",
          await traffic(),
        )
      )[0]!.n,
    );
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('-f json: 64-bit integers are numbers when exact, else text; lists and times as JSON', async () => {
    const [row] = await sqlJson(
      "SELECT 9007199254740993::BIGINT AS big, 42::BIGINT AS small, 1.5::DOUBLE AS d, TIMESTAMP '2026-12-01 10:00:00.250' AS t, [{'rule': 'x'}] AS l, NULL AS z",
      await traffic(),
    );
    expect(row).toEqual({
      big: '9007199254740993',
      small: 42,
      d: 1.5,
      t: '2026-12-01T10:00:00.250Z',
      l: [{ rule: 'x' }],
      z: null,
    });
  });

  it('-f csv and -f table', async () => {
    const q = "SELECT 'a,b' AS x, NULL AS y, '' AS z, 3 AS n";
    const csv = await runMain(['sql', '-f', 'csv', q, await traffic()]);
    expect(csv.stdout).toBe('x,y,z,n\r\n"a,b",,"",3\r\n');
    const table = await runMain(['sql', q, await traffic()]);
    expect(table.stdout).toContain('│ x   │ y    │ z │ n │\n│ a,b │ NULL │   │ 3 │\n');
    expect(table.stdout).toMatch(/1 row\n$/);
    expect(table.stdout).not.toMatch(/\u001b\[/);
    const colored = await runMain(['sql', '--color', q, await traffic()]);
    expect(colored.stdout).toMatch(/\u001b\[1mx\u001b\[22m/);
  });

  it('a query over a dataset with no session: the views still have their columns', async () => {
    const empty = join(tempDir('sql-empty'), 'empty.ndjson');
    writeFileSync(empty, '');
    const [row] = await sqlJson('SELECT count(*) AS n, count(latency_ms) AS l FROM records', empty);
    expect(row).toEqual({ n: 0, l: 0 });
    const dir = join(tempDir('sql-empty'), 'ds');
    expect((await runMain(['export', '--to', 'parquet', '--out', dir, empty])).code).toBe(0);
    expect(await sqlJson('SELECT count(*) AS n FROM sessions', dir)).toEqual([{ n: 0 }]);
  });

  it('wrong SQL, a folder that is not a dataset: one line, exit 2', async () => {
    const bad = await runMain(['sql', 'SELEC 1', await traffic()]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^mcptrace: Parser Error: syntax error at or near "SELEC"\n$/);
    const folder = tempDir('not-dataset');
    const notDataset = await runMain(['sql', 'SELECT 1', folder]);
    expect(notDataset.code).toBe(2);
    expect(notDataset.stderr).toMatch(/not a dataset/);
  });

  it('without DuckDB installed: says so and how to add it (exit 2); export still works', async () => {
    // The bundle and package.json alone, where no node_modules holds @duckdb/node-api.
    const root = tempDir('no-duckdb');
    mkdirSync(join(root, 'dist'));
    cpSync(join(REPO_ROOT, 'dist', 'cli'), join(root, 'dist', 'cli'), { recursive: true });
    cpSync(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
    const bin = join(root, 'dist', 'cli', 'mcptrace.js');
    const { spawnSync } = await import('node:child_process');
    const sql = spawnSync(process.execPath, [bin, 'sql', 'SELECT 1', join(REPO_ROOT, 'samples/everything.ndjson')], {
      encoding: 'utf8',
    });
    expect(sql.status).toBe(2);
    expect(sql.stderr).toMatch(
      /mcptrace sql needs DuckDB \(@duckdb\/node-api, an optional dependency\) and it is not installed: install it with `npm install @duckdb\/node-api@1\.5\.6-r\.1`/,
    );
    const out = join(root, 'ds');
    const exp = spawnSync(
      process.execPath,
      [bin, 'export', '--to', 'parquet', '--out', out, join(REPO_ROOT, 'samples/everything.ndjson')],
      { encoding: 'utf8' },
    );
    expect(exp.status, exp.stderr).toBe(0);
    expect(readdirSync(join(out, 'records'))).toEqual(['date=unknown']);
  });
});
