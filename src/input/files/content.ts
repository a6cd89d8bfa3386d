// An input's content, decided by its first bytes before any format is detected: the bytes as they are, a gzip file's
// decompressed content (streamed, within a limit), or nothing when the input is no log (a program, an image, an archive
// or a compression mcptrace does not undo; file-magic.ts says which).
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Decompress } from 'fzstd';
import type { Status } from '../../util/status.js';
import { fileMagic, magicPending, type FileMagic } from './file-magic.js';
import { ZstdFrames } from './zstd-frames.js';

/**
 * Most bytes a compressed input decompresses to before the rest is left unread (docs/formats.md, "Compressed logs"):
 * 4 GiB. The content is streamed, never held, so memory does not grow with it; the limit bounds the work a small file
 * can ask for (gzip reaches 1000:1, so a 4 MiB gzip bomb is 4 GiB of content).
 */
const MAX_CONTENT_BYTES = 4 * 1024 ** 3;

export interface ContentOptions {
  /**
   * Told, before the input ends, why it gives no bytes: it is no log (`not a log: ELF executable`), or compressed in a
   * way mcptrace does not undo (`xz-compressed: decompress it first (xz -d)`).
   */
  onUnread?: (why: string) => void;
  /** Told what cut a compressed input's content short: the limit, damaged data, an end before the compressed data's. */
  status?: Status;
  /** The input's display name, the source of what `status` is told (default `-`). */
  file?: string;
  /** Told what the input is when its first bytes say it is not a log as it stands (compressed, a program …). */
  onMagic?: (magic: FileMagic) => void;
  /** Most bytes a compressed input may give (default `MAX_CONTENT_BYTES`). */
  maxContentBytes?: number;
}

type Chunk = Buffer | Uint8Array | string;

/**
 * The content of `bytes`, as the readers take it: the same chunks for a log (text chunks are never looked at), the
 * decompressed ones for gzip (one member or several, as `cat a.gz b.gz` makes them), none for an input that is no log
 * (`opts.onUnread` says what it is). Only the first bytes are held back, while they could still start a magic (a log's
 * first byte, `{` or a digit, tells at once; at most 16 bytes).
 */
export async function* inputContent(bytes: AsyncIterable<Chunk>, opts: ContentOptions = {}): AsyncGenerator<Chunk> {
  const it = bytes[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size === 0 || magicPending(head.length === 1 ? head[0]! : Buffer.concat(head))) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    if (typeof r.value === 'string') {
      // Text given as text: a log (a caller's strings, never a file's bytes).
      yield* head;
      yield r.value;
      yield* rest(it);
      return;
    }
    const b = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    head.push(b);
    size += b.length;
  }
  const magic = size === 0 ? null : fileMagic(head.length === 1 ? head[0]! : Buffer.concat(head));
  if (magic === null) {
    yield* head;
    if (!ended) yield* rest(it);
    return;
  }
  opts.onMagic?.(magic);
  if (magic.kind === 'gzip') {
    yield* gunzipped(head, ended ? null : it, magic, opts);
    return;
  }
  if (magic.kind === 'zstd') {
    yield* unzstd(compressedBytes(head, ended ? null : it), magic, opts);
    return;
  }
  await it.return?.();
  opts.onUnread?.(unreadText(magic));
}

/** A line on the run's status channel, about this input. */
function note(opts: ContentOptions, text: string): void {
  opts.status?.note(opts.file ?? '-', text);
}

/** Why an input of this kind gives nothing. */
function unreadText(m: FileMagic): string {
  if (m.kind === 'binary') return `not a log: ${m.what}`;
  return `${m.what}: not read; ${m.kind === 'archive' ? 'unpack' : 'decompress'} it first${m.undo ? ` (${m.undo})` : ''}`;
}

async function* rest(it: AsyncIterator<Chunk>): AsyncGenerator<Chunk> {
  for (;;) {
    const r = await it.next();
    if (r.done) return;
    yield r.value;
  }
}

/**
 * A gzip input's content, streamed: at most `maxContentBytes`, then the input is closed and a note says where it
 * stopped. Data that is damaged or ends early gives what came before it and a note; an error reading the input itself
 * (a file that cannot be read) is thrown as it is.
 */
async function* gunzipped(
  head: Buffer[],
  it: AsyncIterator<Chunk> | null,
  magic: FileMagic,
  opts: ContentOptions,
): AsyncGenerator<Buffer> {
  const limit = opts.maxContentBytes ?? MAX_CONTENT_BYTES;
  const source = compressedBytes(head, it);
  const input = Readable.from(source);
  // Data cut short (a file still being written, a download cut off) gives what it holds, then Z_BUF_ERROR.
  const z = createGunzip();
  let readError: Error | null = null;
  input.on('error', (e) => {
    readError = e;
    z.destroy(e);
  });
  input.pipe(z);
  let given = 0;
  try {
    for await (const chunk of z as AsyncIterable<Buffer>) {
      const room = limit - given;
      if (chunk.length > room) {
        if (room > 0) yield chunk.subarray(0, room);
        note(opts, overText(magic, limit, source.read));
        return;
      }
      given += chunk.length;
      yield chunk;
    }
  } catch (err) {
    if (readError !== null || !isZlibError(err)) throw err;
    const why =
      (err as NodeJS.ErrnoException).code === 'Z_BUF_ERROR'
        ? 'the compressed data ends early'
        : `damaged data (${(err as Error).message})`;
    note(opts, cutText(magic, why, given));
  } finally {
    input.destroy();
    z.destroy();
  }
}

/** An input's bytes after its first ones, as Buffers, counting how many were read (`read`); returned, it returns the input. */
function compressedBytes(head: Buffer[], it: AsyncIterator<Chunk> | null): AsyncGenerator<Buffer> & { read: number } {
  const count = { read: 0 };
  async function* bytes(): AsyncGenerator<Buffer> {
    for (const b of head) {
      count.read += b.length;
      yield b;
    }
    if (it === null) return;
    try {
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        const b =
          typeof r.value === 'string'
            ? Buffer.from(r.value)
            : Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
        count.read += b.length;
        yield b;
      }
    } finally {
      await it.return?.();
    }
  }
  const gen = bytes();
  return Object.defineProperty(gen, 'read', { get: () => count.read }) as AsyncGenerator<Buffer> & { read: number };
}

/** The note when a compressed input's content passed the limit. */
function overText(magic: FileMagic, limit: number, compressed: number): string {
  return `${magic.what}: its content passed ${limit} bytes (read from ${compressed} compressed bytes); the rest is not read: decompress it first (${magic.undo}) to read it all`;
}

/** The note when a compressed input's data stops before its end. */
function cutText(magic: FileMagic, why: string, given: number): string {
  return `${magic.what}: ${why} after ${given} bytes of content; read up to there`;
}

/**
 * A zstd input's content (fzstd, a decoder in JavaScript), streamed within the same limit as gzip's; each frame's window
 * is checked before it is decoded (zstd-frames.ts): one over 128 MiB is not decoded. Data that is damaged or ends early
 * gives what came before it and a note.
 */
async function* unzstd(
  source: AsyncGenerator<Buffer> & { read: number },
  magic: FileMagic,
  opts: ContentOptions,
): AsyncGenerator<Buffer> {
  const limit = opts.maxContentBytes ?? MAX_CONTENT_BYTES;
  const frames = new ZstdFrames();
  const out: Buffer[] = [];
  // A copy: the decoder may reuse what it hands over.
  const decoder = new Decompress((data) => {
    if (data.length > 0) out.push(Buffer.from(data));
  });
  let given = 0;
  /** What the decoder gave, up to the limit; false once the limit is passed. */
  function* take(): Generator<Buffer, boolean> {
    for (const b of out.splice(0)) {
      const room = limit - given;
      if (b.length > room) {
        if (room > 0) yield b.subarray(0, room);
        note(opts, overText(magic, limit, source.read));
        return false;
      }
      given += b.length;
      yield b;
    }
    return true;
  }
  try {
    for await (const b of source) {
      const refused = frames.scan(b);
      if (refused !== null) {
        note(opts, `${magic.what}: ${refused}; the rest is not read: decompress it first (${magic.undo})`);
        return;
      }
      try {
        decoder.push(b, false);
      } catch (err) {
        yield* take();
        note(opts, cutText(magic, `damaged data (${(err as Error).message})`, given));
        return;
      }
      if (!(yield* take())) return;
    }
    try {
      decoder.push(new Uint8Array(0), true);
    } catch (err) {
      yield* take();
      note(
        opts,
        cutText(
          magic,
          /unexpected EOF/i.test((err as Error).message)
            ? 'the compressed data ends early'
            : `damaged data (${(err as Error).message})`,
          given,
        ),
      );
      return;
    }
    yield* take();
  } finally {
    await source.return(undefined);
  }
}

/** An error of zlib's (its codes are `Z_DATA_ERROR`, `Z_BUF_ERROR` …), not one of the input's. */
function isZlibError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}
