// A record's `ts` as a UTC instant, and the date partition it falls in.

/** A time with a calendar date (`2026-12-01T10:00:00Z`, `2026-12-01 10:00:00.123+02:00`); clock-only times have none. */
const DATED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * `ts` as epoch milliseconds when it holds a date, else null. A time without a zone is taken as UTC (as the
 * dataset's `time` column and `date` partition document), never as the local zone of the machine that exports.
 */
export function timeOf(ts: string | null): number | null {
  if (ts === null || !DATED.test(ts)) return null;
  const iso = HAS_ZONE.test(ts) ? ts : `${ts}Z`;
  const ms = Date.parse(iso.replace(' ', 'T'));
  return Number.isFinite(ms) ? ms : null;
}

/** The `date` partition value: the UTC date of `time`, or `unknown` when the record has no dated time. */
export function dateOf(time: number | null): string {
  if (time === null) return 'unknown';
  const day = Math.floor(time / DAY_MS);
  // Records come in time order mostly: the last day's text is reused.
  if (day !== last.day) last = { day, text: new Date(day * DAY_MS).toISOString().slice(0, 10) };
  return last.text;
}

const DAY_MS = 86_400_000;
let last = { day: NaN, text: '' };
