// A record's `ts` as a UTC instant, and the date partition it falls in.

/** A time with a calendar date (`2026-12-01T10:00:00Z`, `2026-12-01 10:00:00.123+02:00`); clock-only times have none. */
const DATED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * `ts` as epoch milliseconds when it holds a date, else null. A time without a zone is taken as UTC (as the
 * dataset's `time` column and `date` partition document), never as the local zone of the machine that exports.
 */
export function timeOf(ts: string | null): number | null {
  if (ts === null) return null;
  const fast = canonicalTime(ts);
  if (fast !== null) return fast;
  if (!DATED.test(ts)) return null;
  const iso = HAS_ZONE.test(ts) ? ts : `${ts}Z`;
  const ms = Date.parse(iso.replace(' ', 'T'));
  return Number.isFinite(ms) ? ms : null;
}

const digit = (s: string, i: number): number => {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
};
const two = (s: string, i: number): number => digit(s, i) * 10 + digit(s, i + 1);

/**
 * `2026-12-01T10:00:00.123Z` (what wrap, the SDK and most hosts write) read without Date.parse, which costs more than
 * the rest of a record's row. Only fields in ranges no calendar can refuse are taken (a day up to 28); anything else is
 * null, and Date.parse decides.
 */
function canonicalTime(s: string): number | null {
  const n = s.length;
  if (n !== 24 && n !== 20) return null;
  const c = (i: number) => s.charCodeAt(i);
  // - - T : : Z, and the dot before the milliseconds.
  if (c(4) !== 45 || c(7) !== 45 || c(10) !== 84 || c(13) !== 58 || c(16) !== 58 || c(n - 1) !== 90 || (n === 24 && c(19) !== 46)) return null;
  const year = two(s, 0) * 100 + two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  const hour = two(s, 11);
  const minute = two(s, 14);
  const second = two(s, 17);
  const ms = n === 24 ? digit(s, 20) * 100 + two(s, 21) : 0;
  if (!(year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 28 && hour <= 23 && minute <= 59 && second <= 59 && ms >= 0)) return null;
  // The day's start is worked out once per day (records come in time order, mostly).
  const key = (year * 100 + month) * 100 + day;
  if (key !== lastDay.key) lastDay = { key, ms: Date.UTC(year, month - 1, day) };
  return lastDay.ms + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
}

let lastDay = { key: -1, ms: 0 };

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
