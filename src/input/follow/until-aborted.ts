// Ends an async iterable early when an AbortSignal fires (stdin under `--follow`).

/**
 * Ends an async iterable when `signal` fires, even while it waits for its next item (stdin under `--follow`:
 * Ctrl-C ends the input as if it had closed, so the summary is printed). The source is then closed.
 */
export async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let onAbort = () => {};
  const aborted = new Promise<{ done: true; value: undefined }>((resolve) => {
    onAbort = () => resolve({ done: true, value: undefined });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  let finished = false;
  try {
    while (!signal.aborted) {
      const r = await Promise.race([it.next(), aborted]);
      if (r.done) {
        finished = !signal.aborted;
        return;
      }
      yield r.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    // Not awaited: a read may still be pending on the source, and its return() settles it.
    if (!finished) void Promise.resolve(it.return?.()).catch(() => {});
  }
}
