import type { Facts } from '../../session/facts.js';
import type { Direction, PipelineRecord } from '../../types.js';
/** How many answered requests each memory keeps per session (the least recently answered are forgotten first). */
export declare const FLOW_MEMORY_LIMIT = 1024;
/** A map that keeps only its `limit` most recently set keys. */
export declare class RecentMap<V> {
    private readonly limit;
    private readonly map;
    constructor(limit?: number);
    get(key: string): V | undefined;
    set(key: string, value: V): void;
    delete(key: string): void;
    get size(): number;
}
/** A request that got its response (or error). */
export interface ClosedRequest {
    /** Seq, sender, id and method of the request. */
    seq: number;
    dir: Direction;
    id: string | number;
    method: string;
    /** Seq of the response or error. */
    closedSeq: number;
    /** It had been cancelled with `notifications/cancelled` before the answer came. */
    cancelled: boolean;
    /** The task its CreateTaskResult named (task-augmented requests answered with a task), else null. */
    taskId: string | null;
}
/**
 * Answered requests by sender and id, and by sender and progress token. A new request with the same id or token
 * makes the old entry obsolete (ids and tokens only have to be unique among active requests), so it is dropped.
 */
export declare class ClosedRequests {
    private readonly byId;
    private readonly byToken;
    /** Updates the memory from one record; call it on every record, before the lookups. */
    observe(record: PipelineRecord, facts: Facts): void;
    /** The answered request that `senderDir` sent with this id (either side's when the direction is unknown). */
    byRequestId(senderDir: Direction, id: string | number): ClosedRequest | undefined;
    /** The answered request whose progress token a progress notification sent in `dir` names (sent the other way). */
    byProgressToken(dir: Direction, token: string | number): ClosedRequest | undefined;
}
export declare function opposite(d: Direction): Direction;
/** `params._meta.progressToken` of a request, when it is a string or number. */
export declare function progressTokenOf(message: unknown): string | number | null;
/** `params.progressToken` of a progress notification, when it is a string or number. */
export declare function notifiedTokenOf(message: unknown): string | number | null;
