// One Parquet file written a row group at a time as rows come: each row's values encoded into its columns' pages at
// once, and the group's column chunks written out when it is complete.
import { Buffer } from 'node:buffer';
import { open, type FileHandle } from 'node:fs/promises';
import type { RowGroup } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import type { Column } from './columns.js';
import { SCHEMA_VERSION, SCHEMA_VERSION_KEY } from './columns.js';
import { Leaf, type LeafSpec } from './leaf.js';
import { leafSpecs, parquetSchema } from './parquet-schema.js';

const MAGIC = Buffer.from('PAR1');

/** How one column's value for a row becomes level entries in its leaves. */
type Shredder = (v: unknown) => void;

/** A flat column: one entry in its one leaf. */
function flat(leaf: Leaf): Shredder {
  return (v) => leaf.add(v);
}

/**
 * A list of structs (the findings): an entry per element in each field's leaf, the first of a row at repetition level
 * 0 and the others at 1; an empty list is one null entry at the list's own definition level.
 */
function listOfStructs(leaves: Leaf[]): Shredder {
  const fields = leaves.map((l) => l.spec.path[l.spec.path.length - 1]!);
  const maxDef = leaves[0]!.spec.maxDef;
  return (v) => {
    const list = v as Record<string, unknown>[] | null;
    if (list === null || list.length === 0) {
      // Null (below the list) or empty (the list, no element): for a required list both are the empty list.
      const def = list === null ? 0 : maxDef - 1;
      for (const l of leaves) l.put(null, def, 0);
    } else {
      for (let k = 0; k < list.length; k++) {
        const item = list[k]!;
        for (let f = 0; f < leaves.length; f++) leaves[f]!.put(item[fields[f]!], maxDef, k === 0 ? 0 : 1);
      }
    }
    for (const l of leaves) l.endRow();
  };
}

export class ParquetFile<T> {
  private readonly leaves: Leaf[] = [];
  private readonly shredders: Shredder[] = [];
  private readonly rowGroups: RowGroup[] = [];
  /** Bytes in the file so far. */
  private offset = MAGIC.length;
  /** Rows buffered for the next row group. */
  buffered = 0;
  /** Rows written to the file in row groups. */
  written = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly columns: readonly Column<T>[],
    private readonly createdBy: string,
  ) {
    const specs: LeafSpec[][] = leafSpecs(columns as readonly Column<unknown>[]);
    columns.forEach((c, i) => {
      const leaves = specs[i]!.map((s) => new Leaf(s));
      this.leaves.push(...leaves);
      this.shredders.push(c.type === 'findings' || c.type === 'endFindings' ? listOfStructs(leaves) : flat(leaves[0]!));
    });
  }

  /** `createdBy`: the file metadata's writer, `mcptrace version X`. */
  static async create<T>(path: string, columns: readonly Column<T>[], createdBy: string): Promise<ParquetFile<T>> {
    const file = await open(path, 'wx');
    try {
      await file.write(MAGIC);
    } catch (err) {
      await file.close();
      throw err;
    }
    return new ParquetFile(file, columns, createdBy);
  }

  /** Not while `writeGroup` is pending: the group's pages are still the leaves' buffers until it resolves. */
  add(row: T): void {
    const cols = this.columns;
    for (let i = 0; i < cols.length; i++) this.shredders[i]!(cols[i]!.get(row));
    this.buffered++;
  }

  /** Writes the buffered rows as one row group and waits until its bytes are in the file. */
  async writeGroup(): Promise<void> {
    if (this.buffered === 0) return;
    const start = this.offset;
    const buffers: Buffer[] = [];
    const columns: RowGroup['columns'] = [];
    let uncompressed = 0;
    for (const leaf of this.leaves) {
      const c = leaf.chunk(this.offset);
      buffers.push(...c.buffers);
      columns.push(c.meta);
      this.offset += c.size;
      uncompressed += c.uncompressed;
    }
    const rows = BigInt(this.buffered);
    this.rowGroups.push({
      columns,
      num_rows: rows,
      total_byte_size: BigInt(uncompressed),
      total_compressed_size: BigInt(this.offset - start),
    });
    this.written += this.buffered;
    this.buffered = 0;
    await this.file.writev(buffers);
  }

  /** The last row group, the footer, and the file closed. */
  async close(): Promise<void> {
    try {
      await this.writeGroup();
      const footer = new ByteWriter();
      writeMetadata(footer, {
        version: 2,
        created_by: this.createdBy,
        schema: parquetSchema(this.columns as readonly Column<unknown>[]),
        num_rows: BigInt(this.written),
        row_groups: this.rowGroups,
        metadata_length: 0,
        key_value_metadata: [{ key: SCHEMA_VERSION_KEY, value: String(SCHEMA_VERSION) }],
      });
      await this.file.writev([Buffer.from(footer.getBytes()), MAGIC]);
    } finally {
      await this.file.close();
    }
  }
}
