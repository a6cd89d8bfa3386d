// `--follow`: the bytes of a growing file as it grows (like `tail -F`), with a reset at each truncation and replacement.
import type { Status } from '../../util/status.js';
import { FollowedFile } from './followed-file.js';
import { Waker } from './follow-waker.js';

/** Why a segment starts: the first open, or the file was cut shorter, or another file took its name. */
export type SegmentReason = 'start' | 'truncated' | 'replaced';

/** What happened to the followed path (worded by `noticeText` for the status channel). */
export type FollowNotice =
  | { kind: 'waiting'; path: string } // the file does not exist (yet)
  | { kind: 'appeared'; path: string } // it exists now (after `waiting`)
  | { kind: 'removed'; path: string } // its name is gone; the open file is still read
  | { kind: 'truncated'; path: string }
  | { kind: 'replaced'; path: string };

/** The words for something that happened to the followed file (a sentence that names it). */
function noticeText(n: FollowNotice): string {
  switch (n.kind) {
    case 'waiting':
      return `${n.path} does not exist yet; waiting for it`;
    case 'appeared':
      return `${n.path} appeared; reading it`;
    case 'removed':
      return `${n.path} was removed; reading what was written to it and waiting for a new file`;
    case 'truncated':
      return `${n.path} was truncated; reading from the start`;
    case 'replaced':
      return `${n.path} was replaced; reading the new file from the start`;
  }
}

/** How far the reading is, for debug logs and for tests, which wait for these instead of for time to pass. */
export type FollowProgress =
  | { kind: 'reading'; from: number; to: number } // the file is longer than what was read: reading from `from` up to `to`
  | { kind: 'caught-up'; at: number }; // everything up to `at` was read and taken by the consumer: waiting for more

export type FollowEvent = { type: 'data'; chunk: Buffer } | { type: 'reset'; reason: Exclude<SegmentReason, 'start'> };

export interface FollowOptions {
  /** Ends the stream. What the file holds when it fires is read first (a read under way is finished). */
  signal: AbortSignal;
  /** How often the file is checked for growth when no watch event comes (default 250 ms). */
  pollMs?: number;
  /** Bytes per read (default 256 KiB). */
  chunkBytes?: number;
  /** Use fs.watch on the file's folder to notice changes sooner than the poll (default true). */
  watch?: boolean;
  /** The run's status channel: told, as a `notice` about the path, what happened to it (`noticeText`). */
  status?: Status;
  /** Told what happened to the path, as data. */
  onNotice?: (notice: FollowNotice) => void;
  /** Called before each read of new bytes, and when the follower has caught up (once after each change). */
  onProgress?: (progress: FollowProgress) => void;
}

/**
 * Follows `path`: yields its bytes from the start, then what is appended, in chunks of at most `chunkBytes`
 * (never the whole file at once), until `signal` fires. A file shorter than what was read has been
 * truncated: a `reset` event, then its bytes from offset 0. A path that now names another file (renamed
 * over, deleted and created again) has been replaced: the old file is read to its end, then a `reset`,
 * then the new file from its start. A missing path is waited for. Chunks are fresh buffers the consumer
 * may keep.
 *
 * Each round looks at the file's size, reads up to it, looks at what the path names, then waits for a change.
 * The stop makes the round under way (or the next one, when it comes during a wait) the last: that round's size is
 * taken after the stop, so everything written before it is read, and a writer that keeps writing does not hold it.
 */
export async function* followFile(path: string, opts: FollowOptions): AsyncGenerator<FollowEvent> {
  const { signal } = opts;
  const chunkBytes = opts.chunkBytes ?? 256 * 1024;
  const notice = (n: FollowNotice) => {
    opts.onNotice?.(n);
    opts.status?.note(path, noticeText(n), 'notice');
  };
  const progress = opts.onProgress ?? (() => {});
  const waker = new Waker(path, signal, opts.pollMs ?? 250, opts.watch ?? true);
  /** Opens the path once it exists; `onMissing` is called the first time it does not. Null when stopped first. */
  const openWhenThere = async (onMissing: () => void): Promise<FollowedFile | null> => {
    for (let first = true; ; first = false) {
      const f = await FollowedFile.open(path, chunkBytes);
      if (f !== null) return f;
      if (first) onMissing();
      if (signal.aborted) return null;
      await waker.wait();
    }
  };
  let file: FollowedFile | null = null;
  try {
    let waited = false;
    file = await openWhenThere(() => {
      waited = true;
      notice({ kind: 'waiting', path });
    });
    if (file === null) return;
    if (waited) notice({ kind: 'appeared', path });

    let removed = false;
    let unreported = true; // read or reset since the last `caught-up`
    for (;;) {
      // Stopped: this round is the last, and its size, looked at after the stop, holds all that came before it.
      const last = signal.aborted;
      const size = await file.size();
      if (size < file.pos) {
        notice({ kind: 'truncated', path });
        file.pos = 0;
        unreported = true;
        yield { type: 'reset', reason: 'truncated' };
        continue;
      }
      if (size > file.pos) {
        const from = file.pos;
        progress({ kind: 'reading', from, to: size });
        for await (const chunk of file.read(size)) yield { type: 'data', chunk };
        if (file.pos > from) {
          unreported = true;
          if (!last) continue; // more may have come meanwhile: look again at once
        }
        // A read that got nothing (a file whose size says more than it gives): wait, rather than spin.
      }
      const now = await file.pathNow(path);
      if (now === 'replaced') {
        // Whatever the writer put in the old file before the switch belongs to the old stream.
        for await (const chunk of file.read(await file.size())) yield { type: 'data', chunk };
        const old = file;
        file = null;
        await old.close();
        // Gone again between the look and the open: waited for as a missing file.
        file = await openWhenThere(() => notice({ kind: 'removed', path }));
        if (file === null) return;
        removed = false;
        unreported = true;
        notice({ kind: 'replaced', path });
        yield { type: 'reset', reason: 'replaced' };
        continue;
      }
      if (now === 'gone' && !removed) notice({ kind: 'removed', path });
      removed = now === 'gone';
      if (unreported) progress({ kind: 'caught-up', at: file.pos });
      unreported = false;
      if (last) return;
      await waker.wait();
    }
  } finally {
    waker.close();
    await file?.close();
  }
}
