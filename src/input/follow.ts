// `--follow`: the bytes of a growing file as it grows (like `tail -F`), split into segments at truncation and replacement.
import { open, stat, type FileHandle } from 'node:fs/promises';
import { Waker } from './follow-waker.js';

/** Why a segment starts: the first open, or the file was cut shorter, or another file took its name. */
export type SegmentReason = 'start' | 'truncated' | 'replaced';

/** What happened to the followed path, for a note on stderr (the CLI words it). */
export type FollowNotice =
  | { kind: 'waiting'; path: string } // the file does not exist (yet)
  | { kind: 'appeared'; path: string } // it exists now (after `waiting`)
  | { kind: 'removed'; path: string } // its name is gone; the open file is still read
  | { kind: 'truncated'; path: string }
  | { kind: 'replaced'; path: string };

export type FollowEvent = { type: 'data'; chunk: Buffer } | { type: 'reset'; reason: Exclude<SegmentReason, 'start'> };

export interface FollowOptions {
  /** Ends the stream. What is already there when it fires (and the stream was waiting) is read first. */
  signal: AbortSignal;
  /** How often the file is checked for growth when no watch event comes (default 250 ms). */
  pollMs?: number;
  /** Bytes per read (default 256 KiB). */
  chunkBytes?: number;
  /** Use fs.watch on the file's folder to notice changes sooner than the poll (default true). */
  watch?: boolean;
  onNotice?: (notice: FollowNotice) => void;
}

/** One stream of records: the file from its start up to a truncation, a replacement, or the stop. */
export interface FollowSegment {
  /** 1-based. */
  index: number;
  reason: SegmentReason;
  chunks: AsyncIterable<Buffer>;
}

interface Identity {
  dev: number;
  ino: number;
}

const sameFile = (a: Identity, b: Identity) => a.dev === b.dev && a.ino === b.ino;

/** The path's identity, or null while it does not exist. Other errors (permissions) propagate. */
async function identity(path: string): Promise<(Identity & { isFile: boolean }) | null> {
  try {
    const st = await stat(path);
    return { dev: st.dev, ino: st.ino, isFile: st.isFile() };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw err;
  }
}

/**
 * Follows `path`: yields its bytes from the start, then what is appended, in chunks of at most `chunkBytes`
 * (never the whole file at once), until `signal` fires. A file shorter than what was read has been
 * truncated: a `reset` event, then its bytes from offset 0. A path that now names another file (renamed
 * over, deleted and created again) has been replaced: the old file is read to its end, then a `reset`,
 * then the new file from its start. A missing path is waited for. Chunks are fresh buffers the consumer
 * may keep.
 */
export async function* followFile(path: string, opts: FollowOptions): AsyncGenerator<FollowEvent> {
  const { signal } = opts;
  const chunkBytes = opts.chunkBytes ?? 256 * 1024;
  const notice = opts.onNotice ?? (() => {});
  const waker = new Waker(path, signal, opts.pollMs ?? 250, opts.watch ?? true);
  const buf = Buffer.allocUnsafe(chunkBytes);
  // One object, so TypeScript does not narrow it across the helpers that reassign it.
  const cur: { fh: FileHandle | null; id: Identity; pos: number; removed: boolean } = { fh: null, id: { dev: 0, ino: 0 }, pos: 0, removed: false };
  const handle = (): FileHandle => {
    if (cur.fh === null) throw new Error('follow: no open file');
    return cur.fh;
  };
  let waited = false;

  /**
   * Reads from `pos` to the end of the file (or to `limit`). When the signal fires, the read goes on to the size the
   * file has then (everything written before the stop), and no further: a writer that keeps writing does not hold it.
   */
  async function* drain(limit = Infinity): AsyncGenerator<FollowEvent> {
    while (cur.fh !== null && cur.pos < limit) {
      if (signal.aborted && limit === Infinity) limit = (await cur.fh.stat()).size;
      if (cur.pos >= limit) return;
      const want = Math.min(chunkBytes, limit - cur.pos);
      const { bytesRead } = await cur.fh.read(buf, 0, want, cur.pos);
      if (bytesRead === 0) return;
      cur.pos += bytesRead;
      yield { type: 'data', chunk: Buffer.from(buf.subarray(0, bytesRead)) };
    }
  }

  /** Opens the path if it is there, from offset 0. */
  async function openPath(): Promise<boolean> {
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      throw Object.assign(new Error(`not a file: ${path}`), { code: 'ENOTFILE' });
    }
    cur.fh = handle;
    cur.id = { dev: st.dev, ino: st.ino };
    cur.pos = 0;
    cur.removed = false;
    return true;
  }

  try {
    for (;;) {
      if (await openPath()) break;
      if (!waited) notice({ kind: 'waiting', path });
      waited = true;
      if (signal.aborted) return;
      await waker.wait();
    }
    if (waited) notice({ kind: 'appeared', path });

    for (;;) {
      const from = cur.pos;
      yield* drain();
      if (signal.aborted) {
        // Stopped after the read found the end: take what was written between that and the stop, then end.
        yield* drain();
        return;
      }
      const size = (await handle().stat()).size;
      if (size < cur.pos) {
        notice({ kind: 'truncated', path });
        cur.pos = 0;
        yield { type: 'reset', reason: 'truncated' };
        continue;
      }
      // Grown since the read reached its end: read again (unless that read got nothing, e.g. a file whose
      // size says more than it gives: then wait, rather than spin).
      if (size > cur.pos && cur.pos > from) continue;
      const now = await identity(path);
      if (now === null) {
        if (!cur.removed) notice({ kind: 'removed', path });
        cur.removed = true;
      } else if (!sameFile(now, cur.id) && now.isFile) {
        // Whatever the writer put in the old file before the switch belongs to the old stream.
        yield* drain();
        if (signal.aborted) return;
        const old = handle();
        cur.fh = null;
        await old.close();
        if (await openPath()) {
          notice({ kind: 'replaced', path });
          yield { type: 'reset', reason: 'replaced' };
        } else {
          // Gone again between the stat and the open: wait for it as for a missing file.
          notice({ kind: 'removed', path });
          for (;;) {
            if (signal.aborted) return;
            await waker.wait();
            if (await openPath()) break;
          }
          notice({ kind: 'replaced', path });
          yield { type: 'reset', reason: 'replaced' };
        }
        continue;
      } else {
        cur.removed = false;
      }
      await waker.wait();
      if (signal.aborted) {
        // Stopped while caught up: take what was written since the last look, then end.
        const end = (await handle().stat()).size;
        if (end >= cur.pos) yield* drain(end);
        return;
      }
    }
  } finally {
    waker.close();
    const last = cur.fh;
    cur.fh = null;
    await last?.close();
  }
}

/**
 * The followed file as segments: each is a new stream of records (read it as its own input, with its own
 * format detection and sessions). A segment's chunks end at a truncation, a replacement or the stop; the
 * next segment is yielded only after the previous one ended. A segment left unread is skipped.
 */
export async function* followSegments(path: string, opts: FollowOptions): AsyncGenerator<FollowSegment> {
  const events = followFile(path, opts);
  const state: { next: Exclude<SegmentReason, 'start'> | null; done: boolean } = { next: null, done: false };
  async function* chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      const r = await events.next();
      if (r.done) {
        state.done = true;
        return;
      }
      if (r.value.type === 'reset') {
        state.next = r.value.reason;
        return;
      }
      yield r.value.chunk;
    }
  }
  let reason: SegmentReason = 'start';
  try {
    for (let index = 1; !state.done; index++) {
      state.next = null;
      const seg = chunks();
      yield { index, reason, chunks: seg };
      await seg.return(undefined);
      // The consumer stopped early: skip the rest of this segment.
      while (state.next === null && !state.done) {
        const r = await events.next();
        if (r.done) state.done = true;
        else if (r.value.type === 'reset') state.next = r.value.reason;
      }
      if (state.next !== null) reason = state.next;
    }
  } finally {
    await events.return(undefined);
  }
}
