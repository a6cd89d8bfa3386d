// The audit report: what every audit format (text, markdown, html, json, sarif, junit) is rendered from.
import type { SessionDiagnosis } from '../diagnose/types.js';
import type { RuleMeta } from '../rules/types.js';
import type { Stats } from '../stats/types.js';
import type { Story } from '../story/story.js';
import type { Direction, Kind, SessionInfo, Severity, Side } from '../types.js';

export interface AuditFinding {
  rule: string;
  severity: Severity;
  message: string;
  /** The record the finding is on. */
  seq: number;
  session: string;
  /** `file:line` as in the record contract; `file` and `line` split for SARIF/JUnit. */
  source: string;
  file: string;
  line: number;
  /** What the record was: `→ req 3 tools/call echo` parts, for a one-line summary. */
  kind: Kind | null;
  dir: Direction | null;
  id: string | number | null;
  method: string | null;
  /** Link to the rule's documentation page. */
  docUrl: string;
}

/** One capability of a session: who declared it, how often it was used, and used without declaring. */
export interface CapabilityRow {
  side: Side;
  path: string;
  /** Declared in the handshake; null when that side's handshake was not seen. */
  declared: boolean | null;
  /** Messages that depended on it. */
  used: number;
  /** Of those, messages sent although it was not declared. */
  usedUndeclared: number;
  /**
   * Messages that depended on one of its sub-capabilities (`elicitation.form` for `elicitation`): a parent declared
   * only to hold the flags that were used is used too, not "declared, never used".
   */
  usedBelow: number;
}

/** One message in a session's sequence diagram. */
export interface SequenceStep {
  seq: number;
  ts: string | null;
  dir: Direction;
  kind: Kind;
  id: string | number | null;
  method: string | null;
  /** Short label: method plus subject (tool name, uri …), or the event name. */
  label: string;
  latencyMs: number | null;
  /** Highest severity among the record's findings, if any. */
  severity: Severity | null;
  /** The message's JSON text (compact), kept for reports that show bodies on demand; bounded. */
  body: string | null;
  /** A modern step's place in its chain: what its label ends with, and the block it is drawn in (its seqs move with the records under `--jobs`). */
  chain?: StepChain;
}

/**
 * A modern step's place in its chain (audit/sequence.ts): what its label says (`legText`), and what the diagrams need
 * to draw the chain as one block (output/audit/step-groups.ts).
 */
export interface StepChain {
  /** A retry's round (round > 1), else 0. */
  round: number;
  /** Seq of the chain's first request (a subscription stream's: its `subscriptions/listen`). */
  first: number;
  /** An `input_required` answer. */
  input: boolean;
  /** A -32022 answer: the request is sent again under another version. */
  version?: true;
  /** A leg of a subscription stream: the listen request, its acknowledgement, tagged notifications, final answer. */
  stream?: true;
  /** The terminal answer's whole operation: its first request, rounds and times. */
  operation?: {
    first: number;
    rounds: number;
    latencyMs: number | null;
    serverMs?: number | null;
    clientMs?: number | null;
  };
}

export interface AuditSession {
  info: SessionInfo;
  counts: Record<Severity, number>;
  capabilities: CapabilityRow[];
  /** First and last steps of the session; `elided` steps in between were left out. */
  sequence: { head: SequenceStep[]; tail: SequenceStep[]; elided: number };
  /** The stories of its requests the report tells (HTML only: those that went wrong, the slowest); absent when none. */
  stories?: Story[];
}

/** An active rule as the reports list it. */
export interface AuditRule extends RuleMeta {
  docUrl: string;
  effectiveSeverity: Severity;
  /** It judges only records read from HTTP (its trigger's `http`) and has no end-of-input check. */
  httpOnly: boolean;
}

/**
 * `--fail-on`: a finding severity (a failed session fails the audit too), `failed` / `degraded` (a session with that
 * verdict or worse, findings aside), or `none`.
 */
export type FailOn = Severity | 'none' | 'failed' | 'degraded';

export interface AuditReport {
  tool: { name: string; version: string };
  /** The inputs, as named on the command line. */
  inputs: string[];
  /** When the report was made (ISO 8601); reports pass it in so tests can fix it. */
  generatedAt: string;
  sessions: AuditSession[];
  /** Findings in seq order; at most `findingsLimit`, the rest only counted in `totals`. */
  findings: AuditFinding[];
  findingsOmitted: number;
  totals: Record<Severity, number>;
  /** Per rule: how many findings (including omitted ones). */
  byRule: Record<string, number>;
  /**
   * Per rule: its findings (including omitted ones) by severity. A rule's findings need not have the severity the
   * rule is listed with: `severityFrom` raises it from a revision on, `severityOf` sets it per finding.
   */
  byRuleSeverity: Record<string, Record<Severity, number>>;
  /** Every rule that was active, for SARIF rule lists and JUnit test cases. */
  rules: AuditRule[];
  stats: Stats;
  failOn: FailOn;
  /** What happened in each session (the diagnosis), first in every report. */
  diagnoses: SessionDiagnosis[];
  /** Whether a finding reached `failOn`, or an input held no message under `failOnEmpty` (the exit code is 1 then). */
  failed: boolean;
  /**
   * Messages whose body the log did not give whole, so that the rules that read bodies skipped them: `notLogged`,
   * summaries (`summary: true`); `cut`, messages the log cut (`truncated: true`).
   */
  bodies: { notLogged: number; cut: number };
  /**
   * Inputs that held no MCP message at all (a log with only host chatter, a file that is no log), in input order;
   * `unread`: why one gave nothing to read (`not a log: ELF executable`), when it did not.
   */
  empty: { file: string; lines: number | null; unread?: string }[];
  /** `--fail-on-empty`: an input without any MCP message fails the audit. */
  failOnEmpty: boolean;
}
