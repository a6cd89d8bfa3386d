import { ClosedRequests, RecentMap } from './support/flow-memory.js';
import type { Rule } from './types.js';
interface Last {
    /** Seq of the request that carried the token (null when no request is known): a new request starts afresh. */
    request: number | null;
    progress: number;
    seq: number;
}
interface State {
    closed: ClosedRequests;
    /** Last progress value per requester and token. */
    last: RecentMap<Last>;
}
export declare const progressNotIncreasing: Rule<{
    token: string;
    progress: number;
    previous: number;
}, State>;
export {};
