// Builds an audit report in-process from a log file, for report renderer tests.
import { createReadStream } from 'node:fs';
import { Analyzer, type AnalyzerOptions } from '../../src/analyzer.js';
import { analyzeStream } from '../../src/analyze-stream.js';
import { buildAuditReport } from '../../src/audit/build.js';
import { DEFAULT_AUDIT_LIMITS, type AuditLimits } from '../../src/audit/collector.js';
import type { AuditReport } from '../../src/audit/types.js';
import type { Severity } from '../../src/types.js';

export const FIXED_TIME = '2026-01-02T03:04:05.000Z';

export async function reportOf(
  files: string | string[],
  opts: AnalyzerOptions & { failOn?: Severity | 'none'; limits?: Partial<AuditLimits> } = {},
): Promise<AuditReport> {
  const list = Array.isArray(files) ? files : [files];
  const analyzer = new Analyzer(opts);
  async function* all() {
    for (const f of list) yield* analyzeStream(analyzer, createReadStream(f), f);
  }
  return buildAuditReport(analyzer, all(), {
    inputs: list,
    failOn: opts.failOn ?? 'error',
    ruleSettings: opts.rules,
    tool: { name: 'mcptrace', version: '0.0.0-test' },
    generatedAt: FIXED_TIME,
    limits: { ...DEFAULT_AUDIT_LIMITS, ...opts.limits },
  });
}
