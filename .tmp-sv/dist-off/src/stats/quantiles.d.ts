import type { LatencySummary } from './types.js';
export interface SketchOptions {
    /** Samples kept exactly before switching to the histogram. Default 2,048. */
    exactLimit?: number;
    /** Relative error bound of the histogram. Default 0.01 (1%). */
    relativeAccuracy?: number;
}
/**
 * Percentiles of a stream of numbers (ms), nearest-rank definition (the smallest value with at least
 * q·n values ≤ it).
 *
 * Up to `exactLimit` samples are stored as given and the answer is exact. After that the samples move to
 * a log-bucketed histogram (the DDSketch scheme): bucket i holds values in (γ^(i-1), γ^i] with
 * γ = (1+α)/(1−α), and answers with 2γ^i/(γ+1), which is within relative error α of every value in the
 * bucket. Memory is then one map entry per occupied bucket: with α = 1% about 115 buckets per factor of
 * ten, so roughly 1,400 entries cover 1 ns … 11 days; it never depends on the number of samples.
 * Negative values (clock skew between log lines) go to a mirrored histogram; `max` stays exact.
 */
export declare class LatencySketch {
    private readonly exactLimit;
    private readonly gamma;
    private readonly lnGamma;
    private exact;
    private sorted;
    private readonly pos;
    private readonly neg;
    private zero;
    private n;
    private min;
    private max;
    constructor(opts?: SketchOptions);
    /** Number of samples added. */
    get count(): number;
    /** Numbers held in memory: exact samples plus histogram buckets. Bounded whatever the input size. */
    get storedSize(): number;
    /** Whether answers are still exact. */
    get isExact(): boolean;
    add(x: number): void;
    private toHistogram;
    private bucket;
    private value;
    /** The q-quantile (0 < q ≤ 1), nearest rank; null without samples. */
    quantile(q: number): number | null;
    /** A bucket's representative may lie just outside the observed range; keep answers inside it. */
    private clamp;
    /** p50, p95 and max, rounded to microseconds (3 decimals); nulls without samples. */
    summary(): LatencySummary;
}
