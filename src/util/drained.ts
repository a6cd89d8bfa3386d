// Waiting for a writable stream to take more, or to have handed everything to the OS.
import type { Writable } from 'node:stream';
import { firstEvent } from './first-event.js';

/**
 * Resolves when everything written to `out` has been handed on (`drain`, or `finish`), or `out` failed or closed (the
 * next write reports that). At once when nothing is buffered.
 */
export function drained(out: Writable): Promise<void> {
  if (out.destroyed || (out.writableLength === 0 && !out.writableNeedDrain)) return Promise.resolve();
  return firstEvent(out, ['drain', 'finish', 'close', 'error']);
}
