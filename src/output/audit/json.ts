// The audit report as JSON for machines: summary, sessions, findings and statistics.
import type { AuditReport } from '../../audit/types.js';
import { worstVerdict } from '../../diagnose/diagnoser.js';
import { jsonChunks } from '../json-chunks.js';

/** The `json` audit format. Ends with a newline. */
export function renderAuditJson(report: AuditReport): string {
  return Array.from(renderAuditJsonChunks(report)).join('');
}

/**
 * `renderAuditJson` in pieces of at most one finding or one session's statistics each, for the CLI to write as they
 * come: the whole text of a large report is never held at once (docs/performance.md).
 */
export function* renderAuditJsonChunks(report: AuditReport): Generator<string> {
  yield* jsonChunks(auditDocument(report), { indent: 2, depth: 3 });
  yield '\n';
}

function auditDocument(report: AuditReport): object {
  const {
    tool,
    inputs,
    generatedAt,
    failOn,
    failed,
    totals,
    byRule,
    byRuleSeverity,
    findingsOmitted,
    bodies,
    empty,
    failOnEmpty,
  } = report;
  return {
    tool,
    inputs,
    generatedAt,
    summary: {
      failOn,
      failed,
      verdict: worstVerdict(report.diagnoses.map((d) => d.verdict)),
      totals,
      byRule,
      byRuleSeverity,
      findingsOmitted,
      failOnEmpty,
      empty,
      bodies,
    },
    // What happened, before the findings: one entry per cause found, with its session's verdict.
    diagnoses: report.diagnoses.flatMap((s) =>
      s.diagnoses.map((d) => ({
        session: s.session,
        server: s.server,
        verdict: s.verdict,
        cause: d.cause,
        side: d.side,
        impact: d.impact,
        summary: d.summary,
        evidence: d.evidence,
      })),
    ),
    sessions: report.sessions.map((s) => ({ ...s.info, findings: s.counts, capabilities: s.capabilities })),
    findings: report.findings,
    stats: report.stats,
    rules: report.rules.map((r) => ({
      id: r.id,
      severity: r.effectiveSeverity,
      summary: r.summary,
      specUrl: r.specUrl,
      docUrl: r.docUrl,
    })),
  };
}
