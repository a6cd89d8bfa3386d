// The file a `--follow` reads: its open handle, which file it is, how far it was read, and what its path names now.
import { open, stat, type FileHandle } from 'node:fs/promises';

/** What the followed path names now, compared with the open file. */
type PathNow = 'unchanged' | 'gone' | 'replaced';

/**
 * One open file, read forward from offset 0 in chunks of at most `chunkBytes` (never the whole file at once). The
 * handle stays open when the path is removed or renamed over: a writer may still be appending to it.
 */
export class FollowedFile {
  /** Bytes read so far: the offset of the next read. */
  pos = 0;
  private readonly buf: Buffer;

  private constructor(
    private readonly fh: FileHandle,
    private readonly dev: number,
    private readonly ino: number,
    chunkBytes: number,
  ) {
    this.buf = Buffer.allocUnsafe(chunkBytes);
  }

  /** Opens `path` if it is there (null while it does not exist); a path that is not a file is an error with code ENOTFILE. */
  static async open(path: string, chunkBytes: number): Promise<FollowedFile | null> {
    let fh: FileHandle;
    try {
      fh = await open(path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const st = await fh.stat();
    if (!st.isFile()) {
      await fh.close();
      throw Object.assign(new Error(`not a file: ${path}`), { code: 'ENOTFILE' });
    }
    return new FollowedFile(fh, st.dev, st.ino, chunkBytes);
  }

  /** The file's size now (a size below `pos` means it was truncated). */
  async size(): Promise<number> {
    return (await this.fh.stat()).size;
  }

  /**
   * Reads from `pos` up to `end`, a chunk at a time, each a fresh buffer the consumer may keep. Stops early when a read
   * gets nothing (the file was cut shorter meanwhile). No stop signal is looked at: a read once begun is finished.
   */
  async *read(end: number): AsyncGenerator<Buffer> {
    while (this.pos < end) {
      const { bytesRead } = await this.fh.read(this.buf, 0, Math.min(this.buf.length, end - this.pos), this.pos);
      if (bytesRead === 0) return;
      this.pos += bytesRead;
      yield Buffer.from(this.buf.subarray(0, bytesRead));
    }
  }

  /** Whether `path` still names this file. A path that now names something other than a file changes nothing. */
  async pathNow(path: string): Promise<PathNow> {
    let st;
    try {
      st = await stat(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return 'gone';
      throw err; // permissions and the like: the follow cannot go on
    }
    if (st.dev === this.dev && st.ino === this.ino) return 'unchanged';
    return st.isFile() ? 'replaced' : 'unchanged';
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}
