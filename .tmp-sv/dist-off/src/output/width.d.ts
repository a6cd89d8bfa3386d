/** Number of terminal columns `s` occupies (expects already-escaped text: no control characters). */
export declare function displayWidth(s: string): number;
/** Cut `s` to at most `width` columns, ending in `…` when something was cut. */
export declare function truncate(s: string, width: number): string;
/** Pad `s` with spaces on the right to `width` columns (never cuts). */
export declare function padEnd(s: string, width: number): string;
/** Pad `s` with spaces on the left to `width` columns (never cuts). */
export declare function padStart(s: string, width: number): string;
/** Exactly `width` columns: truncated, then padded. */
export declare function fit(s: string, width: number): string;
