// One table of a Hive-partitioned Parquet dataset written as rows stream: a file per partition, row groups as rows
// come, files rotated and closed so that neither memory nor open files grow with the input.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Column } from './columns.js';
import { ParquetFile } from './parquet-file.js';
import type { TableWriterOptions } from './table-options.js';

interface Partition {
  folder: string;
  /** The open file, null between files. */
  file: ParquetFile<unknown> | null;
  /** The next file's number in this run. */
  part: number;
  weight: number;
}

export class TableWriter<T> {
  private readonly partitions = new Map<string, Partition>();
  /** Partitions with an open file, least recently written first (a Map keeps insertion order). */
  private readonly open = new Map<string, Partition>();
  private weight = 0;
  /** The partition written last (the last in `open`). */
  private recent: Partition | null = null;
  /** Paths of the files written, relative to the table's folder. */
  readonly files: string[] = [];

  constructor(
    private readonly dir: string,
    private readonly columns: readonly Column<T>[],
    private readonly opts: TableWriterOptions,
  ) {}

  /** Buffers a row in its partition (`date=…/server=…`); resolves once any row group it completed is on disk. */
  add(partition: string, row: T, weight: number): Promise<void> | void {
    let p = this.partitions.get(partition);
    if (p === undefined) {
      p = { folder: partition, file: null, part: 0, weight: 0 };
      this.partitions.set(partition, p);
    }
    if (p.file === null) return this.opened(p).then((f) => this.added(p!, f, row, weight));
    // Most recently written last (already so, mostly: rows come a partition at a time).
    if (this.recent !== p) {
      this.open.delete(partition);
      this.open.set(partition, p);
      this.recent = p;
    }
    return this.added(p, p.file, row, weight);
  }

  private added(p: Partition, file: ParquetFile<unknown>, row: T, weight: number): Promise<void> | void {
    file.add(row);
    p.weight += weight;
    this.weight += weight;
    if (file.written + file.buffered >= this.opts.fileRows) return this.closeFile(p);
    if (file.buffered >= this.opts.rowGroupRows) return this.writeGroup(p);
    if (this.weight >= this.opts.bufferedWeight) return this.writeGroup(this.heaviest());
  }

  private async opened(p: Partition): Promise<ParquetFile<unknown>> {
    if (this.open.size >= this.opts.openFiles) await this.closeFile(this.open.values().next().value!);
    const folder = join(this.dir, p.folder);
    await mkdir(folder, { recursive: true });
    // The run id in the name: another run's files in the same partition are never overwritten (and open fails if one were).
    const name = `${p.folder}/part-${this.opts.runId}-${p.part++}.parquet`;
    p.file = await ParquetFile.create(
      join(this.dir, name),
      this.columns as readonly Column<unknown>[],
      this.opts.createdBy,
    );
    this.files.push(name);
    this.open.set(p.folder, p);
    this.recent = p;
    return p.file;
  }

  private heaviest(): Partition {
    let best: Partition | null = null;
    for (const p of this.open.values()) if (best === null || p.weight > best.weight) best = p;
    return best!;
  }

  private async writeGroup(p: Partition): Promise<void> {
    this.weight -= p.weight;
    p.weight = 0;
    await p.file!.writeGroup();
  }

  private async closeFile(p: Partition): Promise<void> {
    const file = p.file!;
    this.weight -= p.weight;
    p.weight = 0;
    p.file = null;
    this.open.delete(p.folder);
    if (this.recent === p) this.recent = null;
    await file.close();
  }

  /** Writes what is buffered and closes every file. */
  async close(): Promise<void> {
    for (const p of [...this.open.values()]) await this.closeFile(p);
  }
}
