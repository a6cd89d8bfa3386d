// How much of a side a diff keeps: bounded, whatever the size of the captures.

/** Latencies kept per method (a uniform sample beyond). */
export const MAX_LATENCIES = 2_000;
/** Answers kept per request key, in order. */
export const MAX_ANSWERS_PER_KEY = 20;
/** Request keys kept. */
export const MAX_KEYS = 10_000;
/** A result kept for comparison when its JSON is at most this long (bytes); a larger one is compared by status only. */
export const MAX_KEPT_RESULT = 64 * 1024;
/** Differences listed for one result. */
export const MAX_PATHS_SHOWN = 5;
/** Bootstrap resamples for the confidence interval of a slowdown. */
export const BOOTSTRAP_RESAMPLES = 1_000;
/** Samples each side needs before a slowdown is called (a confidence interval needs them). */
export const MIN_SAMPLES_FOR_INTERVAL = 5;
/** A slowdown under this many milliseconds of median is noise (a loaded machine), whatever its ratio. */
export const MIN_SLOWDOWN_MS = 50;
