// Forwards one HTTP body chunk by chunk, with backpressure, letting the capture see each chunk; says how it ended.
import type { Buffer } from 'node:buffer';
import { finished, type Readable, type Writable } from 'node:stream';

/**
 * Each chunk is written as it is read (an SSE event reaches the client as the server sent it, never held for more),
 * and when the destination's buffer is full the source is paused until it drains, so a slow reader on either side
 * holds the writer back instead of growing a queue. `done` is called once: `true` when the source ended whole,
 * `false` when it was cut (its connection closed or failed). The destination is left to the caller, who ends it
 * cleanly or destroys it so that a cut body stays cut on the other side.
 */
export function pipeBody(
  source: Readable,
  dest: Writable,
  tap: ((chunk: Buffer) => void) | null,
  done: (whole: boolean) => void,
): void {
  const resume = () => source.resume();
  source.on('data', (chunk: Buffer) => {
    // Forward first, then let the capture look: the peer gets the bytes without waiting for it.
    if (!dest.destroyed && !dest.write(chunk)) {
      source.pause();
      dest.once('drain', resume);
    }
    tap?.(chunk);
  });
  finished(source, (err) => {
    dest.off('drain', resume);
    done(err === undefined || err === null);
  });
}
