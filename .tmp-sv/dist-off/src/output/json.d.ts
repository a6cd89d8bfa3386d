import type { AnnotatedRecord, OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import type { RecordOutputOptions } from './ndjson.js';
/** A contract record without wire details; `message`/`raw` are absent when `body` is off. */
export type JsonRecord = Omit<AnnotatedRecord, 'message'> & {
    message?: unknown;
};
export interface JsonDocument {
    records: JsonRecord[];
    sessions: SessionInfo[];
    /** Requests never answered at end of input; `cancelled: true` marks those that were cancelled. */
    unanswered: OpenRequest[];
}
/**
 * The same field set and key order as `recordToNdjson`: seq … findings, raw, event, batch, message.
 * Nested contract objects are copied so later mutation of the pipeline record cannot leak in.
 */
export declare function recordToJson(r: PipelineRecord, opts: RecordOutputOptions): JsonRecord;
/**
 * `{ records, sessions, unanswered }` for `--format json`. The CLI serialises it (JSON.stringify with its
 * own indent). `unanswered` holds every open request, cancelled ones included (flagged by `cancelled`).
 */
export declare function jsonDocument(records: Iterable<PipelineRecord>, sessions: readonly SessionInfo[], open: readonly OpenRequest[], opts: RecordOutputOptions): JsonDocument;
