import type { OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import type { Stats } from './types.js';
export interface StatsOptions {
    /** Distinct method, tool and error-code keys before `(other)` (run-wide tables). Default 1,000. */
    maxKeys?: number;
    /** Exact latency samples per method/tool before the ≤1% histogram. Default 2,048. */
    exactSamples?: number;
    /** Distinct sessions before `(other)`. Default 1,000. */
    maxSessions?: number;
    /** Per-session method keys and exact samples (smaller: there can be many sessions). Defaults 200 and 256. */
    sessionMaxKeys?: number;
    sessionExactSamples?: number;
    /** `tools/call` requests remembered while waiting for their response; the oldest is dropped past it. Default 10,000. */
    maxPendingTools?: number;
    /** Name for an error code. Default: the protocol table's `errorCodeName`. */
    errorName?: (code: number) => string;
}
/**
 * Memory is bounded by the options, not by input size: counters per key, capped key tables, latency
 * sketches (exact up to `exactSamples`, then a log-bucketed histogram with ≤1% relative error, see
 * quantiles.ts), and a capped map of `tools/call` request seq → tool name that forgets each entry once its
 * response arrives.
 */
export declare class StatsCollector {
    private readonly all;
    private readonly sessions;
    private readonly tools;
    private readonly errors;
    private readonly pendingTools;
    private readonly maxPendingTools;
    private readonly errorName;
    private readonly span;
    constructor(opts?: StatsOptions);
    /** Entries currently held in the tools/call pending map (for tests of the bound). */
    get pendingToolCount(): number;
    add(r: PipelineRecord): void;
    private toolRequest;
    private toolResponse;
    /** The statistics so far. `sessions` and `open` come from the session stage at end of input. */
    finish(sessions: readonly SessionInfo[], open: readonly OpenRequest[]): Stats;
}
