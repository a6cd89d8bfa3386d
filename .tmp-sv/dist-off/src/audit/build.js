import { StatsCollector } from '../stats/collector.js';
import { AuditCollector, DEFAULT_AUDIT_LIMITS } from './collector.js';
export async function buildAuditReport(analyzer, records, opts) {
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
//# sourceMappingURL=build.js.map