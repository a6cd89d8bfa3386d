// Runs the rules over tracked records and over what is still open at end of input.
import { revisionAtLeast } from '../protocol/revisions.js';
import { RULES } from './registry.js';
import { DEFAULT_RULE_OPTIONS } from './types.js';
export class RuleEngine {
    active = [];
    options;
    constructor(settings = {}, options = {}, rules = RULES) {
        this.options = { ...DEFAULT_RULE_OPTIONS, ...options };
        for (const rule of rules) {
            const s = settings[rule.meta.id];
            if (s === 'off')
                continue;
            this.active.push({ rule, override: s });
        }
    }
    /** Adds the findings of every per-record rule to the record. */
    apply(t) {
        const revision = t.session.revision;
        for (const a of this.active) {
            if (!a.rule.check || !applies(a.rule, revision))
                continue;
            const found = a.rule.check({ record: t.record, facts: t.facts, session: t.session, state: stateOf(a.rule, t.session), options: this.options });
            if (!found)
                continue;
            const severity = this.severity(a, revision);
            for (const data of found) {
                t.record.findings.push({ rule: a.rule.meta.id, severity: this.ofFinding(a, severity, data), message: a.rule.message(data) });
            }
        }
    }
    /** Findings that only the end of input shows: unanswered requests, then per-session checks. */
    finish(open, sessions) {
        const out = [];
        const byKey = new Map(sessions.map((s) => [s.info.key, s]));
        for (const o of open) {
            const revision = byKey.get(o.session)?.revision ?? null;
            for (const a of this.active) {
                if (!a.rule.atEnd || !applies(a.rule, revision))
                    continue;
                const data = a.rule.atEnd(o);
                if (data)
                    out.push({ rule: a.rule.meta.id, severity: this.ofFinding(a, this.severity(a, revision), data), message: a.rule.message(data), seq: o.seq, session: o.session, source: o.source });
            }
        }
        for (const s of sessions) {
            for (const a of this.active) {
                if (!a.rule.sessionEnd || !applies(a.rule, s.revision))
                    continue;
                const found = a.rule.sessionEnd({ session: s, state: stateOf(a.rule, s), options: this.options });
                for (const f of found ?? []) {
                    out.push({ rule: a.rule.meta.id, severity: this.ofFinding(a, this.severity(a, s.revision), f.data), message: a.rule.message(f.data), seq: f.seq, session: s.info.key, source: f.source });
                }
            }
        }
        return out.sort((a, b) => a.seq - b.seq);
    }
    severity(a, revision) {
        if (a.override)
            return a.override;
        return severityFor(a.rule, revision);
    }
    /** A rule may set one finding's severity from its data (`severityOf`), unless the user overrode the rule's. */
    ofFinding(a, severity, data) {
        return a.override || !a.rule.severityOf ? severity : a.rule.severityOf(data, severity);
    }
}
/** The rule's severity in a revision: the last `severityFrom` step at or before it, else the default. */
export function severityFor(rule, revision) {
    let sev = rule.meta.severity;
    if (revision === null || !rule.meta.severityFrom)
        return sev;
    for (const [from, s] of Object.entries(rule.meta.severityFrom).sort(([a], [b]) => a.localeCompare(b))) {
        if (revisionAtLeast(revision, from))
            sev = s;
    }
    return sev;
}
function applies(rule, revision) {
    return rule.meta.revisions === 'all' || revision === null || rule.meta.revisions.includes(revision);
}
function stateOf(rule, s) {
    if (!rule.createState)
        return undefined;
    let st = s.ruleState.get(rule.meta.id);
    if (st === undefined) {
        st = rule.createState();
        s.ruleState.set(rule.meta.id, st);
    }
    return st;
}
//# sourceMappingURL=engine.js.map