// Runs records through the statistics and audit collectors and builds the audit report.
import type { AnalysisSummary, Analyzer } from '../analyzer.js';
import type { RuleSettings } from '../rules/engine.js';
import { StatsCollector, type StatsState } from '../stats/collector.js';
import type { PipelineRecord, Severity } from '../types.js';
import { AuditCollector, DEFAULT_AUDIT_LIMITS, type AuditLimits, type AuditRenumbering, type AuditState } from './collector.js';
import type { AuditReport } from './types.js';

interface BuildAuditOptions {
  inputs: string[];
  failOn: Severity | 'none';
  /** `--fail-on-empty`: an input without any MCP message fails the audit. */
  failOnEmpty?: boolean;
  ruleSettings?: RuleSettings;
  tool: { name: string; version: string };
  /** Fixed in tests; defaults to now. */
  generatedAt?: string;
  limits?: AuditLimits;
}

/** The collectors of one audit run: feed records, ask for the report now (live) or at the end. */
export class AuditBuilder {
  private readonly stats = new StatsCollector();
  private readonly audit: AuditCollector;

  constructor(private readonly opts: BuildAuditOptions) {
    this.audit = new AuditCollector(opts.limits ?? DEFAULT_AUDIT_LIMITS);
  }

  add(r: PipelineRecord): void {
    this.stats.add(r);
    this.audit.add(r);
  }

  /** Both collectors' contents as plain data (`--jobs`). */
  exportState(): { stats: StatsState; audit: AuditState } {
    return { stats: this.stats.exportState(), audit: this.audit.exportState() };
  }

  /** Takes in another input's collectors, as if its records had come after these (`--jobs`). */
  mergeFrom(o: { stats: StatsState; audit: AuditState }, renumber: AuditRenumbering): void {
    this.stats.mergeFrom(o.stats, (k) => renumber.session(k));
    this.audit.mergeFrom(o.audit, renumber);
  }

  /** The report from `summary`: `analyzer.summary()` at the end, `analyzer.snapshot()` for a live view. */
  report(summary: AnalysisSummary): AuditReport {
    return this.audit.finish({
      summary,
      stats: this.stats.finish(summary.sessions, summary.open),
      inputs: this.opts.inputs,
      generatedAt: this.opts.generatedAt ?? new Date().toISOString(),
      failOn: this.opts.failOn,
      failOnEmpty: this.opts.failOnEmpty,
      ruleSettings: this.opts.ruleSettings,
      tool: this.opts.tool,
    });
  }
}

export async function buildAuditReport(
  analyzer: Analyzer,
  records: AsyncIterable<PipelineRecord>,
  opts: BuildAuditOptions,
): Promise<AuditReport> {
  const builder = new AuditBuilder(opts);
  for await (const r of records) builder.add(r);
  return builder.report(analyzer.summary());
}
