import type { OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import { type ScopeLimits } from './scope.js';
import { type SessionStats } from './types.js';
/** Session key → tally, capped at `maxSessions` distinct keys (the rest share `(other)`). */
export declare class SessionTable {
    private readonly limits;
    private readonly tallies;
    constructor(maxSessions: number, limits: ScopeLimits);
    add(r: PipelineRecord): void;
    /**
     * One entry per session: first in the order the session stage reports them (a reported session with no
     * records gets zero counts), then sessions seen only in records, then `(other)` when the cap was hit.
     * Open requests go to their session, or to `(other)` when their session has no entry of its own.
     */
    toStats(infos: readonly SessionInfo[], open: readonly OpenRequest[]): SessionStats[];
}
