import type { CapabilityRef, Direction } from '../types.js';
export interface PendingRequest {
    seq: number;
    source: string;
    dir: Direction;
    id: string | number;
    method: string;
    tsMs: number | null;
    cancelled: boolean;
    capability: CapabilityRef | null;
    progressToken: string | number | null;
    /** The request message as parsed (rules read its params). */
    message: unknown;
    /** Task-augmented (`params.task`): its receiver may answer with a task and report its status later. */
    task: boolean;
}
/**
 * Key by sender and exact id: `1` and `"1"` differ, and a client request 0 and a server request 0
 * are different requests (basic/index.mdx §Requests: ids are unique per requestor and session).
 */
export declare function pendingKey(dir: Direction, id: string | number): string;
export declare class PendingTable {
    private readonly limit;
    private readonly open;
    constructor(limit: number);
    get size(): number;
    get(dir: Direction, id: string | number): PendingRequest | undefined;
    /** Adds a request; returns the entry it displaced (same key) and the oldest entry evicted by the bound. */
    add(p: PendingRequest): {
        replaced?: PendingRequest;
        evicted?: PendingRequest;
    };
    take(dir: Direction, id: string | number): PendingRequest | undefined;
    values(): IterableIterator<PendingRequest>;
}
