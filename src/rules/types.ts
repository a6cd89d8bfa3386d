// The shape of a rule: metadata with a spec reference, a message built from data, and checks.
import type { Facts } from '../session/facts.js';
import type { SessionState } from '../session/state.js';
import type { OpenRequest, PipelineRecord, Severity } from '../types.js';

export interface RuleMeta {
  id: string;
  /** Default severity; `severityFrom` may raise or lower it for later revisions. */
  severity: Severity;
  /**
   * Severity from a revision on, where the spec changed (e.g. SHOULD in 2025-03-26, MUST from
   * 2025-06-18): `{ '2025-06-18': 'error' }`. Sessions whose revision is unknown use `severity`.
   */
  severityFrom?: Readonly<Record<string, Severity>>;
  description: string;
  /** The spec clause the rule enforces. */
  specUrl: string;
  /**
   * Revisions the rule applies to; `all` for every revision. A session whose revision is not known
   * (no handshake seen) is checked by every rule.
   */
  revisions: readonly string[] | 'all';
}

/** Options that rules may read (from flags or the config file). */
export interface RuleOptions {
  /** `slow-response` threshold in milliseconds. */
  slowMs: number;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = { slowMs: 5_000 };

export interface RecordContext<S = unknown> {
  record: PipelineRecord;
  facts: Facts;
  /** The record's session after the record was applied (handshake, phase, open requests). Read only. */
  session: Readonly<SessionState>;
  /** This rule's own state for this session (from `createState`), kept across records. */
  state: S;
  options: RuleOptions;
}

export interface EndContext<S = unknown> {
  session: Readonly<SessionState>;
  state: S;
  options: RuleOptions;
}

/** A finding a rule reports at end of input, located on a record of the session. */
export interface LocatedData<D> {
  seq: number;
  source: string;
  data: D;
}

export interface Rule<D = Record<string, unknown>, S = unknown> {
  meta: RuleMeta;
  /** The finding's text, from the data the check reported. */
  message(data: D): string;
  /**
   * Optional: the severity of one finding, given its data and the rule's severity for the session's revision
   * (e.g. a SHOULD-level requirement inside a rule that is an error from the revision where the spec says MUST).
   * A severity the user set for the rule still wins.
   */
  severityOf?(data: D, severity: Severity): Severity;
  /** Per-session state for the rule, created when the session is first checked. */
  createState?(): S;
  /**
   * Rules that name the same shared state get one instance of it per session (made by the `createState` of the
   * first rule that needs it): for memories that several rules keep alike and update the same way on every record,
   * such as the answered requests of the progress, cancellation and task rules.
   */
  sharedState?: string;
  /** Called for each record (events included); returns data for each finding on this record. */
  check?(ctx: RecordContext<S>): D[] | undefined;
  /** Called once per open request at end of input. */
  atEnd?(open: OpenRequest): D | undefined;
  /** Called once per session at end of input, for what only the whole session shows. */
  sessionEnd?(ctx: EndContext<S>): LocatedData<D>[] | undefined;
}
