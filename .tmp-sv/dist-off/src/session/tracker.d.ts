import type { Decoded } from '../decode/decode.js';
import type { OpenRequest, PipelineRecord } from '../types.js';
import type { Facts } from './facts.js';
import { SessionState } from './state.js';
/** Counters shared by every input of one run, so seqs and session ordinals never collide. */
export declare class RunContext {
    readonly pendingLimit: number;
    seq: number;
    ordinal: number;
    readonly sessions: SessionState[];
    /** Latest session per key (keys from different inputs may repeat). */
    readonly byKey: Map<string, SessionState>;
    constructor(pendingLimit?: number);
}
export interface Tracked {
    record: PipelineRecord;
    facts: Facts;
    session: SessionState;
}
export declare class Tracker {
    private readonly ctx;
    private readonly file;
    private current;
    private readonly keyed;
    constructor(ctx: RunContext, file: string);
    push(d: Decoded): Tracked;
    /** Requests still open at end of input, per session in seq order. */
    finish(): OpenRequest[];
    private sessionFor;
    private newSession;
    /** Phase changes that apply to the record itself (basic/lifecycle.mdx: Initialization → Operation → Shutdown). */
    private enterPhase;
    /** Phase changes that take effect after the record: `notifications/initialized` ends initialization. */
    private leavePhase;
    private onRequest;
    private onNotification;
    private onResponse;
    private forgetToken;
}
