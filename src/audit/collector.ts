// Collects what an audit report needs from the annotated records, in bounded memory, and builds the report.
import type { AnalysisSummary } from '../analyzer.js';
import { type EndFinding, findingRefs, type RuleSettings } from '../rules/engine.js';
import type { QuotedRefs } from '../rules/record-ref.js';
import { RULES } from '../rules/registry.js';
import { NO_SESSION } from '../session/outside.js';
import type { Stats } from '../stats/types.js';
import type { Finding, PipelineRecord, Severity } from '../types.js';
import { CapabilityMatrix } from './capability-matrix.js';
import { ruleDocUrl } from './doc-url.js';
import { renumberStep, SequenceKeeper, type SequenceState } from './sequence.js';
import { Interner } from '../util/intern.js';
import { flatCopy } from '../util/string.js';
import type { SessionDiagnosis } from '../diagnose/types.js';
import type { AuditFinding, AuditReport, AuditSession, CapabilityRow, FailOn } from './types.js';

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
  /**
   * Requests told as stories (the HTML report's, src/audit/stories.ts): those that went wrong, up to this many, and the
   * slowest few; 0: none followed. Absent: none.
   */
  stories?: number;
}

export const DEFAULT_AUDIT_LIMITS: AuditLimits = {
  findings: 10_000,
  sequenceHead: 60,
  sequenceTail: 40,
  bodyChars: 4_096,
  sessions: 200,
  stories: 20,
};

/** How much of each session's sequence a report format prints: none of it, its steps, or its steps with bodies. */
export type SequenceUse = 'none' | 'steps' | 'bodies';

/**
 * The limits for a format that prints `use` of the sequences: no steps kept for a format that prints none, no
 * bodies for one that does not show them (ARCHITECTURE.md principle 6). Kept steps are the largest part of an audit's memory:
 * up to 100 steps with 4 KiB bodies for each of 200 sessions.
 */
export function limitsFor(use: SequenceUse, base: AuditLimits = DEFAULT_AUDIT_LIMITS): AuditLimits {
  if (use === 'bodies') return base;
  if (use === 'steps') return { ...base, bodyChars: 0, stories: 0 };
  return { ...base, sequenceHead: 0, sequenceTail: 0, bodyChars: 0, stories: 0 };
}

export const SEVERITY_RANK: Record<Severity, number> = { info: 1, warning: 2, error: 3 };

interface SessionParts {
  matrix: CapabilityMatrix;
  sequence: SequenceKeeper;
  /** MCP messages (not transport events): a session of events and log lines only is no session of the report. */
  messages: number;
}

interface AuditFinishInput {
  summary: AnalysisSummary;
  stats: Stats;
  inputs: string[];
  generatedAt: string;
  failOn: FailOn;
  diagnoses: SessionDiagnosis[];
  /** `--fail-on-empty`: an input without any MCP message fails the audit. */
  failOnEmpty?: boolean;
  ruleSettings?: RuleSettings;
  tool: { name: string; version: string };
}

/** An audit collector's contents as plain data (structured-cloneable), for `--jobs`. */
export interface AuditState {
  findings: AuditFinding[];
  findingRefs: (QuotedRefs | undefined)[];
  omitted: number;
  totals: Record<Severity, number>;
  /** Per rule: its findings by severity. */
  byRule: Array<[string, Record<Severity, number>]>;
  sessions: Array<
    [string, { rows: CapabilityRow[]; sequence: SequenceState; counts: Record<Severity, number>; messages?: number }]
  >;
  /** Absent in a state made before contract version 2. */
  bodies?: AuditReport['bodies'];
}

/** How `mergeFrom` moves another input's numbers into this run's. */
export interface AuditRenumbering {
  seq(seq: number): number;
  session(key: string): string;
  /** The finding's message in this run's numbering (`refs`: the records it quotes, when the worker kept them). */
  message(f: AuditFinding, refs: QuotedRefs | undefined): string;
}

/** The finding counts and kept findings; `finish` works on a copy, so it can be called again later. */
interface Tally {
  findings: AuditFinding[];
  omitted: number;
  totals: Record<Severity, number>;
  /** Per rule: its findings by severity (a rule's severity may differ by revision and by finding). */
  byRule: Record<string, Record<Severity, number>>;
  /** Per-session counts by severity. */
  counts: Map<string, Record<Severity, number>>;
}

function ruleCounts(t: Tally, rule: string): Record<Severity, number> {
  return (t.byRule[rule] ??= { error: 0, warning: 0, info: 0 });
}

function copyByRule(byRule: Tally['byRule']): Tally['byRule'] {
  const out = Object.create(null) as Tally['byRule'];
  for (const [rule, c] of Object.entries(byRule)) out[rule] = { ...c };
  return out;
}

export class AuditCollector {
  private readonly tally: Tally = {
    findings: [],
    omitted: 0,
    totals: { error: 0, warning: 0, info: 0 },
    byRule: Object.create(null) as Tally['byRule'],
    counts: new Map(),
  };
  private readonly sessions = new Map<string, SessionParts>();
  /**
   * The quoted references of each kept finding, by index (only for findings that carry them: `--jobs` workers run the
   * engine with `keepRefs`, so the coordinator can renumber the seqs a message quotes).
   */
  private readonly findingRefs: (QuotedRefs | undefined)[] = [];
  /** Methods and file names of the kept findings, one copy each. */
  private readonly names = new Interner();
  /** Messages whose body the log left out or cut. */
  private readonly bodies = { notLogged: 0, cut: 0 };

  constructor(private readonly limits: AuditLimits = DEFAULT_AUDIT_LIMITS) {}

  /** What the collector holds, as plain data: what a `--jobs` worker sends for its file. */
  exportState(): AuditState {
    const t = this.tally;
    return {
      findings: t.findings,
      findingRefs: this.findingRefs,
      omitted: t.omitted,
      totals: t.totals,
      byRule: Object.entries(t.byRule),
      sessions: [...this.sessions].map(([key, p]) => [
        key,
        {
          rows: p.matrix.exportState(),
          sequence: p.sequence.exportState(),
          counts: t.counts.get(key)!,
          messages: p.messages,
        },
      ]),
      bodies: { ...this.bodies },
    };
  }

  /**
   * Takes in another input's collector, as if its records had come after all records so far (`--jobs`: per-file
   * audits merged in input order). `renumber` moves its seqs and session keys into this run's numbering and gives
   * each finding's message (re-made when the message quotes seqs).
   */
  mergeFrom(o: AuditState, renumber: AuditRenumbering): void {
    const t = this.tally;
    this.bodies.notLogged += o.bodies?.notLogged ?? 0;
    this.bodies.cut += o.bodies?.cut ?? 0;
    for (const s of ['error', 'warning', 'info'] as const) t.totals[s] += o.totals[s];
    for (const [rule, c] of o.byRule) {
      const mine = ruleCounts(t, rule);
      for (const s of ['error', 'warning', 'info'] as const) mine[s] += c[s];
    }
    for (const [key, part] of o.sessions) {
      const k = renumber.session(key);
      const p = this.parts(k);
      if (!p) continue;
      p.matrix.mergeFrom(part.rows);
      // A state from before the count: its sessions had messages, as far as this run can tell.
      p.messages += part.messages ?? 1;
      p.sequence.mergeFrom(part.sequence, (step) => renumberStep(step, (n) => renumber.seq(n)));
      const c = t.counts.get(k)!;
      for (const s of ['error', 'warning', 'info'] as const) c[s] += part.counts[s];
    }
    t.omitted += o.omitted;
    o.findings.forEach((f, i) => {
      if (t.findings.length >= this.limits.findings) {
        t.omitted++;
        return;
      }
      t.findings.push({
        ...f,
        seq: renumber.seq(f.seq),
        session: renumber.session(f.session),
        message: renumber.message(f, o.findingRefs[i]),
      });
    });
  }

  add(r: PipelineRecord): void {
    // A line of the log that is no message: no step of the sequence, never a finding.
    if (r.kind === 'log') return;
    if (r.summary) this.bodies.notLogged++;
    else if (r.truncated) this.bodies.cut++;
    // A record outside any session (session/outside.ts) is in no session's part of the report.
    const parts = r.session === NO_SESSION ? undefined : this.parts(r.session);
    if (parts) {
      if (r.kind !== 'event') parts.messages++;
      parts.sequence.add(r);
      if (r.capability && (r.kind === 'request' || r.kind === 'notification')) {
        parts.matrix.use(r.capability.side, r.capability.path, r.capability.negotiated);
      }
    }
    for (const f of r.findings) this.found(this.tally, f, r.seq, r.session, r.source, r);
  }

  /**
   * The report: the findings collected so far plus the summary's end-of-input findings. Leaves the
   * collector as it was, so a live view (`--follow`) can build a report now and the final one later.
   */
  finish(input: AuditFinishInput): AuditReport {
    const t: Tally = {
      findings: [...this.tally.findings],
      omitted: this.tally.omitted,
      totals: { ...this.tally.totals },
      byRule: copyByRule(this.tally.byRule),
      counts: new Map([...this.tally.counts].map(([k, v]) => [k, { ...v }])),
    };
    for (const f of input.summary.findings) this.found(t, f, f.seq, f.session, f.source, null);
    t.findings.sort((a, b) => a.seq - b.seq);
    const sessions: AuditSession[] = [];
    for (const info of input.summary.sessions) {
      const parts = this.sessions.get(info.key);
      const counts = t.counts.get(info.key) ?? { error: 0, warning: 0, info: 0 };
      // Transport events and log lines before a server is named (or of a server that sent nothing) are no session:
      // they are counted in the run's `events` and `logs` only. A finding on such a session still shows it.
      if (!parts || (parts.messages === 0 && counts.error + counts.warning + counts.info === 0)) continue;
      sessions.push({
        info,
        counts,
        capabilities: parts.matrix.finish(info.clientCapabilities, info.serverCapabilities),
        sequence: parts.sequence.finish(),
      });
    }
    const settings = input.ruleSettings ?? {};
    const rules = RULES.filter((r) => settings[r.meta.id] !== 'off').map((r) => ({
      ...r.meta,
      docUrl: ruleDocUrl(r.meta.id),
      effectiveSeverity: (settings[r.meta.id] as Severity | undefined) ?? r.meta.severity,
      httpOnly: r.on?.http === true && r.atEnd === undefined && r.sessionEnd === undefined,
    }));
    const empty = (input.summary.inputs ?? [])
      .filter((i) => i.messages === 0)
      .map((i) => ({ file: i.file, lines: i.lines, ...(i.unread !== undefined ? { unread: i.unread } : {}) }));
    const failOnEmpty = input.failOnEmpty === true;
    const failOn = input.failOn;
    const severity = failOn !== 'none' && failOn !== 'failed' && failOn !== 'degraded';
    // A failed session fails the audit at every --fail-on but none; degraded ones only at --fail-on degraded.
    const verdicts =
      failOn !== 'none' &&
      input.diagnoses.some((d) => d.verdict === 'failed' || (failOn === 'degraded' && d.verdict === 'degraded'));
    const failed =
      (failOnEmpty && empty.length > 0) ||
      verdicts ||
      (severity &&
        (Object.keys(t.totals) as Severity[]).some(
          (s) => t.totals[s] > 0 && SEVERITY_RANK[s] >= SEVERITY_RANK[failOn],
        ));
    return {
      tool: input.tool,
      inputs: input.inputs,
      generatedAt: input.generatedAt,
      sessions,
      findings: t.findings,
      findingsOmitted: t.omitted,
      totals: { ...t.totals },
      byRule: Object.fromEntries(Object.entries(t.byRule).map(([rule, c]) => [rule, c.error + c.warning + c.info])),
      byRuleSeverity: { ...copyByRule(t.byRule) },
      rules,
      stats: input.stats,
      failOn: input.failOn,
      diagnoses: input.diagnoses,
      failed,
      bodies: { ...this.bodies },
      empty,
      failOnEmpty,
    };
  }

  private found(
    t: Tally,
    f: Finding | EndFinding,
    seq: number,
    session: string,
    source: string,
    r: PipelineRecord | null,
  ): void {
    t.totals[f.severity]++;
    ruleCounts(t, f.rule)[f.severity]++;
    const counts = t.counts.get(session);
    if (counts) counts[f.severity]++;
    if (t.findings.length >= this.limits.findings) {
      t.omitted++;
      return;
    }
    const colon = source.lastIndexOf(':');
    const refs = findingRefs(f);
    if (refs !== undefined && t === this.tally) this.findingRefs[t.findings.length] = refs;
    // Kept compact, as up to 10,000 findings are kept: the message flat (a rule builds it as a concatenation, a
    // tree of parts), the method and file shared, the documentation link one per rule.
    const method = r?.method ?? null;
    t.findings.push({
      rule: f.rule,
      severity: f.severity,
      message: flatCopy(f.message),
      seq,
      session,
      source,
      file: this.names.intern(colon > 0 ? source.slice(0, colon) : source),
      line: colon > 0 ? Number(source.slice(colon + 1)) || 0 : 0,
      kind: r?.kind ?? null,
      dir: r?.dir ?? null,
      id: r?.id ?? null,
      method: method === null ? null : this.names.intern(method),
      docUrl: ruleDocUrl(f.rule),
    });
  }

  private parts(session: string): SessionParts | undefined {
    let p = this.sessions.get(session);
    if (!p && this.sessions.size < this.limits.sessions) {
      p = {
        matrix: new CapabilityMatrix(),
        sequence: new SequenceKeeper(this.limits.sequenceHead, this.limits.sequenceTail, this.limits.bodyChars),
        messages: 0,
      };
      this.sessions.set(session, p);
      this.tally.counts.set(session, { error: 0, warning: 0, info: 0 });
    }
    return p;
  }
}
