// What an existing folder holds, for an export that adds a run to it: nothing, another run's dataset (of which schema
// version), or something else.
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parquetMetadata } from 'hyparquet';
import { SCHEMA_VERSION_KEY } from './columns.js';

export type FolderContent =
  | { kind: 'new' }
  | { kind: 'not-folder' }
  | { kind: 'other' }
  /**
   * `version`: the schema version in the first Parquet file's metadata (null: none recorded); `file`: that file;
   * `runs`: the run ids in the part files' names (`part-<run>-N.parquet`).
   */
  | { kind: 'dataset'; version: number | null; file: string | null; runs: Set<string> };

/** The tables' folders: one of them makes a folder a dataset (an export with no record still writes both). */
const TABLES = ['records', 'sessions'];

export async function folderContent(dir: string): Promise<FolderContent> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'new' };
    if (code === 'ENOTDIR') return { kind: 'not-folder' };
    throw err;
  }
  if (entries.length === 0) return { kind: 'new' };
  if (!entries.some((e) => TABLES.includes(e))) return { kind: 'other' };
  const files = await parquetFiles(dir);
  const runs = new Set<string>();
  for (const f of files) {
    const run = PART.exec(f)?.[1];
    if (run !== undefined) runs.add(run);
  }
  const file = files[0] ?? null;
  return { kind: 'dataset', version: file === null ? null : await schemaVersion(join(dir, file)), file, runs };
}

const PART = /(?:^|[\\/])part-(.+)-\d+\.parquet$/;

/** The dataset's Parquet files, relative to it, sorted (none: only empty runs so far). */
async function parquetFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const t of TABLES) {
    const found = await readdir(join(dir, t), { recursive: true }).catch(() => [] as string[]);
    for (const f of found.filter((x) => x.endsWith('.parquet')).sort()) out.push(join(t, f));
  }
  return out;
}

/** `mcptrace.schema.version` of a Parquet file, read from its footer alone; null when absent or not a number. */
async function schemaVersion(path: string): Promise<number | null> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    if (size < 12) return null;
    const tail = Buffer.alloc(8);
    await fh.read(tail, 0, 8, size - 8);
    const footer = tail.readUInt32LE(0) + 8;
    if (footer > size) return null;
    const buf = Buffer.alloc(footer);
    await fh.read(buf, 0, footer, size - footer);
    const meta = parquetMetadata(buf.buffer.slice(buf.byteOffset, buf.byteOffset + footer) as ArrayBuffer);
    const v = Number(meta.key_value_metadata?.find((kv) => kv.key === SCHEMA_VERSION_KEY)?.value);
    return Number.isSafeInteger(v) ? v : null;
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}
