// A file written with synchronous writes: each write is in the file when it returns, so nothing piles up.
import { Buffer } from 'node:buffer';
import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * The capture and `--live FILE` write through this. Synchronous writes keep memory flat (a slow disk slows
 * the proxy instead of growing a queue) and make every record visible to a reader (`annotate --follow`) as
 * soon as it is written; a write to a local file takes microseconds.
 */
export class SyncFile {
  private fd: number | null;

  private constructor(
    fd: number,
    readonly path: string,
  ) {
    this.fd = fd;
  }

  /** Opens (creates) `path`, truncating it unless `append`. Throws the fs error (ENOENT, EACCES, EISDIR …). */
  static open(path: string, append = false): SyncFile {
    return new SyncFile(openSync(path, append ? 'a' : 'w'), path);
  }

  get closed(): boolean {
    return this.fd === null;
  }

  /** Writes all of `data` (a pipe or FIFO may take it in parts). */
  write(data: string | Buffer): void {
    if (this.fd === null) return;
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off);
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    closeSync(fd);
  }
}
