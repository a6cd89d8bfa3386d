import type { AnalysisSummary } from '../analyzer.js';
import type { RuleSettings } from '../rules/engine.js';
import type { Stats } from '../stats/types.js';
import type { PipelineRecord, Severity } from '../types.js';
import type { AuditReport } from './types.js';
export interface AuditLimits {
    /** Findings kept with their details; more are only counted. */
    findings: number;
    /** Messages kept at the start and at the end of each session's sequence diagram. */
    sequenceHead: number;
    sequenceTail: number;
    /** Characters of each kept message's body. */
    bodyChars: number;
    /** Sessions that get a capability matrix and a sequence (the rest are counted in the statistics). */
    sessions: number;
}
export declare const DEFAULT_AUDIT_LIMITS: AuditLimits;
export declare const SEVERITY_RANK: Record<Severity, number>;
export interface AuditFinishInput {
    summary: AnalysisSummary;
    stats: Stats;
    inputs: string[];
    generatedAt: string;
    failOn: Severity | 'none';
    ruleSettings?: RuleSettings;
    tool: {
        name: string;
        version: string;
    };
}
export declare class AuditCollector {
    private readonly limits;
    private readonly findings;
    private omitted;
    private readonly totals;
    private readonly byRule;
    private readonly sessions;
    constructor(limits?: AuditLimits);
    add(r: PipelineRecord): void;
    finish(input: AuditFinishInput): AuditReport;
    private found;
    private parts;
}
