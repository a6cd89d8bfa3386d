// First and last timestamp of a run and the time between them.
import type { PipelineRecord } from '../types.js';
import type { TimeSpan } from './types.js';

/** A span as plain data, for `--jobs`. */
export interface TimeSpanState {
  minMs: number;
  maxMs: number;
  minTs: string | null;
  maxTs: string | null;
  firstTs: string | null;
  lastTs: string | null;
}

/**
 * Earliest and latest record by wire time (`wire.tsMs`), so merged or slightly reordered logs still give the
 * true span. Records with a `ts` but no wire time (clock strings that could not be placed) only decide
 * first/last when no record had a wire time, in input order, and then the duration is unknown.
 */
export class TimeSpanTracker {
  private minMs = Infinity;
  private maxMs = -Infinity;
  private minTs: string | null = null;
  private maxTs: string | null = null;
  private firstTs: string | null = null;
  private lastTs: string | null = null;

  add(r: PipelineRecord): void {
    if (r.ts === null) return;
    this.firstTs ??= r.ts;
    this.lastTs = r.ts;
    const ms = r.wire.tsMs;
    if (ms === null || !Number.isFinite(ms)) return;
    if (ms < this.minMs) {
      this.minMs = ms;
      this.minTs = r.ts;
    }
    if (ms >= this.maxMs) {
      this.maxMs = ms;
      this.maxTs = r.ts;
    }
  }

  exportState(): TimeSpanState {
    return { minMs: this.minMs, maxMs: this.maxMs, minTs: this.minTs, maxTs: this.maxTs, firstTs: this.firstTs, lastTs: this.lastTs };
  }

  /** Takes in another span, as if its records had come after this one's (`--jobs`). */
  mergeFrom(o: TimeSpanState): void {
    this.firstTs ??= o.firstTs;
    if (o.lastTs !== null) this.lastTs = o.lastTs;
    if (o.minTs !== null && o.minMs < this.minMs) {
      this.minMs = o.minMs;
      this.minTs = o.minTs;
    }
    if (o.maxTs !== null && o.maxMs >= this.maxMs) {
      this.maxMs = o.maxMs;
      this.maxTs = o.maxTs;
    }
  }

  toStats(): TimeSpan {
    if (this.minTs !== null && this.maxTs !== null) {
      return { first: this.minTs, last: this.maxTs, durationMs: Math.round((this.maxMs - this.minMs) * 1000) / 1000 };
    }
    return { first: this.firstTs, last: this.lastTs, durationMs: null };
  }
}
