// One leaf column of a Parquet file as rows come: levels and values encoded at once, cut into pages, and handed over
// as a column chunk (its pages' bytes and its metadata) when the row group is written.
import type { Buffer } from 'node:buffer';
import type { ColumnChunk, Encoding, SchemaElement } from 'hyparquet';
import { ByteBuffer } from './byte-buffer.js';
import { ChunkStats } from './chunk-stats.js';
import { dataPage, dictionaryPage } from './page.js';
import { bitWidth, packBits, writeRle } from './rle.js';

export interface LeafSpec {
  element: SchemaElement;
  /** `path_in_schema`: the names from the column down to the leaf. */
  path: string[];
  maxDef: number;
  maxRep: number;
  /** Text from a small vocabulary: dictionary-encoded, until the dictionary outgrows its bounds in a chunk. */
  dictionary: boolean;
  /** Min/max statistics and the null count in the chunk's metadata. */
  stats: boolean;
}

/**
 * A value of a long text column (`Column.long`: PLAIN, no statistics) already in UTF-8: `buf[start, end)`. Written as
 * its string would be, without making the string (the rows `export --jobs` workers make: src/cli/jobs-rows-file.ts).
 */
export interface Utf8Text {
  buf: Uint8Array;
  start: number;
  end: number;
}

/** Values past which a page ends (at the next row): 1 MiB, as most writers do. */
const PAGE_BYTES = 1 << 20;
const PAGE_ENTRIES = 1 << 17;
/** Past these a chunk's dictionary stops growing and its next pages are PLAIN (parquet-mr's fallback). */
const DICT_ENTRIES = 1 << 15;
const DICT_BYTES = 1 << 20;

/** Scratch for a page's levels and its encoded indexes or bits: used and copied out within one `endPage`. */
const levels = new ByteBuffer(1 << 16);
const scratch = new ByteBuffer(1 << 16);

function grown<A extends Uint8Array | Int32Array>(a: A, n: number): A {
  if (n < a.length) return a;
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  return b;
}

export class Leaf {
  private readonly type: SchemaElement['type'];
  // The page being filled.
  private defs = new Uint8Array(1024);
  private reps = new Uint8Array(1024);
  private entries = 0;
  private nulls = 0;
  private rows = 0;
  private readonly values = new ByteBuffer();
  private indexes = new Int32Array(1024);
  private count = 0;
  // The chunk being filled: its data pages' bytes (reused from chunk to chunk, as is the dictionary page's).
  private readonly pages = new ByteBuffer();
  private readonly dictPage = new ByteBuffer(1024);
  private uncompressed = 0;
  private dict: Map<string, number> | null;
  private readonly dictValues = new ByteBuffer();
  private dictPages = 0;
  /** The dictionary outgrew its bounds: the page ends at the row's end, and the chunk's next pages are PLAIN. */
  private overflow = false;
  private plain = false;
  private chunkEntries = 0;
  private chunkNulls = 0;
  private readonly stats: ChunkStats | null;

  constructor(readonly spec: LeafSpec) {
    this.type = spec.element.type;
    this.dict = spec.dictionary ? new Map() : null;
    this.stats = spec.stats ? new ChunkStats(this.type === 'BOOLEAN') : null;
  }

  /** A flat column's value for one row (null: none). */
  add(v: unknown): void {
    this.put(v, v === null ? 0 : this.spec.maxDef, 0);
    this.endRow();
  }

  /** One level entry: a value (null when `def` is below the leaf's maximum) at definition `def`, repetition `rep`. */
  put(v: unknown, def: number, rep: number): void {
    const n = this.entries++;
    if (this.spec.maxRep > 0) {
      if (n === this.reps.length) this.reps = grown(this.reps, n);
      this.reps[n] = rep;
    }
    if (rep === 0) this.rows++;
    if (this.spec.maxDef > 0) {
      if (n === this.defs.length) this.defs = grown(this.defs, n);
      this.defs[n] = def;
    }
    if (def < this.spec.maxDef || v === null || v === undefined) {
      if (def === this.spec.maxDef)
        throw new Error(`parquet: no value in the required column ${this.spec.path.join('.')}`);
      this.nulls++;
      return;
    }
    switch (this.type) {
      case 'BYTE_ARRAY':
        return typeof v === 'string' ? this.text(v) : this.utf8Text(v as Utf8Text);
      case 'INT32':
        this.values.i32(v as number);
        return this.stats?.number(v as number);
      case 'INT64':
        this.values.i64(v as number);
        return this.stats?.number(v as number);
      case 'DOUBLE':
        this.values.f64(v as number);
        return this.stats?.number(v as number);
      case 'BOOLEAN':
        this.values.u8(v ? 1 : 0);
        return this.stats?.number(v ? 1 : 0);
      default:
        throw new Error(`parquet: no encoder for ${this.type}`);
    }
  }

  private text(s: string): void {
    const dict = this.dict;
    if (dict !== null && !this.plain) {
      let i = dict.get(s);
      if (i === undefined) {
        i = dict.size;
        dict.set(s, i);
        const at = this.dictValues.utf8(s);
        this.stats?.text(this.dictValues.buf, at, this.dictValues.length);
        this.overflow = dict.size >= DICT_ENTRIES || this.dictValues.length >= DICT_BYTES;
      }
      if (this.count === this.indexes.length) this.indexes = grown(this.indexes, this.count);
      this.indexes[this.count++] = i;
      return;
    }
    const at = this.values.utf8(s);
    this.stats?.text(this.values.buf, at, this.values.length);
  }

  private utf8Text(t: Utf8Text): void {
    if (this.dict !== null || this.stats !== null)
      throw new Error(`parquet: text as UTF-8 bytes in ${this.spec.path.join('.')}, which is not a long column`);
    this.values.utf8Bytes(t.buf, t.start, t.end);
  }

  /** After a row's entries: the page ends here when it is full, or when the dictionary has just overflowed. */
  endRow(): void {
    if (this.overflow && !this.plain) {
      this.endPage();
      this.plain = true;
    } else if (this.values.length >= PAGE_BYTES || this.entries >= PAGE_ENTRIES) this.endPage();
  }

  private endPage(): void {
    if (this.entries === 0) return;
    levels.reset();
    const repLength = this.spec.maxRep > 0 ? writeRle(levels, this.reps, this.entries, bitWidth(this.spec.maxRep)) : 0;
    const defLength = this.spec.maxDef > 0 ? writeRle(levels, this.defs, this.entries, bitWidth(this.spec.maxDef)) : 0;
    let values: Uint8Array;
    const dictionary = this.count > 0;
    if (dictionary) {
      const width = bitWidth(this.dict!.size - 1);
      scratch.reset();
      scratch.u8(width);
      writeRle(scratch, this.indexes, this.count, width);
      values = scratch.view();
      this.dictPages++;
    } else {
      values = this.type === 'BOOLEAN' ? packBits(scratch, this.values) : this.values.view();
    }
    this.uncompressed += dataPage(this.pages, {
      entries: this.entries,
      nulls: this.nulls,
      rows: this.rows,
      encoding: dictionary ? 'RLE_DICTIONARY' : 'PLAIN',
      levels: levels.view(),
      repLength,
      defLength,
      values,
    });
    this.chunkEntries += this.entries;
    this.chunkNulls += this.nulls;
    this.entries = this.nulls = this.rows = this.count = 0;
    this.values.reset();
  }

  /**
   * The chunk's pages (dictionary first) as they go in the file at `offset`, and its metadata; the leaf starts a new
   * chunk (a new dictionary) for the next row group. The buffers are the leaf's own: write them out before the next
   * value comes.
   */
  chunk(offset: number): { buffers: Buffer[]; size: number; uncompressed: number; meta: ColumnChunk } {
    this.endPage();
    const buffers: Buffer[] = [];
    let uncompressed = this.uncompressed;
    let dictionary_page_offset: bigint | undefined;
    const encodings: Encoding[] = [];
    if (this.spec.maxDef > 0 || this.spec.maxRep > 0) encodings.push('RLE');
    this.dictPage.reset();
    if (this.dictPages > 0) {
      uncompressed += dictionaryPage(this.dictPage, this.dictValues.view(), this.dict!.size);
      dictionary_page_offset = BigInt(offset);
      buffers.push(this.dictPage.view());
      encodings.push('PLAIN', 'RLE_DICTIONARY');
    } else encodings.push('PLAIN');
    buffers.push(this.pages.view());
    const size = this.dictPage.length + this.pages.length;
    const meta: ColumnChunk = {
      file_offset: BigInt(offset),
      meta_data: {
        type: this.type!,
        encodings,
        path_in_schema: this.spec.path,
        codec: 'SNAPPY',
        num_values: BigInt(this.chunkEntries),
        total_uncompressed_size: BigInt(uncompressed),
        total_compressed_size: BigInt(size),
        data_page_offset: BigInt(offset + this.dictPage.length),
        dictionary_page_offset,
        statistics: this.stats?.take(this.chunkNulls),
      },
    };
    this.pages.reset();
    this.uncompressed = 0;
    this.dict?.clear();
    this.dictValues.reset();
    this.dictPages = this.chunkEntries = this.chunkNulls = 0;
    this.overflow = this.plain = false;
    return { buffers, size, uncompressed, meta };
  }
}
