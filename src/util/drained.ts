// Waiting for a writable stream to take more, or to have handed everything to the OS.
import type { Writable } from 'node:stream';

/**
 * Resolves when everything written to `out` has been handed on (`drain`, or `finish`), or `out` failed or closed (the
 * next write reports that). At once when nothing is buffered.
 */
export function drained(out: Writable): Promise<void> {
  if (out.destroyed || (out.writableLength === 0 && !out.writableNeedDrain)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('finish', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('finish', done);
    out.on('close', done);
    out.on('error', done);
  });
}
