export interface TimeValue {
    /** ISO 8601 (or, for clock-only logs, the clock text as written); null when unknown. */
    ts: string | null;
    /** Epoch ms, ms since midnight (clock times), or ms since capture start (relative seconds). */
    tsMs: number | null;
}
export declare const NO_TIME: TimeValue;
/**
 * An ISO 8601 date-time, kept as written. A time without a zone designator is read as UTC so results do
 * not depend on the machine's time zone.
 */
export declare function isoTime(text: string): TimeValue;
/** An epoch number as envelopes write it: seconds when below 1e11, else milliseconds. */
export declare function epochTime(n: number): TimeValue;
/** Plain seconds as transcripts write them: ≥ 1e9 is epoch seconds, smaller is seconds since capture start. */
export declare function secondsTime(n: number): TimeValue;
/**
 * Clock times (`HH:MM:SS.fff`) in log order → ms since the first record's midnight. A clock that goes back
 * by more than 12 hours has passed midnight, so a day is added from then on.
 */
export declare class ClockTimeline {
    private dayOffset;
    private last;
    /** Returns null when `text` is not a clock time. */
    read(text: string): TimeValue | null;
}
/**
 * A time value from an envelope: a number (epoch s/ms), an ISO string, a clock string, a numeric string, or
 * any other date string `Date.parse` understands (normalised to ISO). Anything else keeps its text, tsMs null.
 */
export declare function envelopeTime(v: unknown, clock: ClockTimeline): TimeValue;
