/** Latency for people: `34ms`, `0.4ms` below 10 ms, `12.3s` from 10 s; `-` for null. */
export declare function formatMs(ms: number | null): string;
/** An integer with `,` thousands separators (fixed, whatever the process locale). */
export declare function formatCount(n: number): string;
/** A fraction in [0, 1] as a percentage with one decimal: `0.4286` → `42.9%`. */
export declare function formatPercent(fraction: number): string;
