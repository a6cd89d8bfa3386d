import type { PipelineRecord } from '../types.js';
export interface RecordOutputOptions {
    /** Include `message` (and `raw` on invalid records). Off: both keys are left out entirely. */
    body: boolean;
}
/**
 * One JSON line (no trailing newline) with the contract fields in contract order:
 * seq … findings, then `raw` (invalid records), `event` (transport events), `batch` (batch members), then `message`.
 */
export declare function recordToNdjson(r: PipelineRecord, opts: RecordOutputOptions): string;
