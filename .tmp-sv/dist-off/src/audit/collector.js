import { RULES } from '../rules/registry.js';
import { CapabilityMatrix } from './capability-matrix.js';
import { ruleDocUrl } from './doc-url.js';
import { SequenceKeeper } from './sequence.js';
export const DEFAULT_AUDIT_LIMITS = { findings: 10_000, sequenceHead: 60, sequenceTail: 40, bodyChars: 4_096, sessions: 200 };
export const SEVERITY_RANK = { info: 1, warning: 2, error: 3 };
export class AuditCollector {
    limits;
    findings = [];
    omitted = 0;
    totals = { error: 0, warning: 0, info: 0 };
    byRule = Object.create(null);
    sessions = new Map();
    constructor(limits = DEFAULT_AUDIT_LIMITS) {
        this.limits = limits;
    }
    add(r) {
        const parts = this.parts(r.session);
        if (parts) {
            parts.sequence.add(r);
            if (r.capability && (r.kind === 'request' || r.kind === 'notification')) {
                parts.matrix.use(r.capability.side, r.capability.path, r.capability.negotiated);
            }
        }
        for (const f of r.findings)
            this.found(f, r.seq, r.session, r.source, r);
    }
    finish(input) {
        for (const f of input.summary.findings)
            this.found(f, f.seq, f.session, f.source, null);
        this.findings.sort((a, b) => a.seq - b.seq);
        const sessions = [];
        for (const info of input.summary.sessions) {
            const parts = this.sessions.get(info.key);
            if (!parts)
                continue;
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
            effectiveSeverity: settings[r.meta.id] ?? r.meta.severity,
        }));
        const failed = input.failOn !== 'none' && Object.keys(this.totals).some((s) => this.totals[s] > 0 && SEVERITY_RANK[s] >= SEVERITY_RANK[input.failOn]);
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
    found(f, seq, session, source, r) {
        this.totals[f.severity]++;
        this.byRule[f.rule] = (this.byRule[f.rule] ?? 0) + 1;
        const parts = this.sessions.get(session);
        if (parts)
            parts.counts[f.severity]++;
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
    parts(session) {
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
//# sourceMappingURL=collector.js.map