// Runs the rules over tracked records and over what is still open at end of input.
import { revisionAtLeast } from '../protocol/revisions.js';
import type { Tracked } from '../session/tracker.js';
import type { SessionState } from '../session/state.js';
import type { Finding, OpenRequest, Severity } from '../types.js';
import { appliesIn } from './applies.js';
import { renderMessage } from './message.js';
import { type QuotedRefs, quotedRefs } from './record-ref.js';
import { RULES } from './registry.js';
import { Routes, type Route } from './routes.js';
import { DEFAULT_RULE_OPTIONS, type Memory, type RecordContext, type Rule, type RuleOptions } from './types.js';

/** Per-rule severity overrides; `off` disables a rule. */
export type RuleSettings = Record<string, Severity | 'off'>;

export interface EndFinding extends Finding {
  seq: number;
  session: string;
  source: string;
}

interface Active {
  rule: Rule<any, any, any>;
  /** A severity set by the user wins over the rule's own, whatever the revision. */
  override?: Severity;
  /** In a revision plan: the index of the rule's memory in the plan's `memories`, -1 for none. */
  memory: number;
}

/**
 * The per-record rules that apply at one revision, with their severities and the routes that pick, by a record's
 * kind and method, the few of them that can act on it: made once per revision for the whole run.
 */
interface RevisionPlan {
  revision: string | null;
  rules: Active[];
  severities: Severity[];
  /** The shared memories those rules use. */
  memories: Memory<unknown>[];
  routes: Routes;
}

/**
 * One session's plan: its revision's plan and the session's rule states and memories, aligned with it, so that
 * checking a record is one call per routed rule and nothing else. Made again when the revision changes (handshake).
 */
interface Plan {
  rev: RevisionPlan;
  states: unknown[];
  memories: unknown[];
}

/** Revisions planned at most (they come from the log: a crafted one may name many); past it the plans are made anew. */
const MAX_REVISION_PLANS = 64;

export class RuleEngine {
  private readonly active: Active[] = [];
  /** End-of-session findings of the sessions retired so far (checked when they were retired). */
  private readonly retiredFindings: EndFinding[] = [];
  private readonly options: RuleOptions;
  private readonly plans = new WeakMap<Readonly<SessionState>, Plan>();
  private readonly revisionPlans = new Map<string | null, RevisionPlan>();
  /**
   * Attach to each finding that quotes other records where its message quotes them, as a non-enumerable `refs`
   * property (`--jobs` renumbering: src/rules/record-ref.ts).
   */
  keepRefs = false;
  /** One context object, refilled for every call (rules read it and keep nothing of it). */
  private readonly ctx: RecordContext<unknown, unknown>;

  /** `routed: false` calls every check on every record (the reference the routing is tested against). */
  constructor(
    settings: RuleSettings = {},
    options: Partial<RuleOptions> = {},
    rules: readonly Rule<any, any, any>[] = RULES,
    private readonly routed = true,
  ) {
    this.options = { ...DEFAULT_RULE_OPTIONS, ...options };
    for (const rule of rules) {
      const s = settings[rule.meta.id];
      if (s === 'off') continue;
      this.active.push({ rule, override: s, memory: -1 });
    }
    this.ctx = {
      record: null as never,
      facts: null as never,
      session: null as never,
      state: undefined,
      memory: undefined,
      options: this.options,
    };
  }

  /** Adds the findings of every per-record rule to the record. */
  apply(t: Tracked): void {
    const session = t.session;
    const revision = session.revision;
    let plan = this.plans.get(session);
    if (plan === undefined || plan.rev.revision !== revision) {
      plan = this.plan(session, revision);
      this.plans.set(session, plan);
    }
    const rev = plan.rev;
    const record = t.record;
    // A line of the log that is no message is never checked (never an error).
    if (rev.rules.length === 0 || record.kind === 'log') return;
    const facts = t.facts;
    const route: Route = rev.routes.of(
      record.kind,
      record.method,
      record.summary === true || record.truncated === true,
      record.http !== undefined,
    );
    const memories = route.memories;
    for (let i = 0; i < memories.length; i++) {
      const m = memories[i]!;
      rev.memories[m]!.observe(plan.memories[m], record, facts);
    }
    const ctx = this.ctx;
    ctx.record = record;
    ctx.facts = facts;
    ctx.session = session;
    const rules = route.rules;
    const needs = route.facts;
    for (let j = 0; j < rules.length; j++) {
      const need = needs[j];
      if (need !== undefined && !facts[need]) continue;
      const i = rules[j]!;
      const a = rev.rules[i]!;
      ctx.state = plan.states[i];
      ctx.memory = a.memory < 0 ? undefined : plan.memories[a.memory];
      const found = a.rule.check!(ctx);
      if (!found) continue;
      for (const data of found) {
        const f: Finding = {
          rule: a.rule.meta.id,
          severity: this.ofFinding(a, rev.severities[i]!, data),
          message: renderMessage(a.rule.message, data),
        };
        record.findings.push(this.keep(f, a.rule, data));
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
    let rev = this.revisionPlans.get(revision);
    if (rev === undefined) {
      if (this.revisionPlans.size >= MAX_REVISION_PLANS) this.revisionPlans.clear();
      rev = this.revisionPlan(revision);
      this.revisionPlans.set(revision, rev);
    }
    return {
      rev,
      states: rev.rules.map((a) => stateOf(a.rule, session)),
      memories: rev.memories.map((m) => memoryOf(m, session)),
    };
  }

  private revisionPlan(revision: string | null): RevisionPlan {
    const rules: Active[] = [];
    const memories: Memory<unknown>[] = [];
    for (const a of this.active) {
      if (!a.rule.check || !applies(a.rule, revision)) continue;
      const m = a.rule.memory;
      let at = -1;
      if (m !== undefined) {
        at = memories.indexOf(m);
        if (at < 0) at = memories.push(m) - 1;
      }
      rules.push({ ...a, memory: at });
    }
    return {
      revision,
      rules,
      severities: rules.map((a) => this.severity(a, revision)),
      memories,
      routes: new Routes(
        // Unrouted, a rule that reads the body still never sees a record without one (it would read `null`).
        rules.map((a) => (this.routed ? a.rule.on : a.rule.on?.body ? { body: true } : undefined)),
        memories.map((m) => (this.routed ? m.on : undefined)),
      ),
    };
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
        if (data)
          out.push(
            this.keep(
              {
                rule: a.rule.meta.id,
                severity: this.ofFinding(a, this.severity(a, revision), data),
                message: renderMessage(a.rule.message, data),
                seq: o.seq,
                session: o.session,
                source: o.source,
              },
              a.rule,
              data,
            ),
          );
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
        out.push(
          this.keep(
            {
              rule: a.rule.meta.id,
              severity: this.ofFinding(a, this.severity(a, s.revision), f.data),
              message: renderMessage(a.rule.message, f.data),
              seq: f.seq,
              session: s.info.key,
              source: f.source,
            },
            a.rule,
            f.data,
          ),
        );
      }
    }
  }

  private keep<F extends Finding>(f: F, rule: Rule<any, any, any>, data: unknown): F {
    if (!this.keepRefs) return f;
    const refs = quotedRefs(f.message, (d) => renderMessage(rule.message, d), data);
    return refs === null ? f : withRefs(f, refs);
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
function severityFor(rule: Rule<any, any>, revision: string | null): Severity {
  let sev = rule.meta.severity;
  if (revision === null || !rule.meta.severityFrom) return sev;
  for (const [from, s] of Object.entries(rule.meta.severityFrom).sort(([a], [b]) => a.localeCompare(b))) {
    if (revisionAtLeast(revision, from)) sev = s;
  }
  return sev;
}

function applies(rule: Rule<any, any>, revision: string | null): boolean {
  return appliesIn(rule.meta.revisions, revision);
}

function stateOf(rule: Rule<any, any, any>, s: Readonly<SessionState>): unknown {
  if (!rule.createState) return undefined;
  let st = s.ruleState.get(rule.meta.id);
  if (st === undefined) {
    st = rule.createState();
    s.ruleState.set(rule.meta.id, st);
  }
  return st;
}

/** The session's instance of a shared memory, made on first use (kept with the rule states, under its own key). */
function memoryOf(m: Memory<unknown>, s: Readonly<SessionState>): unknown {
  const key = `memory:${m.id}`;
  let st = s.ruleState.get(key);
  if (st === undefined) {
    st = m.create();
    s.ruleState.set(key, st);
  }
  return st;
}

/** A finding with the references its message quotes attached, out of sight of the sinks (not enumerable, not cloned). */
export function withRefs<F extends Finding>(f: F, refs: QuotedRefs | undefined): F {
  if (refs !== undefined) Object.defineProperty(f, 'refs', { value: refs, enumerable: false });
  return f;
}

/** The references attached by an engine with `keepRefs`, if the finding's message quotes any. */
export function findingRefs(f: Finding): QuotedRefs | undefined {
  return (f as { refs?: QuotedRefs }).refs;
}
