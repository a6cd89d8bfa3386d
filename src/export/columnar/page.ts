// A page of a column chunk as the bytes of the file: its Thrift header, its levels, its values snappy-compressed.
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import type { ByteBuffer } from './byte-buffer.js';
import { snappy } from './snappy.js';

/** One writer for every header: a header is written, copied out, and the writer reset. */
const header = new ByteWriter(256);

function headerBytes(write: (w: ByteWriter) => void): Uint8Array {
  header.index = 0;
  header.offset = 0;
  write(header);
  return header.getBytes();
}

interface DataPage {
  /** Level entries (values and nulls), nulls among them, and rows (entries at repetition level 0). */
  entries: number;
  nulls: number;
  rows: number;
  encoding: 'PLAIN' | 'RLE_DICTIONARY';
  /** The levels, RLE-encoded, repetition then definition (data page v2 keeps them outside the compression). */
  levels: Uint8Array;
  repLength: number;
  defLength: number;
  values: Uint8Array;
}

/**
 * A DATA_PAGE_V2 (format spec, "Data Pages") added to `out`. Its values stay uncompressed when snappy would not make
 * them smaller (`is_compressed: false`, which v2 allows page by page): a page of dictionary indexes or of one repeated
 * value. Returns the page's size uncompressed, header included (what `total_uncompressed_size` adds up).
 */
export function dataPage(out: ByteBuffer, p: DataPage): number {
  const packed = snappy(p.values);
  const compressed = packed.length < p.values.length;
  const values = compressed ? packed : p.values;
  const head = headerBytes((w) =>
    writePageHeader(w, {
      type: 'DATA_PAGE_V2',
      uncompressed_page_size: p.levels.length + p.values.length,
      compressed_page_size: p.levels.length + values.length,
      data_page_header_v2: {
        num_values: p.entries,
        num_nulls: p.nulls,
        num_rows: p.rows,
        encoding: p.encoding,
        definition_levels_byte_length: p.defLength,
        repetition_levels_byte_length: p.repLength,
        is_compressed: compressed,
      },
    }),
  );
  out.bytes(head);
  out.bytes(p.levels);
  out.bytes(values);
  return head.length + p.levels.length + p.values.length;
}

/** The DICTIONARY_PAGE of a chunk added to `out`: its `count` distinct values, PLAIN, compressed as the chunk's codec says. */
export function dictionaryPage(out: ByteBuffer, values: Uint8Array, count: number): number {
  const packed = snappy(values);
  const head = headerBytes((w) =>
    writePageHeader(w, {
      type: 'DICTIONARY_PAGE',
      uncompressed_page_size: values.length,
      compressed_page_size: packed.length,
      dictionary_page_header: { num_values: count, encoding: 'PLAIN' },
    }),
  );
  out.bytes(head);
  out.bytes(packed);
  return head.length + values.length;
}
