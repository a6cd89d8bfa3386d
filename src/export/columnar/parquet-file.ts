// One Parquet file written a row group at a time as rows come; the groups are encoded and written by the encoder thread.
import type { Column } from './columns.js';
import { SCHEMA_VERSION, SCHEMA_VERSION_KEY } from './columns.js';
import { encoder } from './parquet-encoder.js';
import { parquetSchema, parquetValue } from './parquet-schema.js';

/** Columns buffered as arrays until `writeGroup` hands them to the encoder thread as a row group. */
export class ParquetFile<T> {
  private data: unknown[][];
  /** Rows buffered for the next row group. */
  buffered = 0;
  /** Rows handed over as row groups. */
  written = 0;

  private constructor(
    private readonly id: number,
    private readonly columns: readonly Column<T>[],
  ) {
    this.data = columns.map(() => []);
  }

  /** `createdBy`: the file metadata's writer, `mcptrace version X`. Fails if the file exists. */
  static async create<T>(path: string, columns: readonly Column<T>[], createdBy: string): Promise<ParquetFile<T>> {
    const id = encoder.newFile();
    const schema = parquetSchema(columns as readonly Column<unknown>[]);
    await encoder.after({ op: 'open', file: id, path, schema, kv: [{ key: SCHEMA_VERSION_KEY, value: String(SCHEMA_VERSION) }], createdBy });
    return new ParquetFile(id, columns);
  }

  add(row: T): void {
    const cols = this.columns;
    const data = this.data;
    for (let i = 0; i < cols.length; i++) {
      const c = cols[i]!;
      const v = c.get(row);
      // Most values need no conversion: only int64 ones (bigint for the writer).
      data[i]!.push(v === null || (c.type !== 'int64' && c.type !== 'endFindings') ? v : parquetValue(c.type, v));
    }
    this.buffered++;
  }

  /**
   * Hands the buffered rows to the encoder thread as one row group; resolves when the group before it (of any file) is
   * written, so that the next one can be built meanwhile.
   */
  async writeGroup(): Promise<void> {
    if (this.buffered === 0) return;
    const rows = this.buffered;
    const columns = this.columns.map((c, i) => ({ name: c.name, data: this.data[i]!, long: c.long === true, stats: c.stats === true }));
    this.data = this.columns.map(() => []);
    this.written += rows;
    this.buffered = 0;
    await encoder.group(this.id, columns, rows);
  }

  /** The last row group, the footer, and the file closed: resolves when all of it is on disk. */
  async close(): Promise<void> {
    await this.writeGroup();
    await encoder.after({ op: 'close', file: this.id });
  }
}
