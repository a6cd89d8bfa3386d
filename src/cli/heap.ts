// Keeps a long run's heap as small as a short one's: a full garbage collection after every 64 MiB of messages read, and at the end.
//
// What the pipeline keeps is bounded (ARCHITECTURE.md principle 5), but V8 lets garbage pile up in the old generation in
// proportion to how long a process has been allocating: measured on the benchmark logs, peak RSS grew from 105 MiB
// (100 MB of input) to 147 MiB (1 GB) with almost the same live heap (7 → 10 MiB). A full collection every 64 MiB
// keeps the 1 GB peak within 10% of the 100 MB one for about 2% of the run time (bench/, docs/performance.md).
import v8 from 'node:v8';
import vm from 'node:vm';

const EVERY = 64 * 1024 * 1024;

/** V8's `gc`, exposed: a full collection, or with `{ type: 'minor' }` only the young generation's. */
type Gc = (options?: { type: 'minor' }) => void;

let gc: Gc | null | undefined;

function collector(): Gc | null {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const fn: unknown = vm.runInNewContext('gc');
      gc = typeof fn === 'function' ? (fn as Gc) : null;
    } catch {
      gc = null;
    }
  }
  return gc;
}

/** Counts message bytes read and collects the heap after every 64 MiB of them, and once more at the end. */
export class HeapKeeper {
  private read = 0;
  private collected = false;

  add(bytes: number): void {
    this.read += bytes;
    if (this.read < EVERY) return;
    this.read = 0;
    this.collected = true;
    collector()?.();
  }

  /**
   * The input has ended: the output is built now (an audit report, the statistics, the list of unanswered requests),
   * on top of whatever garbage the last stretch of input left and the memories of the sessions just retired. A
   * collection first lets it reuse that space instead of growing the heap: the end of a long run is where its peak
   * was (docs/performance.md, "Memory"). Short runs (less than 64 MiB) skip it.
   */
  end(): void {
    if (!this.collected) return;
    this.read = 0;
    collector()?.();
  }
}

/** Bytes read between two young-generation collections of `ChunkSweeper`. */
const SWEEP_EVERY = 4 * 1024 * 1024;

/**
 * Frees a byte scan's read chunks as it goes: a young-generation collection after every 4 MiB read. A reader that makes
 * no string of what it skips (source-lines.ts) leaves only its chunks as garbage, which live outside the heap: V8
 * weighs them against a large limit of their own and the heap grows too slowly to collect them, so on a 1 GB log
 * 30 MB of them piled up (peak RSS 148 MiB against 124–127 MiB with the sweep, for no measured time;
 * docs/performance.md, "Memory").
 */
export class ChunkSweeper {
  private read = 0;

  add(bytes: number): void {
    this.read += bytes;
    if (this.read < SWEEP_EVERY) return;
    this.read = 0;
    collector()?.({ type: 'minor' });
  }
}
