// When the mock's messages go out: each after its delay (recorded timing), in order for one request, what follows a
// request of the server's only once the caller answered it, and what is still to be sent for a request the caller
// cancelled, dropped.
import type { Outgoing } from './responder.js';

type Id = string | number;

export class Schedule {
  private readonly timers = new Map<ReturnType<typeof setTimeout>, Id | null>();
  /** What goes on once the caller answers the server's request (by its id), and for which request. */
  private readonly waiting = new Map<Id, { go: () => void; of: Id | null }>();

  /**
   * Delivers `out` in order: each message when its delay since now has passed and every earlier one was delivered.
   * `done` runs after the last one (not for a cancelled request).
   */
  send(out: readonly Outgoing[], deliver: (o: Outgoing) => void, done?: () => void): void {
    const start = Date.now();
    let i = 0;
    const step = (): void => {
      while (i < out.length) {
        const o = out[i]!;
        const wait = o.delayMs - (Date.now() - start);
        if (wait > 0) {
          const t = setTimeout(() => {
            this.timers.delete(t);
            step();
          }, wait);
          this.timers.set(t, o.of);
          return;
        }
        i++;
        deliver(o);
        if (o.awaits !== undefined) {
          this.waiting.set(o.awaits, { go: step, of: o.of });
          return;
        }
        if (i < out.length) {
          // One message per turn of the event loop, as a server writes them: a client that handles notifications a
          // turn later than answers (the TypeScript SDK) sees the last progress before the answer, as it did live.
          const t = setTimeout(() => {
            this.timers.delete(t);
            step();
          }, 0);
          this.timers.set(t, o.of);
          return;
        }
      }
      done?.();
    };
    step();
  }

  /** The caller answered the server's request `id`: what waited for it goes on. */
  resume(id: Id): void {
    const w = this.waiting.get(id);
    this.waiting.delete(id);
    w?.go();
  }

  /** Drops what is still to be sent for the caller's request `id`. */
  cancel(id: Id): void {
    for (const [k, w] of this.waiting) if (w.of === id) this.waiting.delete(k);
    for (const [t, of] of this.timers) {
      if (of !== id) continue;
      clearTimeout(t);
      this.timers.delete(t);
    }
  }

  /**
   * Resolves once everything scheduled was sent (what waits for an answer of the caller's is dropped: the caller is
   * gone).
   */
  async drain(): Promise<void> {
    this.waiting.clear();
    while (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  /** Drops everything still to be sent (the caller is gone). */
  stop(): void {
    for (const t of this.timers.keys()) clearTimeout(t);
    this.timers.clear();
    this.waiting.clear();
  }
}
