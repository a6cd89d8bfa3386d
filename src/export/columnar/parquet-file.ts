// One Parquet file written a row group at a time as rows come, its bytes flushed to disk after each group.
import { Buffer } from 'node:buffer';
import { open, type FileHandle } from 'node:fs/promises';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { Column } from './columns.js';
import { SCHEMA_VERSION, SCHEMA_VERSION_KEY } from './columns.js';
import { parquetSchema, parquetValue } from './parquet-schema.js';

/** Bytes gathered before they are written out, and the size of the buffer that replaces a flushed one. */
const CHUNK = 1 << 20;

/**
 * hyparquet-writer's byte writer with its output going to a file: `flush` (called by the Parquet writer after each row
 * group, and by `ensure` past `CHUNK`) hands the filled buffer to the file and starts a new one, so a file's bytes never
 * sit in memory beyond one row group's.
 */
class FileByteWriter extends ByteWriter {
  private pending: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: FileHandle) {
    super(CHUNK);
  }

  override ensure(size: number): void {
    if (this.index > CHUNK) void this.flush();
    super.ensure(size);
  }

  flush(): Promise<void> {
    if (this.index > 0) {
      const chunk = new Uint8Array(this.buffer, 0, this.index);
      this.buffer = new ArrayBuffer(CHUNK);
      this.view = new DataView(this.buffer);
      this.index = 0;
      this.pending = this.pending.then(() => this.file.write(chunk));
    }
    return this.pending.then(() => undefined);
  }

  override finish(): Promise<void> {
    return this.flush();
  }
}

/**
 * A column of long strings as UTF-8 views into one buffer. The writer would encode each string into a buffer of its
 * own (TextEncoder.encode): on the message column that is an allocation per record, and a good part of the run's
 * garbage collection.
 */
function utf8Views(values: readonly unknown[]): (Uint8Array | null)[] {
  let size = 0;
  for (let i = 0; i < values.length; i++) if (typeof values[i] === 'string') size += Buffer.byteLength(values[i] as string, 'utf8');
  const buf = Buffer.allocUnsafe(size);
  let at = 0;
  const out = new Array<Uint8Array | null>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'string') {
      out[i] = null;
      continue;
    }
    const n = buf.write(v, at, 'utf8');
    out[i] = buf.subarray(at, at + n);
    at += n;
  }
  return out;
}

/** Columns buffered as arrays until `writeGroup` makes them a row group. */
export class ParquetFile<T> {
  private data: unknown[][];
  private readonly writer: ParquetWriter;
  /** Rows buffered for the next row group. */
  buffered = 0;
  /** Rows written to the file in row groups. */
  written = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly columns: readonly Column<T>[],
    private readonly bytes: FileByteWriter,
    createdBy: string,
  ) {
    this.data = columns.map(() => []);
    this.writer = new ParquetWriter({
      writer: bytes,
      schema: parquetSchema(columns as readonly Column<unknown>[]),
      kvMetadata: [{ key: SCHEMA_VERSION_KEY, value: String(SCHEMA_VERSION) }],
      createdBy,
    });
  }

  /** `createdBy`: the file metadata's writer, `mcptrace version X`. */
  static async create<T>(path: string, columns: readonly Column<T>[], createdBy: string): Promise<ParquetFile<T>> {
    const file = await open(path, 'wx');
    return new ParquetFile(file, columns, new FileByteWriter(file), createdBy);
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

  /** Writes the buffered rows as one row group and waits until its bytes are in the file. */
  async writeGroup(): Promise<void> {
    if (this.buffered === 0) return;
    const rows = this.buffered;
    const columnData = this.columns.map((c, i) =>
      c.long ? { name: c.name, data: utf8Views(this.data[i]!), encoding: 'PLAIN' as const, statistics: false } : { name: c.name, data: this.data[i]!, statistics: c.stats === true },
    );
    await this.writer.write({ columnData, rowGroupSize: rows });
    // New arrays rather than emptied ones: the writer may still hold the old ones' values (and V8 keeps them packed).
    this.data = this.columns.map(() => []);
    this.written += rows;
    this.buffered = 0;
    await this.bytes.flush();
  }

  /** The last row group, the footer, and the file closed. */
  async close(): Promise<void> {
    try {
      await this.writeGroup();
      await this.writer.finish();
    } finally {
      await this.file.close();
    }
  }
}
