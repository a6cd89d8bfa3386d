// The shape of a rule: metadata with a spec reference, a message built from data, and checks.
import type { Facts } from '../session/facts.js';
import type { OpenRequest, PipelineRecord, SessionInfo, Severity } from '../types.js';

export interface RuleMeta {
  id: string;
  severity: Severity;
  description: string;
  /** The spec clause the rule enforces. */
  specUrl: string;
  /** Revisions the rule applies to; `all` for every revision (and sessions whose revision is unknown). */
  revisions: readonly string[] | 'all';
}

export interface RecordContext {
  record: PipelineRecord;
  facts: Facts;
  session: SessionInfo;
}

export interface Rule<D = Record<string, unknown>> {
  meta: RuleMeta;
  /** The finding's text, from the data the check reported. */
  message(data: D): string;
  /** Called for each record; returns data for each finding. */
  check?(ctx: RecordContext): D[] | undefined;
  /** Called once at end of input with the requests never answered. */
  atEnd?(open: OpenRequest): D | undefined;
}
