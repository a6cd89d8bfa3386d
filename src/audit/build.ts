// Runs records through the statistics and audit collectors and builds the audit report.
import type { AnalysisSummary, Analyzer } from '../analyzer.js';
import type { RuleSettings } from '../rules/engine.js';
import { StatsCollector, type StatsState } from '../stats/collector.js';
import {
  Diagnoser,
  completeDiagnoses,
  renumberDiagnoses,
  wentWrongIn,
  type PartialDiagnosis,
} from '../diagnose/diagnoser.js';
import type { PipelineRecord } from '../types.js';
import {
  AuditCollector,
  DEFAULT_AUDIT_LIMITS,
  type AuditLimits,
  type AuditRenumbering,
  type AuditState,
} from './collector.js';
import { StoryKeeper, type StoryKeeperState } from './stories.js';
import type { AuditReport, FailOn } from './types.js';

interface BuildAuditOptions {
  inputs: string[];
  failOn: FailOn;
  /** The slow threshold of the diagnosis (the rules' `slowMs`). */
  slowMs?: number;
  /** `--max-sessions`: the sessions the diagnosis keeps folding (see `DiagnoserOptions.maxLive`). */
  maxSessions?: number;
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
  private readonly diagnoser: Diagnoser;
  /** The requests told as stories (`--jobs`: each worker's, merged). */
  private readonly stories: StoryKeeper;
  /** `--jobs`: the workers' diagnoses, renumbered, in input order (null: this builder saw the records itself). */
  private merged: PartialDiagnosis[] | null = null;

  constructor(private readonly opts: BuildAuditOptions) {
    this.audit = new AuditCollector(opts.limits ?? DEFAULT_AUDIT_LIMITS);
    this.diagnoser = new Diagnoser({ slowMs: opts.slowMs, maxLive: opts.maxSessions });
    this.stories = new StoryKeeper((opts.limits ?? DEFAULT_AUDIT_LIMITS).stories ?? 0);
  }

  add(r: PipelineRecord): void {
    this.stats.add(r);
    this.audit.add(r);
    const marks = this.diagnoser.observe(r);
    if (marks) r.marks = marks;
    this.stories.add(r);
  }

  /** The collectors' contents as plain data (`--jobs`), with the sessions' diagnoses as of `summary`. */
  exportState(summary: Pick<AnalysisSummary, 'sessions' | 'open'>): AuditBuilderState {
    return {
      stats: this.stats.exportState(),
      audit: this.audit.exportState(),
      diagnoses: this.partials(summary),
      stories: this.stories.exportState(),
    };
  }

  /** Takes in another input's collectors, as if its records had come after these (`--jobs`). */
  mergeFrom(o: AuditBuilderState, renumber: AuditRenumbering): void {
    this.stats.mergeFrom(o.stats, (k) => renumber.session(k));
    this.audit.mergeFrom(o.audit, renumber);
    if (o.stories) this.stories.mergeFrom(o.stories, renumber);
    (this.merged ??= []).push(...renumberDiagnoses(o.diagnoses, renumber));
  }

  /** A session read from `file` went wrong, as far as the records seen (and the workers' diagnoses) show. */
  wentWrong(file: string): boolean {
    return this.diagnoser.wentWrong(file) || (this.merged !== null && wentWrongIn(this.merged, file));
  }

  /** The sessions' diagnoses before the run's completion: this builder's records', then the merged ones, in input order. */
  private partials(summary: Pick<AnalysisSummary, 'sessions' | 'open'>): PartialDiagnosis[] {
    const own = this.diagnoser.partial(summary);
    return this.merged ? [...own, ...this.merged] : own;
  }

  /** The report from `summary`: `analyzer.summary()` at the end, `analyzer.snapshot()` for a live view. */
  report(summary: AnalysisSummary): AuditReport {
    const diagnoses = completeDiagnoses(this.partials(summary));
    const report = this.audit.finish({
      summary,
      diagnoses,
      stats: this.stats.finish(summary.sessions, summary.open),
      inputs: this.opts.inputs,
      generatedAt: this.opts.generatedAt ?? new Date().toISOString(),
      failOn: this.opts.failOn,
      failOnEmpty: this.opts.failOnEmpty,
      ruleSettings: this.opts.ruleSettings,
      tool: this.opts.tool,
    });
    const stories = this.stories.stories();
    for (const s of report.sessions) {
      const told = stories.get(s.info.key);
      if (told) s.stories = told;
    }
    return report;
  }
}

/** What a `--jobs` worker sends of an audit: both collectors' state and its sessions' diagnoses. */
export interface AuditBuilderState {
  stats: StatsState;
  audit: AuditState;
  diagnoses: PartialDiagnosis[];
  /** The stories its records told (absent: none followed). */
  stories?: StoryKeeperState;
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
