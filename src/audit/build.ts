// Runs records through the statistics and audit collectors and builds the audit report.
import type { Analyzer } from '../analyzer.js';
import type { RuleSettings } from '../rules/engine.js';
import { StatsCollector } from '../stats/collector.js';
import type { PipelineRecord, Severity } from '../types.js';
import { AuditCollector, DEFAULT_AUDIT_LIMITS, type AuditLimits } from './collector.js';
import type { AuditReport } from './types.js';

export interface BuildAuditOptions {
  inputs: string[];
  failOn: Severity | 'none';
  ruleSettings?: RuleSettings;
  tool: { name: string; version: string };
  /** Fixed in tests; defaults to now. */
  generatedAt?: string;
  limits?: AuditLimits;
}

export async function buildAuditReport(
  analyzer: Analyzer,
  records: AsyncIterable<PipelineRecord>,
  opts: BuildAuditOptions,
): Promise<AuditReport> {
  const stats = new StatsCollector();
  const audit = new AuditCollector(opts.limits ?? DEFAULT_AUDIT_LIMITS);
  for await (const r of records) {
    stats.add(r);
    audit.add(r);
  }
  const summary = analyzer.summary();
  return audit.finish({
    summary,
    stats: stats.finish(summary.sessions, summary.open),
    inputs: opts.inputs,
    generatedAt: opts.generatedAt ?? new Date().toISOString(),
    failOn: opts.failOn,
    ruleSettings: opts.ruleSettings,
    tool: opts.tool,
  });
}
