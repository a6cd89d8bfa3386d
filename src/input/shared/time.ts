// Timestamps as logs write them (ISO 8601, epoch numbers, clock times, relative seconds) → Frame ts/tsMs.

export interface TimeValue {
  /** ISO 8601 (or, for clock-only logs, the clock text as written); null when unknown. */
  ts: string | null;
  /** Epoch ms, ms since midnight (clock times), or ms since capture start (relative seconds): see `TimeKind`. */
  tsMs: number | null;
}

export const NO_TIME: TimeValue = Object.freeze({ ts: null, tsMs: null }) as TimeValue;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const HAS_ZONE = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const CLOCK = /^(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d+))?$/;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;
export const DAY_MS = 86_400_000;

/** Epoch ms → ISO, or null when out of Date's range. */
function isoFromMs(ms: number): string | null {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  return new Date(ms).toISOString();
}

/** ISO 8601's basic format (`20250626T141149.044`, logback's `yyyyMMdd'T'HHmmss.SSS`): no separators. */
const ISO_BASIC = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)([.,]\d+)?(Z|[+-]\d\d(?::?\d\d)?)?$/;
/** A date and time as C-locale `%x %X` writes them (`08/08/25 06:47:31`: month, day, two-digit year), rich's default. */
const US_DATE_TIME = /^(\d\d)\/(\d\d)\/(\d\d) (\d\d:\d\d:\d\d)$/;

/**
 * An ISO 8601 date-time, kept as written (the basic format is written out in the extended one, which every reader of
 * the records can parse). A time without a zone designator is read as UTC so results do not depend on the machine's
 * time zone.
 */
export function isoTime(text: string): TimeValue {
  const fast = millisUtc(text);
  if (fast !== null) return { ts: text, tsMs: fast };
  if (text.charCodeAt(8) === 0x54 /* T */) {
    const b = ISO_BASIC.exec(text);
    if (b) return isoTime(`${b[1]}-${b[2]}-${b[3]}T${b[4]}:${b[5]}:${b[6]}${b[7] ?? ''}${b[8] ?? ''}`);
  }
  let s = text.charCodeAt(10) === 0x20 ? `${text.slice(0, 10)}T${text.slice(11)}` : text;
  if (s.includes(',')) s = s.replace(',', '.');
  if (s.length > 10 && !HAS_ZONE.test(s)) s += 'Z';
  const ms = Date.parse(s);
  return { ts: text, tsMs: Number.isFinite(ms) ? ms : null };
}

/**
 * A log line's time: ISO 8601 (`isoTime`); the C-locale `MM/DD/YY HH:MM:SS` of Python's rich handler, written out
 * as ISO (`2025-08-08T06:47:31`, years 2000–2099) and, having no zone, counted as if UTC; or a clock time with no date
 * (`22:13:36.665`, logback's default), kept as written and counted from its midnight (`TimeKind` `clock`; a log line's
 * days are not counted).
 */
export function logTime(text: string): TimeValue {
  const c = text.charCodeAt(2);
  if (c === 0x2f /* / */) {
    const us = US_DATE_TIME.exec(text);
    if (us) return isoTime(`20${us[3]}-${us[1]}-${us[2]}T${us[4]}`);
  } else if (c === 0x3a /* : */ || text.charCodeAt(1) === 0x3a) {
    const ms = clockTextMs(text);
    if (ms !== null) return { ts: text, tsMs: ms };
  }
  return isoTime(text);
}

/** The second (`YYYY-MM-DDTHH:MM:SS`) last read by `millisUtc`, and its epoch ms. */
let lastSecond = '';
let lastSecondMs = 0;

/**
 * Epoch ms of the form captures write (`toISOString`: `YYYY-MM-DDTHH:MM:SS.sssZ`), without `Date.parse`: messages
 * of one second share their first 19 characters, so the second is parsed once and the milliseconds are added. Null
 * for any other form (the general path reads it).
 */
function millisUtc(text: string): number | null {
  if (text.length !== 24 || text.charCodeAt(19) !== 0x2e || text.charCodeAt(23) !== 0x5a) return null;
  const a = text.charCodeAt(20) - 48;
  const b = text.charCodeAt(21) - 48;
  const c = text.charCodeAt(22) - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9 || c < 0 || c > 9) return null;
  if (lastSecond === '' || !text.startsWith(lastSecond)) {
    const second = text.slice(0, 19);
    const ms = Date.parse(`${second}Z`);
    if (!Number.isFinite(ms) || text.charCodeAt(10) !== 0x54) return null;
    lastSecond = second;
    lastSecondMs = ms;
  }
  return lastSecondMs + a * 100 + b * 10 + c;
}

/** An epoch number as envelopes write it: seconds when below 1e11, else milliseconds. */
function epochTime(n: number): TimeValue {
  const ms = Math.abs(n) < 1e11 ? n * 1000 : n;
  const ts = isoFromMs(ms);
  return ts === null ? NO_TIME : { ts, tsMs: ms };
}

/** Plain seconds as transcripts write them: ≥ 1e9 is epoch seconds, smaller is seconds since capture start. */
export function secondsTime(n: number): TimeValue {
  if (n >= 1e9) {
    const ts = isoFromMs(n * 1000);
    return ts === null ? NO_TIME : { ts, tsMs: n * 1000 };
  }
  return { ts: null, tsMs: n * 1000 };
}

/**
 * A clock time's ms since its own midnight, as written (no day counted); null when `text` is not a clock time (what
 * `ClockTimeline.read` takes for one, counting days from the first record).
 */
export function clockTextMs(text: string): number | null {
  const ms = clockMs(text);
  if (ms !== null) return ms;
  const m = CLOCK.exec(text);
  if (!m) return null;
  const f = m[4];
  const frac = f ? (Number(f) * 1000) / 10 ** f.length : 0;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + frac;
}

/**
 * What a time's milliseconds (`tsMs`) count from, as the readers set them (docs/formats.md):
 * - `dated`: the epoch (an ISO 8601 date-time, an epoch number); comparable across inputs.
 * - `clock`: the midnight before its input's first clock time (`HH:MM:SS` without a date; `ts` is the clock as
 *   written); comparable only with the clock times of the same input, whose days it counts.
 * - `relative`: its capture's start (seconds since start; no `ts`); comparable only within its input.
 * Times of different kinds, and clock or relative times of different inputs, are never compared: the days between
 * them are not known (docs/commands/stats.md, `timeSpan`).
 */
export type TimeKind = 'dated' | 'clock' | 'relative';

/** The kind of a record's time (see `TimeKind`); null when it has no usable milliseconds. */
export function timeKind(ts: string | null, tsMs: number | null): TimeKind | null {
  if (tsMs === null || !Number.isFinite(tsMs)) return null;
  if (ts === null) return 'relative';
  return isClockText(ts) ? 'clock' : 'dated';
}

/** Whether `ts` is a clock time as written (an ISO time has its first `:` further in: tested first, cheaply). */
function isClockText(ts: string): boolean {
  return (ts.charCodeAt(1) === 0x3a || ts.charCodeAt(2) === 0x3a) && clockTextMs(ts) !== null;
}

/** Whether a clock time read after `last` (both in ms on the same count of days) is on the next day: it went back by more than 12 hours. */
export function passesMidnight(last: number, ms: number): boolean {
  return ms < last - DAY_MS / 2;
}

/**
 * Clock times (`HH:MM:SS.fff`) in log order → ms since the first record's midnight. A clock that goes back
 * by more than 12 hours has passed midnight, so a day is added from then on.
 */
export class ClockTimeline {
  private last: number | null = null;

  /**
   * `dayOffset`: the days already counted (in ms), for a piece of a file read on its own (`--jobs`): what the whole
   * file counts at the piece's first clock time.
   */
  constructor(private dayOffset = 0) {}

  /** The days counted so far, in ms. */
  get offset(): number {
    return this.dayOffset;
  }

  /** Returns null when `text` is not a clock time. */
  read(text: string): TimeValue | null {
    let ms = clockTextMs(text);
    if (ms === null) return null;
    ms += this.dayOffset;
    if (this.last !== null && passesMidnight(this.last, ms)) {
      this.dayOffset += DAY_MS;
      ms += DAY_MS;
    }
    this.last = ms;
    return { ts: text, tsMs: ms };
  }
}

/** `HH:MM:SS.mmm` (the usual transcript clock) read without a regex; null for any other spelling. */
function clockMs(t: string): number | null {
  if (t.length !== 12 || t.charCodeAt(2) !== 0x3a || t.charCodeAt(5) !== 0x3a || t.charCodeAt(8) !== 0x2e) return null;
  let v = 0;
  for (const i of CLOCK_DIGITS) {
    const d = t.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return null;
    v = v * 10 + d;
  }
  // v is HHMMSSmmm as one number.
  const mmm = v % 1000;
  const ss = Math.floor(v / 1000) % 100;
  const mm = Math.floor(v / 100_000) % 100;
  const hh = Math.floor(v / 10_000_000);
  return ((hh * 60 + mm) * 60 + ss) * 1000 + mmm;
}

const CLOCK_DIGITS = [0, 1, 3, 4, 6, 7, 9, 10, 11];

/**
 * A time value from an envelope: a number (epoch s/ms), an ISO string, a clock string, a numeric string, or
 * any other date string `Date.parse` understands (normalised to ISO). Anything else keeps its text, tsMs null.
 */
export function envelopeTime(v: unknown, clock: ClockTimeline): TimeValue {
  if (typeof v === 'number') return epochTime(v);
  if (typeof v !== 'string') return NO_TIME;
  const s = v.trim();
  if (ISO_DATE.test(s) || ISO_BASIC.test(s)) return isoTime(s);
  if (NUMERIC.test(s)) return epochTime(Number(s));
  const clockTime = clock.read(s);
  if (clockTime) return clockTime;
  const ms = Date.parse(s);
  const ts = Number.isFinite(ms) ? isoFromMs(ms) : null;
  return ts === null ? { ts: s.length > 0 ? s : null, tsMs: null } : { ts, tsMs: ms };
}
