// The explorer's records on disk: each annotated record structured-cloned (v8.serialize) into a temporary file that is
// unlinked as soon as it is open, so that memory holds only where each record starts; a record is read back when it
// is shown (the visible rows, the detail pane) or filtered.
import { closeSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { PipelineRecord } from '../types.js';
import { grown } from '../util/grown.js';

/** Bytes gathered before one write: a record is written in a batch with its neighbours. */
const FLUSH_BYTES = 1 << 20;

export class RecordSpill {
  private readonly fd: number;
  /** Where each record starts in the file (Float64: a file past 4 GiB), by row; `ends[row]` where it stops. */
  private starts = new Float64Array(1024);
  private ends = new Float64Array(1024);
  private rows = 0;
  /** Bytes in the file; `pending` holds the ones not written yet, which start at `written`. */
  private size = 0;
  private written = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private closed = false;

  constructor(dir: string = tmpdir()) {
    // The folder and the file are gone from the directory at once: nothing is left behind, however the process ends.
    const folder = mkdtempSync(join(dir, 'mcptrace-explore-'));
    const path = join(folder, 'records');
    this.fd = openSync(path, 'w+', 0o600);
    unlinkSync(path);
    rmdirSync(folder);
  }

  get count(): number {
    return this.rows;
  }

  /** Keeps `r` as the next row; returns its row. */
  append(r: PipelineRecord): number {
    const bytes = serialize(r);
    if (this.rows === this.starts.length) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
    }
    this.starts[this.rows] = this.size;
    this.size += bytes.length;
    this.ends[this.rows] = this.size;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    return this.rows++;
  }

  /** The record of `row`, read back from the file. */
  read(row: number): PipelineRecord {
    if (row < 0 || row >= this.rows) throw new RangeError(`no row ${row}`);
    const start = this.starts[row]!;
    if (this.ends[row]! > this.written) this.flush();
    const buf = Buffer.allocUnsafe(this.ends[row]! - start);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(this.fd, buf, got, buf.length - got, start + got);
      if (n === 0) throw new Error(`the explorer's record file ended early at row ${row}`);
      got += n;
    }
    return deserialize(buf) as PipelineRecord;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const buf = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    let done = 0;
    while (done < buf.length) done += writeSync(this.fd, buf, done, buf.length - done, this.written + done);
    this.written += buf.length;
    this.pending = [];
    this.pendingBytes = 0;
  }
}
