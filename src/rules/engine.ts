// Runs the rules over tracked records and over what is still open at end of input.
import { revisionAtLeast } from '../protocol/revisions.js';
import type { Tracked } from '../session/tracker.js';
import type { SessionState } from '../session/state.js';
import type { Finding, OpenRequest, Severity } from '../types.js';
import { RULES } from './registry.js';
import { DEFAULT_RULE_OPTIONS, type RecordContext, type Rule, type RuleOptions } from './types.js';

/** Per-rule severity overrides; `off` disables a rule. */
export type RuleSettings = Record<string, Severity | 'off'>;

export interface EndFinding extends Finding {
  seq: number;
  session: string;
  source: string;
}

interface Active {
  rule: Rule<any, any>;
  /** A severity set by the user wins over the rule's own, whatever the revision. */
  override?: Severity;
}

/**
 * The per-record rules that apply to one session at its current revision, with their states and severities: built
 * when the session is first checked and again when its revision changes (the handshake), so that checking a record
 * is one call per rule and nothing else.
 */
interface Plan {
  revision: string | null;
  rules: Active[];
  states: unknown[];
  severities: Severity[];
}

export class RuleEngine {
  private readonly active: Active[] = [];
  /** End-of-session findings of the sessions retired so far (checked when they were retired). */
  private readonly retiredFindings: EndFinding[] = [];
  private readonly options: RuleOptions;
  private readonly plans = new WeakMap<Readonly<SessionState>, Plan>();
  /** Attach each finding's rule data as a non-enumerable `data` property (`--jobs` renumbering). */
  keepData = false;
  /** One context object, refilled for every call (rules read it and keep nothing of it). */
  private readonly ctx: RecordContext<unknown>;

  constructor(settings: RuleSettings = {}, options: Partial<RuleOptions> = {}, rules: readonly Rule<any, any>[] = RULES) {
    this.options = { ...DEFAULT_RULE_OPTIONS, ...options };
    for (const rule of rules) {
      const s = settings[rule.meta.id];
      if (s === 'off') continue;
      this.active.push({ rule, override: s });
    }
    this.ctx = { record: null as never, facts: null as never, session: null as never, state: undefined, options: this.options };
  }

  /** Adds the findings of every per-record rule to the record. */
  apply(t: Tracked): void {
    const session = t.session;
    const revision = session.revision;
    let plan = this.plans.get(session);
    if (plan === undefined || plan.revision !== revision) {
      plan = this.plan(session, revision);
      this.plans.set(session, plan);
    }
    const rules = plan.rules;
    if (rules.length === 0) return;
    const ctx = this.ctx;
    ctx.record = t.record;
    ctx.facts = t.facts;
    ctx.session = session;
    for (let i = 0; i < rules.length; i++) {
      const a = rules[i];
      ctx.state = plan.states[i];
      const found = a.rule.check!(ctx);
      if (!found) continue;
      for (const data of found) {
        const f: Finding = { rule: a.rule.meta.id, severity: this.ofFinding(a, plan.severities[i], data), message: a.rule.message(data) };
        if (this.keepData) withData(f, data);
        t.record.findings.push(f);
      }
    }
  }

  /**
   * A session that can get no more records (the tracker marked it `retired`): its end is now, so its end-of-session
   * checks run now and their findings wait for `finish`; then its rule states are dropped, so that memory does not
   * grow with the number of sessions.
   */
  retire(session: SessionState): void {
    this.plans.delete(session);
    this.sessionEnd(session, this.retiredFindings);
    session.dropRuleStates();
  }

  private plan(session: Readonly<SessionState>, revision: string | null): Plan {
    const plan: Plan = { revision, rules: [], states: [], severities: [] };
    for (const a of this.active) {
      if (!a.rule.check || !applies(a.rule, revision)) continue;
      plan.rules.push(a);
      plan.states.push(stateOf(a.rule, session));
      plan.severities.push(this.severity(a, revision));
    }
    return plan;
  }

  /** Findings that only the end of input shows: unanswered requests, then per-session checks. */
  finish(open: readonly OpenRequest[], sessions: readonly SessionState[]): EndFinding[] {
    const out: EndFinding[] = [];
    const byKey = new Map(sessions.map((s) => [s.info.key, s]));
    for (const o of open) {
      const revision = byKey.get(o.session)?.revision ?? null;
      for (const a of this.active) {
        if (!a.rule.atEnd || !applies(a.rule, revision)) continue;
        const data = a.rule.atEnd(o);
        if (data) out.push(this.keep({ rule: a.rule.meta.id, severity: this.ofFinding(a, this.severity(a, revision), data), message: a.rule.message(data), seq: o.seq, session: o.session, source: o.source }, data));
      }
    }
    for (const s of sessions) if (!s.retired) this.sessionEnd(s, out);
    for (const f of this.retiredFindings) out.push(f);
    return out.sort((a, b) => a.seq - b.seq);
  }

  /** The end-of-session checks of one session. */
  private sessionEnd(s: SessionState, out: EndFinding[]): void {
    for (const a of this.active) {
      if (!a.rule.sessionEnd || !applies(a.rule, s.revision)) continue;
      const found = a.rule.sessionEnd({ session: s, state: stateOf(a.rule, s), options: this.options });
      for (const f of found ?? []) {
        out.push(this.keep({ rule: a.rule.meta.id, severity: this.ofFinding(a, this.severity(a, s.revision), f.data), message: a.rule.message(f.data), seq: f.seq, session: s.info.key, source: f.source }, f.data));
      }
    }
  }

  private keep<F extends Finding>(f: F, data: unknown): F {
    return this.keepData ? withData(f, data) : f;
  }

  private severity(a: Active, revision: string | null): Severity {
    if (a.override) return a.override;
    return severityFor(a.rule, revision);
  }

  /** A rule may set one finding's severity from its data (`severityOf`), unless the user overrode the rule's. */
  private ofFinding(a: Active, severity: Severity, data: unknown): Severity {
    return a.override || !a.rule.severityOf ? severity : a.rule.severityOf(data, severity);
  }
}

/** The rule's severity in a revision: the last `severityFrom` step at or before it, else the default. */
export function severityFor(rule: Rule<any, any>, revision: string | null): Severity {
  let sev = rule.meta.severity;
  if (revision === null || !rule.meta.severityFrom) return sev;
  for (const [from, s] of Object.entries(rule.meta.severityFrom).sort(([a], [b]) => a.localeCompare(b))) {
    if (revisionAtLeast(revision, from)) sev = s;
  }
  return sev;
}

function applies(rule: Rule<any, any>, revision: string | null): boolean {
  return rule.meta.revisions === 'all' || revision === null || rule.meta.revisions.includes(revision);
}

function stateOf(rule: Rule<any, any>, s: Readonly<SessionState>): unknown {
  if (!rule.createState) return undefined;
  const key = stateKey(rule);
  let st = s.ruleState.get(key);
  if (st === undefined) {
    st = rule.createState();
    s.ruleState.set(key, st);
  }
  return st;
}

/** A finding with its rule data attached, out of sight of the sinks (not enumerable, not cloned). */
function withData<F extends Finding>(f: F, data: unknown): F {
  Object.defineProperty(f, 'data', { value: data, enumerable: false });
  return f;
}

/** The rule data attached by an engine with `keepData`, if any. */
export function findingData(f: Finding): unknown {
  return (f as { data?: unknown }).data;
}

/** Where a rule's per-session state is kept in `SessionState.ruleState`. */
function stateKey(rule: Rule<any, any>): string {
  return rule.sharedState === undefined ? rule.meta.id : `shared:${rule.sharedState}`;
}
