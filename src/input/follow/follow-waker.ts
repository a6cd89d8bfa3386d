// Wakes a `--follow` reader when its file may have changed: fs.watch on the folder, a poll timer, or the stop.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/**
 * Wakes the follower when the file may have changed: a poll timer (always, because fs.watch misses events
 * on network and some container filesystems), a watch on the file's folder when the platform allows one
 * (a folder watch also sees the file being created, renamed over or removed), or the stop signal.
 */
export class Waker {
  private watcher: FSWatcher | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;

  constructor(
    path: string,
    private readonly signal: AbortSignal,
    private readonly pollMs: number,
    useWatch: boolean,
  ) {
    if (!useWatch) return;
    const name = basename(path);
    try {
      this.watcher = watch(dirname(path), { persistent: true }, (_event, file) => {
        if (file === null || String(file) === name) this.kick();
      });
      this.watcher.on('error', () => this.unwatch()); // e.g. the folder went away: the poll goes on
    } catch {
      this.watcher = null; // no inotify watches left, unsupported filesystem …: poll only
    }
  }

  /** Resolves at the next change, poll tick or stop, whichever comes first. */
  wait(): Promise<void> {
    if (this.kicked || this.signal.aborted) {
      this.kicked = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.signal.removeEventListener('abort', done);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.signal.addEventListener('abort', done, { once: true });
      this.wake = done;
    });
  }

  close(): void {
    this.unwatch();
    this.wake?.();
  }

  private kick(): void {
    if (this.wake) this.wake();
    else this.kicked = true;
  }

  private unwatch(): void {
    this.watcher?.close();
    this.watcher = null;
  }
}
