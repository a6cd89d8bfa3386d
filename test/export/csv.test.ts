// export --to csv: RFC 4180 text that an independent parser (DuckDB's read_csv) reads back as the dataset's columns.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { parquetFiles, readParquet } from '../helpers/columnar.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';

/** The same run id for the CSV and the Parquet export compared with it. */
const RUN = 'csv-run';

const SAMPLES = [
  'samples/everything.envelope.ndjson',
  'samples/everything-http.har',
  'samples/everything.transcript.txt',
  'samples/everything-http.curl.txt',
];

interface DuckModule {
  queryDataset(dir: string, sql: string): Promise<{ columns: string[]; rows: unknown[][] }>;
}
const duck = (): Promise<DuckModule> => import(pathToFileURL(join(REPO_ROOT, 'dist/src/sql/duckdb.js')).href);

/** A value read from Parquet as the CSV writes it: null stays null (an empty field); lists as JSON. */
function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));
  return String(v);
}

async function parquetRows(samples: string[], table: string): Promise<Record<string, unknown>[]> {
  const dir = join(tempDir('csv-pq'), 'ds');
  expect((await runMain(['export', '--to', 'parquet', '--out', dir, '--run-id', RUN, ...samples])).code).toBe(0);
  const files = parquetFiles(dir).filter((f) => f.startsWith(`${table}/`));
  return (await Promise.all(files.map((f) => readParquet(join(dir, f))))).flat();
}

async function csvRows(file: string): Promise<{ columns: string[]; rows: unknown[][] }> {
  const { queryDataset } = await duck();
  // Every field as text; an empty field is NULL and `""` the empty text.
  const read = `read_csv('${file}', header = true, all_varchar = true, delim = ',', quote = '"', escape = '"', allow_quoted_nulls = false, sample_size = -1)`;
  return queryDataset(tempDir('csv-empty'), `SELECT * FROM ${read}`);
}

describe('export --to csv', () => {
  it.each(SAMPLES)('%s: read back by DuckDB as the columns of the records table', async (sample) => {
    const file = join(tempDir('csv'), 'records.csv');
    const r = await runMain(['export', '--to', 'csv', '--out', file, '--run-id', RUN, sample]);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = await csvRows(file);
    const expected = (await parquetRows([sample], 'records')).sort((a, b) => Number(a.seq) - Number(b.seq));
    expect(parsed.columns).toEqual(Object.keys(expected[0]!));
    expect(parsed.rows).toEqual(expected.map((row) => Object.values(row).map(asText)));
    // Fields with commas, quotes and line breaks are there, quoted (the messages are JSON).
    expect(text).toMatch(/,"\{""/);
    // stdout gets the same text.
    expect((await runMain(['export', '--to', 'csv', '--run-id', RUN, sample])).stdout).toBe(text);
  });

  it('--table sessions: one row per session', async () => {
    const file = join(tempDir('csv'), 'sessions.csv');
    const samples = ['samples/everything.envelope.ndjson', 'samples/memory.envelope.ndjson'];
    expect(
      (await runMain(['export', '--to', 'csv', '--table', 'sessions', '--out', file, '--run-id', RUN, ...samples]))
        .code,
    ).toBe(0);
    const parsed = await csvRows(file);
    const expected = await parquetRows(samples, 'sessions');
    expect(parsed.rows).toEqual(expected.map((row) => Object.values(row).map(asText)));
  });

  it('an --out that cannot be written is a clear error', async () => {
    const r = await runMain([
      'export',
      '--to',
      'csv',
      '--out',
      join(tempDir('csv'), 'no/such/dir.csv'),
      'samples/everything.ndjson',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out .*cannot write \(ENOENT\)/);
  });
});

describe('export --out says what it wrote', () => {
  it('one line on stderr: the file and its size and rows (csv), the folder and its records and files (parquet); none to stdout', async () => {
    const dir = tempDir('export-wrote');
    const csv = await runMain(['export', '--to', 'csv', '--out', join(dir, 'r.csv'), 'samples/everything.ndjson']);
    const size = readFileSync(join(dir, 'r.csv')).length.toLocaleString('en-US');
    expect(csv.stderr).toMatch(new RegExp(`^mcptrace: wrote .*r\\.csv \\(${size} bytes; 144 rows\\)\\n$`));
    const pq = await runMain(['export', '--to', 'parquet', '--out', join(dir, 'ds'), 'samples/everything.ndjson']);
    expect(pq.stderr).toMatch(/^mcptrace: wrote .*ds \(144 records, 1 session in 2 files\)\n$/);
    expect((await runMain(['export', '--to', 'csv', 'samples/everything.ndjson'])).stderr).toBe('');
  });
});
