// Forwards one byte stream to another unchanged, with backpressure, letting an observer see each chunk.
import type { Readable, Writable } from 'node:stream';

interface PumpOptions {
  /** Sees every chunk right after it is handed to the destination (the capture); it must not mutate it. */
  tap?: (chunk: Buffer) => void;
  /** End the destination when the source ends (default true; false for a destination others write to). */
  endDest?: boolean;
  /** The source ended (EOF) or failed; the destination has been ended unless `endDest` is false. */
  onEnd?: (err?: Error) => void;
}

export interface Pump {
  /** Source is paused because the destination is full (its reader is slow). */
  readonly blocked: boolean;
  /** Stops forwarding and destroys the source. */
  stop(): void;
}

/**
 * The chunks are written as read: never split, joined or decoded, so the bytes out are the bytes in. When
 * `dest.write` reports a full buffer the source is paused until `drain`, so a slow reader on either side
 * holds at most one stream buffer in memory (ARCHITECTURE.md principle 5). A destination that fails destroys the
 * source, so the writer on the other end sees its pipe close, as it would without the proxy.
 */
export function pump(source: Readable, dest: Writable, opts: PumpOptions = {}): Pump {
  let full = false;
  let stopped = false;

  const onDrain = () => {
    full = false;
    if (!stopped) source.resume();
  };
  const onData = (chunk: Buffer) => {
    // Forward first, then let the observer look: the peer gets the bytes without waiting for the capture.
    if (!stopped && !dest.write(chunk)) {
      full = true;
      source.pause();
      dest.once('drain', onDrain);
    }
    opts.tap?.(chunk);
  };
  let ended = false;
  const end = (err?: Error) => {
    if (ended) return;
    ended = true;
    if (!stopped && !dest.destroyed && opts.endDest !== false) dest.end();
    opts.onEnd?.(err);
  };
  source.on('data', onData);
  source.once('end', () => end());
  source.once('error', (err) => end(err));
  // The reader went away (EPIPE): stop, and close the source so its writer learns it too.
  dest.on('error', () => {
    if (!stopped) stop();
  });
  function stop() {
    stopped = true;
    source.off('data', onData);
    dest.off('drain', onDrain);
    source.destroy();
  }
  return {
    get blocked() {
      return full;
    },
    stop,
  };
}
