// The shape of a rule: metadata with a spec reference, a message built from data, and checks.
import type { Facts } from '../session/facts.js';
import type { SessionState } from '../session/state.js';
import type { Kind, MessageClass, OpenRequest, PipelineRecord, Severity, Side } from '../types.js';
import type { RuleMessage } from './message.js';

export interface RuleMeta {
  id: string;
  /** Default severity; `severityFrom` may raise or lower it for later revisions. */
  severity: Severity;
  /**
   * Severity from a revision on, where the spec changed (e.g. SHOULD in 2025-03-26, MUST from
   * 2025-06-18): `{ '2025-06-18': 'error' }`. Sessions whose revision is unknown use `severity`.
   */
  severityFrom?: Readonly<Record<string, Severity>>;
  /**
   * What the rule checks: one sentence of at most 100 characters, no Markdown. Tables, SARIF and `mcptrace rules`
   * print it; the doc page (docs/rules/<id>.md) opens with it and tells the rest (test/rules/rule-meta.test.ts).
   */
  summary: string;
  /** The spec clause the rule enforces. */
  specUrl: string;
  /**
   * Revisions the rule applies to; `all` for every revision. A session whose revision is not known
   * (no handshake seen) is checked by every rule.
   */
  revisions: readonly string[] | 'all';
  /**
   * Messages the rule decides from (their presence, or their absence) that some logs never hold (`SessionInfo.notLogged`:
   * a Java SDK process logs only what it received): `server:answers`, `client:notifications` … Where the log does not
   * hold them the rule (or the session stage for it) decides nothing from them (session/not-logged.ts), and the audit
   * report names the rule in its note on such sessions.
   */
  needs?: readonly `${Side}:${MessageClass}`[];
}

/** Options that rules may read (from flags or the config file). */
export interface RuleOptions {
  /** `slow-response` threshold in milliseconds. */
  slowMs: number;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = { slowMs: 5_000 };

export interface RecordContext<S = unknown, M = unknown> {
  record: PipelineRecord;
  facts: Facts;
  /** The record's session after the record was applied (handshake, phase, open requests). Read only. */
  session: Readonly<SessionState>;
  /** This rule's own state for this session (from `createState`), kept across records. */
  state: S;
  /** The session's instance of the rule's shared `memory`, already updated with this record. */
  memory: M;
  options: RuleOptions;
}

/**
 * The records a check can act on (read, report, or update its state from): the engine calls the check only on
 * those. Every listed condition must hold; a rule without `on` sees every record. It must be a superset of what the
 * check does: a record it leaves out is one the check would have ignored whole (test/rules/routing.test.ts runs the
 * whole corpus both ways).
 */
export interface RuleTrigger {
  /** Record kinds. */
  kinds?: readonly Kind[];
  /** Methods (a record without a method, or with another one, is left out). */
  methods?: readonly string[];
  /** A fact the stage set on the record (truthy). */
  fact?: keyof Facts;
  /**
   * The check reads the message body (params, result, error): records whose body the log did not give whole (a
   * summary, or a message the log cut: `message` is null) are left out, so that a missing body is never taken for a
   * missing field. The audit report counts those records once per run.
   */
  body?: true;
  /**
   * The check acts only on records read from HTTP (`record.http`: headers, statuses, streams). Such a rule, with no
   * end-of-input check, has nothing to judge in a session whose log holds no HTTP exchange (stdio): the JUnit report
   * skips it there.
   */
  http?: true;
}

/**
 * A per-session memory that several rules read and that is updated the same way on every record, once, before the
 * rules that use it run (the answered requests the progress, cancellation and task rules look up). One instance per
 * session, made when the first rule that uses it is planned for the session.
 */
export interface Memory<M> {
  id: string;
  create(): M;
  /** Updates the memory from one record. */
  observe(memory: M, record: PipelineRecord, facts: Facts): void;
  /** The records that can change it. */
  on?: RuleTrigger;
}

interface EndContext<S = unknown> {
  session: Readonly<SessionState>;
  state: S;
  options: RuleOptions;
}

/** A finding a rule reports at end of input, located on a record of the session. */
interface LocatedData<D> {
  seq: number;
  source: string;
  data: D;
}

export interface Rule<D = Record<string, unknown>, S = unknown, M = unknown> {
  meta: RuleMeta;
  /**
   * The finding's text, from the data the check reported: a template whose `{field}` placeholders name the data's
   * fields, or named templates one field of the data chooses from (src/rules/message.ts); the doc page shows each.
   * A field that holds another record's seq is a `RecordRef` (`ref(seq)`, src/rules/record-ref.ts), printed like a
   * number: `--jobs` moves the seqs a message quotes that way.
   */
  message: RuleMessage<D>;
  /**
   * Optional: the severity of one finding, given its data and the rule's severity for the session's revision
   * (e.g. a SHOULD-level requirement inside a rule that is an error from the revision where the spec says MUST).
   * A severity the user set for the rule still wins.
   */
  severityOf?(data: D, severity: Severity): Severity;
  /** Per-session state for the rule, created when the session is first checked. */
  createState?(): S;
  /** A memory shared with other rules (see `Memory`): `ctx.memory` is the session's instance. */
  memory?: Memory<M>;
  /** The records `check` can act on (default: all). */
  on?: RuleTrigger;
  /** Called for each record (events included) that `on` lets through; returns data for each finding on this record. */
  check?(ctx: RecordContext<S, M>): D[] | undefined;
  /** Called once per open request at end of input. */
  atEnd?(open: OpenRequest): D | undefined;
  /** Called once per session at end of input, for what only the whole session shows. */
  sessionEnd?(ctx: EndContext<S>): LocatedData<D>[] | undefined;
}
