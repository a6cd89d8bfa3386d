// Times in a filter: a record's `ts` and a typed time (`10:32`, `2026-11-30`, `2026-11-30T10:32:05Z`), compared as
// written in the log (its wall clock), or as instants when the typed time names its zone.

/** A time read: its wall clock as written (ms since 1970 of that date and clock, read as UTC), its instant when its zone is known, its clock (ms since midnight). */
export interface TimeParts {
  /** null when only a clock was written (a clock-only log, or a typed `10:32`). */
  wall: number | null;
  instant: number | null;
  clock: number | null;
}

const TIME = /^(?:(\d{4})-(\d\d)-(\d\d))?(?:[T ]?(\d\d?):(\d\d)(?::(\d\d)(?:[.,](\d+))?)?)?(Z|[+-]\d\d:?\d\d)?$/;

/** The parts of an ISO 8601 time, a date, or a clock; null when the text is none of these. */
export function timeParts(text: string): TimeParts | null {
  const m = TIME.exec(text.trim());
  if (!m || (m[1] === undefined && m[4] === undefined)) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const clock =
    h === undefined
      ? null
      : ((Number(h) * 60 + Number(mi)) * 60 + Number(s ?? 0)) * 1000 + (frac ? Number(`0.${frac}`) * 1000 : 0);
  const wall = y === undefined ? null : Date.UTC(Number(y), Number(mo) - 1, Number(d)) + (clock ?? 0);
  const instant = wall === null || zone === undefined ? null : wall - zoneOffsetMs(zone);
  return { wall, instant, clock };
}

function zoneOffsetMs(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

/**
 * Compares a record's time with a typed one (-1, 0, 1), or null when they cannot be compared (the record has no
 * date and the typed time has one). A typed clock compares with the record's clock; a typed zone, with its instant.
 */
export function compareTimes(record: TimeParts, typed: TimeParts): number | null {
  let a: number | null;
  let b: number | null;
  if (typed.wall === null) [a, b] = [record.clock, typed.clock];
  else if (typed.instant !== null && record.instant !== null) [a, b] = [record.instant, typed.instant];
  else [a, b] = [record.wall, typed.wall];
  if (a === null || b === null) return null;
  return Math.sign(a - b);
}

/** The later of two times of a log (compared as `compareTimes` compares a record's with a typed one); `a` on a tie or when they cannot be compared. */
export function laterTime(a: TimeParts | null, b: TimeParts): TimeParts {
  if (a === null) return b;
  return (compareTimes(b, a) ?? 0) > 0 ? b : a;
}

/**
 * The time `ms` before `t`, written as a typed time that compares as `t`'s kind does: an instant (`…Z`) when its
 * zone was known, a wall clock with its date, or a clock alone (not before midnight).
 */
export function timeBefore(t: TimeParts, ms: number): string {
  const iso = (x: number) => new Date(x).toISOString();
  if (t.instant !== null) return iso(t.instant - ms);
  if (t.wall !== null) return iso(t.wall - ms).slice(0, -1);
  const clock = Math.max(0, (t.clock ?? 0) - ms);
  return iso(clock).slice(11, -1);
}
