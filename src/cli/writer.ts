// Output to a stream: small writes encoded into one buffer and flushed when the input waits, and documents written in pieces.
import { Buffer } from 'node:buffer';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { drained } from '../util/drained.js';

/** Bytes gathered before a write to the stream. */
const HIGH_WATER = 256 * 1024;

/**
 * Text is encoded as it comes into a byte buffer (UTF-8, at most 3 bytes per UTF-16 code unit), so that many small
 * strings — record lines and the message texts copied into them — are never joined into one big string first:
 * joining and then encoding copies every byte twice. A full buffer goes to the stream as is and a new one is taken
 * (the stream may hold on to the old one).
 */
export class OutputWriter {
  private buf: Buffer | null = null;
  private used = 0;
  private scheduled = false;
  private waiting: Promise<void> | null = null;
  /** An error thrown by a flush made in the background, thrown again to the next caller so the command fails. */
  private failed: unknown = null;

  constructor(private readonly out: Writable) {}

  /** Queues text; resolves at once unless the destination is full (then after it drains). */
  write(text: string): Promise<void> | void {
    if (this.failed !== null) throw this.failed;
    this.append(text);
    if (this.used >= HIGH_WATER) return this.flush();
    if (!this.scheduled) {
      // Flush when the pipeline next waits for input, so live input is printed as it arrives.
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        try {
          void this.flush();
        } catch (err) {
          this.failed = err;
        }
      });
    }
    return this.waiting ?? undefined;
  }

  /** Queues several pieces of text as one write (e.g. a record line and the message text copied into it). */
  writeParts(a: string, b: string, c: string): Promise<void> | void {
    this.append(a);
    this.append(b);
    return this.write(c);
  }

  flush(): Promise<void> | void {
    if (this.used > 0) {
      const chunk = this.buf!.subarray(0, this.used);
      this.buf = null;
      this.used = 0;
      if (!this.out.write(chunk) && !this.waiting) {
        this.waiting = drained(this.out).then(() => {
          this.waiting = null;
        });
      }
    }
    return this.waiting ?? undefined;
  }

  /** Writes what is left and waits until the destination took it. */
  async end(): Promise<void> {
    if (this.failed !== null) throw this.failed;
    await this.flush();
    await this.waiting;
  }

  private append(text: string): void {
    const worst = text.length * 3;
    if (this.buf !== null && this.used + worst > this.buf.length) void this.flush();
    if (this.buf === null) {
      this.buf = Buffer.allocUnsafe(Math.max(HIGH_WATER * 2, worst));
      this.used = 0;
    }
    this.used += this.buf.write(text, this.used, 'utf8');
  }
}

/** A document given in pieces (`jsonChunks`), joined into writes of at least 256 KiB of text each (the last one less). */
function* joined(pieces: Iterable<string>): Generator<string> {
  let text = '';
  for (const piece of pieces) {
    if (text.length >= HIGH_WATER) {
      yield text;
      text = '';
    }
    text += piece;
  }
  yield text;
}

/**
 * Writes a document given in pieces to a stream without joining it into one string, waiting while the stream is
 * full; resolves when the stream has taken the last write, rejects with its error.
 */
/** Writes one text to the stream and resolves when the stream took it (a command's whole, small output). */
export function writeText(out: Writable, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => out.write(text, (e) => (e ? reject(e) : resolve())));
}

export async function writePieces(out: Writable, pieces: Iterable<string>): Promise<void> {
  let last = '';
  for (const text of joined(pieces)) {
    if (last !== '' && !out.write(last)) await drained(out);
    last = text;
  }
  await new Promise<void>((resolve, reject) => out.write(last, (e) => (e ? reject(e) : resolve())));
}

/** `writePieces` to a new file (replaced if it exists), as `fs.writeFile` would write the joined text. */
export async function writeFilePieces(path: string, pieces: Iterable<string>): Promise<void> {
  const file = await open(path, 'w');
  try {
    for (const text of joined(pieces)) await file.write(text);
  } finally {
    await file.close();
  }
}
