// The Parquet encoder (src/export/columnar/leaf.ts and its pages) on what the recorded samples never hold: every column
// type with nulls, text outside the BMP, negative and 2^53 integers, -0 and NaN, pages past 1 MiB, a dictionary that
// overflows within a chunk, several row groups; read back by hyparquet and by DuckDB, statistics included.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata, parquetReadObjects, snappyUncompress } from 'hyparquet';
import { snappyCompress } from 'hyparquet-writer/src/snappy.js';
import { describe, expect, it } from 'vitest';
import type { Column } from '../../src/export/columnar/columns.js';
import { ParquetFile } from '../../src/export/columnar/parquet-file.js';
import { snappy } from '../../src/export/columnar/snappy.js';
import { tempDir } from '../helpers/temp.js';

interface Row {
  i: number;
}

const WORDS = ['a', 'é', '😀', '\uffff', '', 'tools/call', null];
const DOUBLES = [0, -0, 1.5, -2.25, NaN, 1e300, null];
const findings = (i: number) =>
  Array.from({ length: i % 4 }, (_, k) => ({
    rule: `r${k}`,
    severity: k % 2 ? 'error' : 'info',
    message: `m${i}.${k} ✓`,
  }));

const COLUMNS: readonly Column<Row>[] = [
  { name: 'word', type: 'string', stats: true, doc: '', get: ({ i }) => WORDS[i % WORDS.length] },
  // Distinct on every row: past 32768 in a chunk the dictionary stops and the rest of the chunk is PLAIN.
  {
    name: 'key',
    type: 'string',
    stats: true,
    required: true,
    doc: '',
    get: ({ i }) => `k${String(i).padStart(6, '0')}`,
  },
  // 60 bytes a row: two 1 MiB pages in the first chunk.
  {
    name: 'long',
    type: 'json',
    long: true,
    doc: '',
    get: ({ i }) => (i % 5 === 0 ? null : `{"n":${i},"pad":"${'x'.repeat(40)}ü"}`),
  },
  { name: 'i32', type: 'int32', doc: '', get: ({ i }) => (i % 3 === 0 ? null : i % 2 ? -i : i) },
  {
    name: 'i64',
    type: 'int64',
    stats: true,
    required: true,
    doc: '',
    get: ({ i }) => (i === 7 ? 2 ** 53 - 1 : i === 8 ? -(2 ** 53 - 1) : i * 4_294_967_311 * (i % 2 ? -1 : 1)),
  },
  { name: 'dbl', type: 'double', stats: true, doc: '', get: ({ i }) => DOUBLES[i % DOUBLES.length] },
  { name: 'flag', type: 'bool', doc: '', get: ({ i }) => (i % 11 === 0 ? null : i % 100 < 50 ? true : i % 3 === 0) },
  {
    name: 'time',
    type: 'timestamp',
    stats: true,
    doc: '',
    get: ({ i }) => (i % 9 === 0 ? null : 1_764_547_200_000 + i * 1000),
  },
  { name: 'findings', type: 'findings', required: true, doc: '', get: ({ i }) => findings(i) },
  {
    name: 'end',
    type: 'endFindings',
    required: true,
    doc: '',
    get: ({ i }) => findings(i + 1).map((f, k) => ({ seq: i * 10 + k, source: `f:${i}`, ...f })),
  },
];

/** What a reader gives back for row `i` (int64 as bigint, timestamps as Date). */
function expected(i: number): Record<string, unknown> {
  const v = Object.fromEntries(COLUMNS.map((c) => [c.name, c.get({ i }) ?? null]));
  v.i64 = BigInt(v.i64 as number);
  if (v.time !== null) v.time = new Date(v.time as number);
  v.end = (v.end as { seq: number }[]).map((f) => ({ ...f, seq: BigInt(f.seq) }));
  return v;
}

/** How many of the first `n` rows `test` holds for. */
function rowsWhere(n: number, test: (i: number) => boolean): bigint {
  let k = 0n;
  for (let i = 0; i < n; i++) if (test(i)) k++;
  return k;
}

/** Two row groups: 40,000 rows, then 5,000. */
const GROUPS = [40_000, 5_000];

async function written(): Promise<string> {
  const path = join(tempDir('parquet-encoder'), 'x.parquet');
  const file = await ParquetFile.create(path, COLUMNS, 'test');
  let i = 0;
  for (const n of GROUPS) {
    for (let k = 0; k < n; k++) file.add({ i: i++ });
    await file.writeGroup();
  }
  await file.close();
  return path;
}

const buffer = (path: string) => {
  const b = readFileSync(path);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

async function duck(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJS();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('the Parquet encoder', () => {
  it('writes every type so that hyparquet reads back each value, and DuckDB each row', async () => {
    const path = await written();
    const total = GROUPS[0]! + GROUPS[1]!;
    const rows = await parquetReadObjects({ file: buffer(path) });
    expect(rows.length).toBe(total);
    for (let i = 0; i < total; i++) expect(rows[i], `row ${i}`).toEqual(expected(i));
    // The encodings the schema chose: a dictionary that fell back to PLAIN within the first chunk, PLAIN long text.
    const meta = parquetMetadata(buffer(path));
    expect(meta.row_groups.map((g) => g.num_rows)).toEqual([40_000n, 5_000n]);
    const chunk = (g: number, name: string) =>
      meta.row_groups[g]!.columns.find((c) => c.meta_data!.path_in_schema.join('.') === name)!.meta_data!;
    expect(chunk(0, 'key').encodings).toEqual(['PLAIN', 'RLE_DICTIONARY']);
    expect(chunk(0, 'long').dictionary_page_offset).toBeUndefined();
    // DuckDB: the same rows (ordered by `key`, which follows the row number).
    const duckRows = await duck(`SELECT * FROM read_parquet('${path}') ORDER BY key`);
    expect(duckRows.length).toBe(total);
    for (let i = 0; i < total; i += 997) expect(duckRows[i], `row ${i}`).toEqual(expected(i));
  });

  it("writes each chunk's min and max as the format orders them, which DuckDB skips row groups by", async () => {
    const path = await written();
    const meta = parquetMetadata(buffer(path));
    const stats = meta.row_groups[0]!.columns.find((c) => c.meta_data!.path_in_schema[0] === 'word')!.meta_data!
      .statistics!;
    // UTF-8 byte order: U+1F600 (F0 9F …) sorts after U+FFFF (EF BF BF), unlike JavaScript's UTF-16 order.
    expect([stats.min_value, stats.max_value, stats.null_count]).toEqual([
      '',
      '😀',
      rowsWhere(40_000, (i) => WORDS[i % WORDS.length] === null),
    ]);
    const dbl = meta.row_groups[0]!.columns.find((c) => c.meta_data!.path_in_schema[0] === 'dbl')!.meta_data!
      .statistics!;
    expect([Object.is(dbl.min_value, -2.25), dbl.max_value]).toEqual([true, 1e300]);
    // A filter on a column's extreme values finds its rows: a wrong min or max would make DuckDB skip their group.
    const where = async (cond: string) =>
      (await duck(`SELECT count(*) AS n FROM read_parquet('${path}') WHERE ${cond}`))[0]!.n;
    expect(await where(`word = '😀'`)).toBe(rowsWhere(45_000, (i) => WORDS[i % WORDS.length] === '😀'));
    expect(await where(`i64 = ${2 ** 53 - 1}`)).toBe(1n);
    expect(await where(`i64 = ${-(2 ** 53 - 1)}`)).toBe(1n);
    expect(await where(`key = 'k044999'`)).toBe(1n);
    expect(await where(`key = 'k000000'`)).toBe(1n);
    expect(await where(`time = TIMESTAMP '2025-12-01 00:00:01'`)).toBe(1n);
    expect(await where(`dbl = 1e300`)).toBe(rowsWhere(45_000, (i) => DOUBLES[i % DOUBLES.length] === 1e300));
  });
});

describe('snappy', () => {
  it('makes of short, incompressible, repetitive and long inputs what the reference port makes, and hyparquet undoes it', () => {
    let seed = 7;
    const random = (n: number) =>
      Uint8Array.from({ length: n }, () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0) >>> 24);
    const text = (n: number) => new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"result":{"content":[]}} '.repeat(n));
    // Literal lengths of each header size (up to 60, 256, 65536, past it), copies past 64 bytes, and offsets past 2048.
    const inputs = [
      new Uint8Array(0),
      random(3),
      random(14),
      random(61),
      random(300),
      random(70_000),
      text(1),
      text(3_000),
      new Uint8Array(200_000).fill(9),
    ];
    inputs.push(
      Uint8Array.from([...random(5_000), ...random(5_000).subarray(0, 100), ...inputs[5]!.subarray(0, 3_000)]),
    );
    for (const input of inputs) {
      const packed = snappy(input).slice();
      // Compared as Buffers: one comparison, not one per byte.
      expect(Buffer.from(packed).equals(snappyCompress(input)), `${input.length} bytes`).toBe(true);
      const back = new Uint8Array(input.length);
      snappyUncompress(packed, back);
      expect(Buffer.from(back).equals(input), `${input.length} bytes`).toBe(true);
    }
  });
});
