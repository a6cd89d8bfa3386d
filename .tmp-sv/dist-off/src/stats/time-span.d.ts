import type { PipelineRecord } from '../types.js';
import type { TimeSpan } from './types.js';
/**
 * Earliest and latest record by wire time (`wire.tsMs`), so merged or slightly reordered logs still give the
 * true span. Records with a `ts` but no wire time (clock strings that could not be placed) only decide
 * first/last when no record had a wire time, in input order, and then the duration is unknown.
 */
export declare class TimeSpanTracker {
    private minMs;
    private maxMs;
    private minTs;
    private maxTs;
    private firstTs;
    private lastTs;
    add(r: PipelineRecord): void;
    toStats(): TimeSpan;
}
