// The Parquet writer's bytes going to a file a chunk at a time, and long text columns as UTF-8 views into one buffer.
import { Buffer } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';
import { ByteWriter } from 'hyparquet-writer';

/** Bytes gathered before they are written out, and the size of the buffer that replaces a flushed one. */
const CHUNK = 1 << 20;

/**
 * hyparquet-writer's byte writer with its output going to a file: `flush` (called by the Parquet writer after each row
 * group, and by `ensure` past `CHUNK`) hands the filled buffer to the file and starts a new one, so a file's bytes never
 * sit in memory beyond one row group's.
 */
export class FileByteWriter extends ByteWriter {
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
export function utf8Views(values: readonly unknown[]): (Uint8Array | null)[] {
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
