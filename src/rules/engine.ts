// Runs the rules over tracked records and over what is still open at end of input.
import type { Tracked } from '../session/tracker.js';
import type { Finding, OpenRequest, Severity } from '../types.js';
import { RULES } from './registry.js';
import type { Rule } from './types.js';

/** Per-rule severity overrides; `off` disables a rule. */
export type RuleSettings = Record<string, Severity | 'off'>;

export interface EndFinding extends Finding {
  seq: number;
  session: string;
  source: string;
}

export class RuleEngine {
  private readonly perRecord: { rule: Rule<any>; severity: Severity }[] = [];
  private readonly atEnd: { rule: Rule<any>; severity: Severity }[] = [];

  constructor(settings: RuleSettings = {}) {
    for (const rule of RULES) {
      const s = settings[rule.meta.id] ?? rule.meta.severity;
      if (s === 'off') continue;
      if (rule.check) this.perRecord.push({ rule, severity: s });
      if (rule.atEnd) this.atEnd.push({ rule, severity: s });
    }
  }

  /** Adds the findings of every per-record rule to the record. */
  apply(t: Tracked): void {
    for (const { rule, severity } of this.perRecord) {
      const found = rule.check!({ record: t.record, facts: t.facts, session: t.session.info });
      if (!found) continue;
      for (const data of found) t.record.findings.push({ rule: rule.meta.id, severity, message: rule.message(data) });
    }
  }

  /** Findings about requests left open when the input ended. */
  finish(open: readonly OpenRequest[]): EndFinding[] {
    const out: EndFinding[] = [];
    for (const o of open) {
      for (const { rule, severity } of this.atEnd) {
        const data = rule.atEnd!(o);
        if (data) out.push({ rule: rule.meta.id, severity, message: rule.message(data), seq: o.seq, session: o.session, source: o.source });
      }
    }
    return out;
  }
}
