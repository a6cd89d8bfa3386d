// First and last timestamp of a run and the time between them, one timeline at a time (dated, or one input's clock).
import { timeKind } from '../input/shared/time.js';
import type { PipelineRecord } from '../types.js';
import type { TimeSpan, TimeSpanOf } from './types.js';

/** The earliest and latest time of one timeline, as plain data. */
interface SpanState {
  minMs: number;
  maxMs: number;
  minTs: string;
  maxTs: string;
}

/** A span as plain data, for `--jobs`. */
export interface TimeSpanState {
  dated: SpanState | null;
  /** Per input (file name), its clock times without a date, inputs in the order they came. */
  clock: Array<[string, SpanState]>;
  /** Times that could not be placed (text with no milliseconds): the first and last in input order. */
  firstText: string | null;
  lastText: string | null;
}

/** `s` widened to take in a time: the earliest is the first record with it, the latest the last one. */
function widen(s: SpanState | null, ms: number, ts: string): SpanState {
  if (s === null) return { minMs: ms, maxMs: ms, minTs: ts, maxTs: ts };
  if (ms < s.minMs) {
    s.minMs = ms;
    s.minTs = ts;
  }
  if (ms >= s.maxMs) {
    s.maxMs = ms;
    s.maxTs = ts;
  }
  return s;
}

/** `into` widened by a span that came after it. */
function join(into: SpanState | null, o: SpanState): SpanState {
  return widen(widen(into, o.minMs, o.minTs), o.maxMs, o.maxTs);
}

const spanOf = (s: SpanState): TimeSpanOf => ({
  first: s.minTs,
  last: s.maxTs,
  durationMs: Math.round((s.maxMs - s.minMs) * 1000) / 1000,
});

/**
 * Earliest and latest record by wire time (`wire.tsMs`), so merged or slightly reordered logs still give the true span,
 * and only times of one kind compared (`TimeKind`, src/input/shared/time.ts): dated times (ISO 8601, epoch) on one timeline
 * for the whole run; clock times without a date on one timeline per input (each counts its own days, and its date is
 * not known). Times with no milliseconds (text that could not be placed) only give first and last, in input order,
 * when no record had a time; relative times (seconds since capture start) have no text to show and are left out.
 */
export class TimeSpanTracker {
  private dated: SpanState | null = null;
  private readonly clock = new Map<string, SpanState>();
  private firstText: string | null = null;
  private lastText: string | null = null;
  /** The clock span of the last record's input: records come input by input. */
  private lastFile: string | null = null;
  private lastClock: SpanState | null = null;

  add(r: PipelineRecord): void {
    const ts = r.ts;
    if (ts === null) return;
    const ms = r.wire.tsMs;
    const kind = timeKind(ts, ms);
    if (kind === 'dated') this.dated = widen(this.dated, ms!, ts);
    else if (kind === 'clock') this.addClock(r.wire.file, ms!, ts);
    else if (kind === null) {
      this.firstText ??= ts;
      this.lastText = ts;
    }
  }

  private addClock(file: string, ms: number, ts: string): void {
    if (file !== this.lastFile || this.lastClock === null) {
      this.lastFile = file;
      this.lastClock = this.clock.get(file) ?? null;
    }
    const s = widen(this.lastClock, ms, ts);
    if (s !== this.lastClock) {
      this.clock.set(file, s);
      this.lastClock = s;
    }
  }

  exportState(): TimeSpanState {
    return { dated: this.dated, clock: [...this.clock], firstText: this.firstText, lastText: this.lastText };
  }

  /** Takes in another span, as if its records had come after this one's (`--jobs`; a file's pieces share its clock). */
  mergeFrom(o: TimeSpanState): void {
    if (o.dated !== null) this.dated = join(this.dated, o.dated);
    for (const [file, s] of o.clock) this.clock.set(file, join(this.clock.get(file) ?? null, s));
    this.lastFile = null;
    this.lastClock = null;
    this.firstText ??= o.firstText;
    if (o.lastText !== null) this.lastText = o.lastText;
  }

  /**
   * The run's span: its dated times when it has any, else the clock times of its one input with clock times. Every
   * input's clock times that are not that span are listed apart (`clockOnly`), never compared with other times.
   */
  toStats(): TimeSpan {
    const clockOnly = [...this.clock].map(([file, s]) => ({ file, ...spanOf(s) }));
    if (this.dated !== null) return { ...spanOf(this.dated), clockOnly };
    if (clockOnly.length === 1) return { ...spanOf(this.clock.values().next().value!), clockOnly: [] };
    if (clockOnly.length === 0 && this.firstText !== null)
      return { first: this.firstText, last: this.lastText, durationMs: null, clockOnly };
    return { first: null, last: null, durationMs: null, clockOnly };
  }
}
