// The Parquet encoder thread: opens files, encodes and writes the row groups the export posts, closes files; answers
// each request in order (parquet-encoder.ts is its other end).
import { open, type FileHandle } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { SchemaElement } from 'hyparquet';
import { ParquetWriter } from 'hyparquet-writer';
import { collectGarbage } from '../../cli/heap.js';
import { FileByteWriter, utf8Views } from './file-bytes.js';

export interface GroupColumn {
  name: string;
  data: unknown[];
  /** Long text: written plain, from UTF-8 views, without statistics. */
  long: boolean;
  stats: boolean;
}

export type EncoderRequest =
  | { op: 'open'; file: number; path: string; schema: SchemaElement[]; kv: { key: string; value: string }[]; createdBy: string }
  | { op: 'group'; file: number; columns: GroupColumn[]; rows: number }
  | { op: 'close'; file: number };

export interface EncoderReply {
  seq: number;
  error?: { message: string; code?: string };
}

const port = parentPort;
if (port === null) throw new Error('parquet-worker.js runs as a worker thread');

const files = new Map<number, { handle: FileHandle; bytes: FileByteWriter; writer: ParquetWriter }>();

async function handle(req: EncoderRequest): Promise<void> {
  if (req.op === 'open') {
    const handle = await open(req.path, 'wx');
    const bytes = new FileByteWriter(handle);
    files.set(req.file, { handle, bytes, writer: new ParquetWriter({ writer: bytes, schema: req.schema, kvMetadata: req.kv, createdBy: req.createdBy }) });
    return;
  }
  const f = files.get(req.file)!;
  if (req.op === 'group') {
    const columnData = req.columns.map((c) =>
      c.long ? { name: c.name, data: utf8Views(c.data), encoding: 'PLAIN' as const, statistics: false } : { name: c.name, data: c.data, statistics: c.stats },
    );
    await f.writer.write({ columnData, rowGroupSize: req.rows });
    await f.bytes.flush();
    // Encoding a group leaves tens of MiB of garbage that V8 would let pile up the longer the run; collected here, on
    // this thread's core, while the pipeline builds the next group.
    collectGarbage();
    return;
  }
  files.delete(req.file);
  try {
    await f.writer.finish();
  } finally {
    await f.handle.close();
  }
}

// In order: a group is written before the next request is looked at.
let chain: Promise<void> = Promise.resolve();
port.on('message', (m: EncoderRequest & { seq: number }) => {
  chain = chain.then(() =>
    handle(m).then(
      () => port.postMessage({ seq: m.seq } satisfies EncoderReply),
      (e: NodeJS.ErrnoException) => port.postMessage({ seq: m.seq, error: { message: e.message, code: e.code } } satisfies EncoderReply),
    ),
  );
});
