// Collects what an audit report needs from the annotated records, in bounded memory, and builds the report.
import type { AnalysisSummary } from '../analyzer.js';
import type { EndFinding, RuleSettings } from '../rules/engine.js';
import { RULES } from '../rules/registry.js';
import type { Stats } from '../stats/types.js';
import type { Finding, PipelineRecord, Severity } from '../types.js';
import { CapabilityMatrix } from './capability-matrix.js';
import { ruleDocUrl } from './doc-url.js';
import { SequenceKeeper } from './sequence.js';
import type { AuditFinding, AuditReport, AuditSession } from './types.js';

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

export const DEFAULT_AUDIT_LIMITS: AuditLimits = { findings: 10_000, sequenceHead: 60, sequenceTail: 40, bodyChars: 4_096, sessions: 200 };

export const SEVERITY_RANK: Record<Severity, number> = { info: 1, warning: 2, error: 3 };

interface SessionParts {
  counts: Record<Severity, number>;
  matrix: CapabilityMatrix;
  sequence: SequenceKeeper;
}

export interface AuditFinishInput {
  summary: AnalysisSummary;
  stats: Stats;
  inputs: string[];
  generatedAt: string;
  failOn: Severity | 'none';
  ruleSettings?: RuleSettings;
  tool: { name: string; version: string };
}

export class AuditCollector {
  private readonly findings: AuditFinding[] = [];
  private omitted = 0;
  private readonly totals: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  private readonly byRule: Record<string, number> = Object.create(null);
  private readonly sessions = new Map<string, SessionParts>();

  constructor(private readonly limits: AuditLimits = DEFAULT_AUDIT_LIMITS) {}

  add(r: PipelineRecord): void {
    const parts = this.parts(r.session);
    if (parts) {
      parts.sequence.add(r);
      if (r.capability && (r.kind === 'request' || r.kind === 'notification')) {
        parts.matrix.use(r.capability.side, r.capability.path, r.capability.negotiated);
      }
    }
    for (const f of r.findings) this.found(f, r.seq, r.session, r.source, r);
  }

  finish(input: AuditFinishInput): AuditReport {
    for (const f of input.summary.findings) this.found(f, f.seq, f.session, f.source, null);
    this.findings.sort((a, b) => a.seq - b.seq);
    const sessions: AuditSession[] = [];
    for (const info of input.summary.sessions) {
      const parts = this.sessions.get(info.key);
      if (!parts) continue;
      sessions.push({
        info,
        counts: parts.counts,
        capabilities: parts.matrix.finish(info.clientCapabilities, info.serverCapabilities),
        sequence: parts.sequence.finish(),
      });
    }
    const settings = input.ruleSettings ?? {};
    const rules = RULES.filter((r) => settings[r.meta.id] !== 'off').map((r) => ({
      ...r.meta,
      docUrl: ruleDocUrl(r.meta.id),
      effectiveSeverity: (settings[r.meta.id] as Severity | undefined) ?? r.meta.severity,
    }));
    const failed = input.failOn !== 'none' && (Object.keys(this.totals) as Severity[]).some(
      (s) => this.totals[s] > 0 && SEVERITY_RANK[s] >= SEVERITY_RANK[input.failOn as Severity],
    );
    return {
      tool: input.tool,
      inputs: input.inputs,
      generatedAt: input.generatedAt,
      sessions,
      findings: this.findings,
      findingsOmitted: this.omitted,
      totals: { ...this.totals },
      byRule: { ...this.byRule },
      rules,
      stats: input.stats,
      failOn: input.failOn,
      failed,
    };
  }

  private found(f: Finding | EndFinding, seq: number, session: string, source: string, r: PipelineRecord | null): void {
    this.totals[f.severity]++;
    this.byRule[f.rule] = (this.byRule[f.rule] ?? 0) + 1;
    const parts = this.sessions.get(session);
    if (parts) parts.counts[f.severity]++;
    if (this.findings.length >= this.limits.findings) {
      this.omitted++;
      return;
    }
    const colon = source.lastIndexOf(':');
    this.findings.push({
      rule: f.rule,
      severity: f.severity,
      message: f.message,
      seq,
      session,
      source,
      file: colon > 0 ? source.slice(0, colon) : source,
      line: colon > 0 ? Number(source.slice(colon + 1)) || 0 : 0,
      kind: r?.kind ?? null,
      dir: r?.dir ?? null,
      id: r?.id ?? null,
      method: r?.method ?? null,
      docUrl: ruleDocUrl(f.rule),
    });
  }

  private parts(session: string): SessionParts | undefined {
    let p = this.sessions.get(session);
    if (!p && this.sessions.size < this.limits.sessions) {
      p = {
        counts: { error: 0, warning: 0, info: 0 },
        matrix: new CapabilityMatrix(),
        sequence: new SequenceKeeper(this.limits.sequenceHead, this.limits.sequenceTail, this.limits.bodyChars),
      };
      this.sessions.set(session, p);
    }
    return p;
  }
}
