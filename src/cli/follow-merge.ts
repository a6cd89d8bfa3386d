// `--follow` on several inputs: the records of each followed input, read at once, handed on in the order they come.

/**
 * Several async sources read at the same time, their items in the order they arrive (each source's in its own order);
 * sources may be added while it is read (a file that appears in a followed folder). It ends once `close` was called and
 * every source has ended; returning early returns every source.
 */
export class Merged<T> implements AsyncIterable<T> {
  private readonly running = new Map<AsyncIterator<T>, Promise<{ it: AsyncIterator<T>; r: IteratorResult<T> }>>();
  private closed = false;
  private wake: (() => void) | null = null;

  add(source: AsyncIterable<T>): void {
    const it = source[Symbol.asyncIterator]();
    this.running.set(it, this.pull(it));
    this.wake?.();
  }

  /** No source will be added any more. */
  close(): void {
    this.closed = true;
    this.wake?.();
  }

  private pull(it: AsyncIterator<T>): Promise<{ it: AsyncIterator<T>; r: IteratorResult<T> }> {
    return it.next().then((r) => ({ it, r }));
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    let held: AsyncIterator<T> | null = null;
    try {
      for (;;) {
        if (this.running.size === 0 && this.closed) return;
        const woken = new Promise<null>((resolve) => (this.wake = () => resolve(null)));
        const got = await Promise.race([...this.running.values(), woken]);
        this.wake = null;
        if (got === null) continue;
        if (got.r.done) {
          this.running.delete(got.it);
          continue;
        }
        // The next item of this source is asked for once this one is taken, as a single follow would.
        this.running.delete(got.it);
        held = got.it;
        yield got.r.value;
        held = null;
        this.running.set(got.it, this.pull(got.it));
      }
    } finally {
      const open = [...this.running.keys(), ...(held ? [held] : [])];
      await Promise.all(open.map((it) => it.return?.(undefined)));
    }
  }
}
