// Results that come when they are ready, used in the order they were asked for: a bounded line of pending work.

/**
 * Takes values that may still be on their way (a promise) and hands each to its `use` in the order they were added,
 * one at a time. At most `limit` wait at once: `add` returns a promise to wait for when the line is full (it resolves
 * when there is room again), else nothing. The first failure (of a value or of its use) is kept: the next `add` or
 * `idle` rejects with it, and nothing after it is used.
 */
export class InOrder {
  /** Each waiting value's end (used, or given up after a failure), oldest first. */
  private readonly line: Promise<void>[] = [];
  private failure: { error: unknown } | null = null;

  constructor(private readonly limit: number) {}

  add<T>(value: T | Promise<T>, use: (v: T) => void | Promise<void>): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure.error);
    // A value that fails before its turn is reported in its turn, not as a rejection no one handled.
    if (value instanceof Promise) value.catch(() => {});
    const before = this.line[this.line.length - 1] ?? Promise.resolve();
    const end = before
      .then(async () => {
        if (!this.failure) await use(await value);
      })
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => {
        this.line.shift();
      });
    this.line.push(end);
    if (this.line.length < this.limit) return undefined;
    return this.line[this.line.length - this.limit]!.then(() => this.check());
  }

  /** Resolves once every value added is used; rejects with the first failure. */
  async idle(): Promise<void> {
    await this.line[this.line.length - 1];
    this.check();
  }

  private check(): void {
    if (this.failure) throw this.failure.error;
  }
}
