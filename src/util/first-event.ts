// Waiting for the first of several events of an emitter (a stream that may drain, finish, close or fail).
/** What is listened to: any emitter (a stream, a zlib transform). */
interface Emitter {
  on(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/** Resolves at the first of `events` that `emitter` emits, and stops listening to all of them then. */
export function firstEvent(emitter: Emitter, events: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const e of events) emitter.off(e, done);
      resolve();
    };
    for (const e of events) emitter.on(e, done);
  });
}
