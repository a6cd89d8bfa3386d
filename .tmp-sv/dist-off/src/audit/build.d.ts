import type { Analyzer } from '../analyzer.js';
import type { RuleSettings } from '../rules/engine.js';
import type { PipelineRecord, Severity } from '../types.js';
import { type AuditLimits } from './collector.js';
import type { AuditReport } from './types.js';
export interface BuildAuditOptions {
    inputs: string[];
    failOn: Severity | 'none';
    ruleSettings?: RuleSettings;
    tool: {
        name: string;
        version: string;
    };
    /** Fixed in tests; defaults to now. */
    generatedAt?: string;
    limits?: AuditLimits;
}
export declare function buildAuditReport(analyzer: Analyzer, records: AsyncIterable<PipelineRecord>, opts: BuildAuditOptions): Promise<AuditReport>;
