// A record's `ts` as a UTC instant, and the date partition it falls in.
import { DAY_MS, timeKind } from '../../input/shared/time.js';

/**
 * A record's time as whole UTC epoch milliseconds when it holds a calendar date, else null: what the reader made of its
 * `ts` (`tsMs`, input/shared/time.ts: a time without a zone read as UTC, as the dataset's `time` column and `date` partition
 * document), kept only when it is a dated instant and not a clock time or seconds since a capture's start.
 */
export function timeOf(ts: string | null, tsMs: number | null): number | null {
  // Whole milliseconds, as `ts` writes them (a packet's time has microseconds; a Date truncates them the same way).
  return timeKind(ts, tsMs) === 'dated' ? Math.trunc(tsMs!) : null;
}

/** The `date` partition value: the UTC date of `time`, or `unknown` when the record has no dated time. */
export function dateOf(time: number | null): string {
  if (time === null) return 'unknown';
  const day = Math.floor(time / DAY_MS);
  // Records come in time order mostly: the last day's text is reused.
  if (day !== last.day) last = { day, text: new Date(day * DAY_MS).toISOString().slice(0, 10) };
  return last.text;
}

let last = { day: NaN, text: '' };
