import { PendingTable } from './pending.js';
export class SessionState {
    info;
    phase;
    /** Messages (not events) seen in this session. */
    messages = 0;
    pending;
    /** Progress tokens of open requests, keyed like pending ids (the token's sender is the requester). */
    progress = new Map();
    /** Tasks by id: the direction their receiver (the side that runs them) sends in (basic/utilities/tasks.mdx). */
    tasks = new Map();
    /** Last status reported per task id, in report order (bounded: `TASK_STATUS_LIMIT` in tasks.ts). */
    taskStatus = new Map();
    /** Last numeric request id per sender, to place `ping` and other two-way requests in raw logs. */
    lastId = { c2s: null, s2c: null, unknown: null };
    /** A process start (or session break) was seen, so this session's first messages are really its first. */
    started = false;
    /** Per-rule state, created by the rule engine on first use (rules keep their own per-session memory). */
    ruleState = new Map();
    /** Seq of the `initialize` request, to recognise its response. */
    initializeSeq = null;
    constructor(key, file, firstSeq, phase, pendingLimit) {
        this.phase = phase;
        this.pending = new PendingTable(pendingLimit);
        this.info = {
            key,
            file,
            requestedRevision: null,
            negotiatedRevision: null,
            clientInfo: null,
            serverInfo: null,
            clientCapabilities: null,
            serverCapabilities: null,
            initializeSeen: false,
            initializedSeen: false,
            transport: null,
            firstSeq,
            lastSeq: firstSeq,
        };
    }
    /** The revision that governs the session: the negotiated one, else the requested one. */
    get revision() {
        return this.info.negotiatedRevision ?? this.info.requestedRevision;
    }
}
//# sourceMappingURL=state.js.map