export function renderAuditJson(report) {
    const { tool, inputs, generatedAt, failOn, failed, totals, byRule, findingsOmitted } = report;
    return JSON.stringify({
        tool,
        inputs,
        generatedAt,
        summary: { failOn, failed, totals, byRule, findingsOmitted },
        sessions: report.sessions.map((s) => ({ ...s.info, findings: s.counts, capabilities: s.capabilities })),
        findings: report.findings,
        stats: report.stats,
        rules: report.rules.map((r) => ({ id: r.id, severity: r.effectiveSeverity, description: r.description, specUrl: r.specUrl, docUrl: r.docUrl })),
    }, null, 2) + '\n';
}
//# sourceMappingURL=json.js.map