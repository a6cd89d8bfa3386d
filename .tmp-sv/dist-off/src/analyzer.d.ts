import type { InputFormat } from './input/index.js';
import { type EndFinding, type RuleSettings } from './rules/engine.js';
import type { RuleOptions } from './rules/types.js';
import type { Frame, OpenRequest, PipelineRecord, SessionInfo } from './types.js';
export interface AnalyzerOptions {
    /** Force an input format instead of detecting it per input. */
    inputFormat?: InputFormat;
    /** Bound on open requests tracked per session (default 100,000). */
    maxPending?: number;
    /** Rule severity overrides (`off` disables). */
    rules?: RuleSettings;
    /** Options rules read (`slowMs`). */
    ruleOptions?: Partial<RuleOptions>;
}
export interface AnalysisSummary {
    sessions: SessionInfo[];
    /** Requests never answered (cancelled ones flagged), in seq order. */
    open: OpenRequest[];
    /** Findings that only end of input can tell (unanswered requests). */
    findings: EndFinding[];
}
/** One input stream being analysed: push frames, get records; `end()` when the stream is done. */
export interface InputAnalysis {
    push(frame: Frame): PipelineRecord[];
    end(): void;
}
export declare class Analyzer {
    readonly opts: AnalyzerOptions;
    private readonly ctx;
    private readonly engine;
    private readonly open;
    constructor(opts?: AnalyzerOptions);
    /** Starts a new input stream (a file, stdin): its sessions are its own. */
    input(file: string): InputAnalysis;
    /** What is known so far of a session (its handshake, revision, peers). */
    session(key: string): SessionInfo | undefined;
    /** What only the end of all inputs can tell. */
    summary(): AnalysisSummary;
}
