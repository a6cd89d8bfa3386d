// One leaf column of a Parquet file as rows come: levels and values encoded at once, cut into pages, and handed over
// as a column chunk (its pages' bytes and its metadata) when the row group is written.
import { Buffer } from 'node:buffer';
import type { ColumnChunk, Encoding, SchemaElement, Statistics } from 'hyparquet';
import { ByteBuffer } from './byte-buffer.js';
import { dataPage, dictionaryPage } from './page.js';
import { bitWidth, writeRle } from './rle.js';

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
  private min: number | Uint8Array | null = null;
  private max: number | Uint8Array | null = null;

  constructor(readonly spec: LeafSpec) {
    this.type = spec.element.type;
    this.dict = spec.dictionary ? new Map() : null;
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
      if (def === this.spec.maxDef) throw new Error(`parquet: no value in the required column ${this.spec.path.join('.')}`);
      this.nulls++;
      return;
    }
    switch (this.type) {
      case 'BYTE_ARRAY':
        return this.text(v as string);
      case 'INT32':
        this.values.i32(v as number);
        return this.number(v as number);
      case 'INT64':
        this.values.i64(v as number);
        return this.number(v as number);
      case 'DOUBLE':
        this.values.f64(v as number);
        return Number.isNaN(v) ? undefined : this.number(v as number);
      case 'BOOLEAN':
        this.values.u8(v ? 1 : 0);
        return this.number(v ? 1 : 0);
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
        this.textStat(this.dictValues.buf, at, this.dictValues.length);
        this.overflow = dict.size >= DICT_ENTRIES || this.dictValues.length >= DICT_BYTES;
      }
      if (this.count === this.indexes.length) this.indexes = grown(this.indexes, this.count);
      this.indexes[this.count++] = i;
      return;
    }
    const at = this.values.utf8(s);
    this.textStat(this.values.buf, at, this.values.length);
  }

  /** Min and max in UTF-8 byte order (how Parquet orders BYTE_ARRAY statistics). */
  private textStat(buf: Buffer, start: number, end: number): void {
    if (!this.spec.stats) return;
    const min = this.min as Uint8Array | null;
    const max = this.max as Uint8Array | null;
    // Copies of their own size: a pooled Buffer would keep its whole 8 KiB pool alive with the file's metadata.
    if (min === null || buf.compare(min, 0, min.length, start, end) < 0) this.min = new Uint8Array(buf.subarray(start, end));
    if (max === null || buf.compare(max, 0, max.length, start, end) > 0) this.max = new Uint8Array(buf.subarray(start, end));
  }

  private number(v: number): void {
    if (!this.spec.stats) return;
    if (this.min === null || v < (this.min as number)) this.min = v;
    if (this.max === null || v > (this.max as number)) this.max = v;
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
      values = this.type === 'BOOLEAN' ? packBits(this.values) : this.values.view();
    }
    this.uncompressed += dataPage(this.pages, {
      entries: this.entries, nulls: this.nulls, rows: this.rows, encoding: dictionary ? 'RLE_DICTIONARY' : 'PLAIN',
      levels: levels.view(), repLength, defLength, values,
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
        type: this.type!, encodings, path_in_schema: this.spec.path, codec: 'SNAPPY', num_values: BigInt(this.chunkEntries),
        total_uncompressed_size: BigInt(uncompressed), total_compressed_size: BigInt(size),
        data_page_offset: BigInt(offset + this.dictPage.length), dictionary_page_offset, statistics: this.statistics(),
      },
    };
    this.pages.reset();
    this.uncompressed = 0;
    this.dict?.clear();
    this.dictValues.reset();
    this.dictPages = this.chunkEntries = this.chunkNulls = 0;
    this.overflow = this.plain = false;
    this.min = this.max = null;
    return { buffers, size, uncompressed, meta };
  }

  private statistics(): Statistics | undefined {
    if (!this.spec.stats) return undefined;
    const s: Statistics = { null_count: BigInt(this.chunkNulls) };
    if (this.min !== null && this.max !== null) {
      const bool = this.type === 'BOOLEAN';
      // Signed zeros as the format wants them: min -0, max +0.
      s.min_value = bool ? this.min === 1 : this.min === 0 ? -0 : this.min;
      s.max_value = bool ? this.max === 1 : this.max === 0 ? 0 : this.max;
    }
    return s;
  }
}

/** Booleans (one byte each) as PLAIN wants them: a bit each, least significant first. */
function packBits(values: ByteBuffer): Uint8Array {
  scratch.reset();
  const n = values.length;
  scratch.reserve((n + 7) >>> 3);
  const src = values.buf;
  const dst = scratch.buf;
  for (let i = 0; i < n; i += 8) {
    let b = 0;
    for (let j = 0; j < 8 && i + j < n; j++) b |= src[i + j]! << j;
    dst[i >>> 3] = b;
  }
  return dst.subarray(0, (n + 7) >>> 3);
}
