// Numeric command-line options: whole numbers of at least 1 and durations, checked the same way for every command.
//
// yargs' `type: 'number'` turns `abc` into NaN and `-5` into a limit that is silently off. These options have no
// type: yargs hands over a number as a number and anything else as typed, and the check below quotes it in a usage
// error (`--max-pending -5: …`); `--help` shows no misleading `[string]` either.

/** A value as yargs hands it to `coerce`: the last one when the flag was repeated. */
function typed(v: unknown): string {
  return String(Array.isArray(v) ? v[v.length - 1] : v).trim();
}

/** `--flag N`: a whole number of at least 1 (a typo must not turn a limit off). */
export function positiveInteger(flag: string): (v: unknown) => number {
  return (v) => {
    if (v === undefined) return v as unknown as number; // not given, no default
    const text = typed(v);
    const n = /^\+?\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${flag} ${text}: expected a whole number of at least 1`);
    return n;
  };
}

/** `--flag N`: a whole number, 0 included (a count of retries). */
export function wholeNumber(flag: string): (v: unknown) => number {
  return (v) => {
    if (v === undefined) return v as unknown as number; // not given, no default
    const text = typed(v);
    const n = /^\+?\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n)) throw new Error(`--${flag} ${text}: expected a whole number (0 or more)`);
    return n;
  };
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `--flag 250ms|5s|2m|1h|1500`: a duration in whole milliseconds (a bare number is milliseconds), at least 1 ms. */
export function durationMs(flag: string): (v: unknown) => number {
  return (v) => {
    if (v === undefined) return v as unknown as number; // not given, no default
    const text = typed(v);
    const m = /^\+?(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text);
    const n = m ? Number(m[1]) * UNIT_MS[m[2] ?? 'ms']! : NaN;
    if (!Number.isSafeInteger(n) || n < 1) {
      throw new Error(
        `--${flag} ${text}: expected a duration of at least 1 ms: milliseconds (5000) or with a unit (250ms, 5s, 2m)`,
      );
    }
    return n;
  };
}

/** The yargs option of a count or size: `describe`, then `[default: …]` as yargs shows it. */
export function countOption(flag: string, describe: string, defaultValue?: number) {
  return { describe, requiresArg: true, default: defaultValue, coerce: positiveInteger(flag) };
}

/** The yargs option of a duration in milliseconds. */
export function durationOption(flag: string, describe: string, defaultValue?: number) {
  return { describe, requiresArg: true, default: defaultValue, coerce: durationMs(flag) };
}
