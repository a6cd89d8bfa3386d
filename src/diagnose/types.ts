// The shapes of the diagnosis layer: a cause (metadata, what it observes, what it decides), and what it reports.
import type { PipelineRecord, SessionInfo, OpenRequest } from '../types.js';
import type { SessionFold } from './fold.js';
import type { Signal } from './signals.js';

/** Who is responsible for a failure, as the evidence shows (`unknown` when the log cannot tell). */
export type DiagnosisSide = 'server' | 'client' | 'transport' | 'tool' | 'unknown';
/** How a session went: it did its work, it worked with failures, or it could not do its work. */
export type Verdict = 'ok' | 'degraded' | 'failed';
/** What a diagnosis does to the verdict: `note` is reported and changes nothing. */
export type Impact = 'failed' | 'degraded' | 'note';

/** A line of the log that shows a cause: the record, where it is (`file:line`), and its words. */
export interface Evidence {
  seq: number;
  source: string;
  text: string;
}

export interface Diagnosis {
  cause: string;
  side: DiagnosisSide;
  impact: Impact;
  summary: string;
  evidence: Evidence[];
}

export interface SessionDiagnosis {
  session: string;
  /** The input the session was read from, as its records name it: with `session`, which session it is. */
  file: string;
  server: string | null;
  verdict: Verdict;
  /** Ranked: the most likely root cause first. */
  diagnoses: Diagnosis[];
}

export interface CauseMeta {
  id: string;
  title: string;
  defaultSide: DiagnosisSide;
  /** One line: what the cause means. */
  summary: string;
}

/** One record as a cause sees it: the record, what its words say, and the session's facts so far. */
export interface Observation {
  record: PipelineRecord;
  signals: readonly Signal[];
  fold: Readonly<SessionFold>;
  /** The slow threshold (the rules' `slowMs`): what a cause need not keep, as it will not report it. */
  slowMs: number;
}

/** What a cause can read when it decides, once the session has ended. */
interface DecideContext {
  session: SessionInfo | undefined;
  key: string;
  fold: Readonly<SessionFold>;
  /** The session's requests never answered (cancelled ones flagged). */
  open: readonly OpenRequest[];
  /** Diagnoses already decided for this session (causes decide in registry order). */
  decided: ReadonlyMap<string, Diagnosis>;
  slowMs: number;
}

export interface Cause<S = unknown> {
  meta: CauseMeta;
  create(): S;
  observe(state: S, obs: Observation): void;
  decide(state: S, ctx: DecideContext): Omit<Diagnosis, 'cause'> | undefined;
}

/** At most this many evidence lines per diagnosis. */
const MAX_EVIDENCE = 5;

/** Adds evidence unless full or already there (same record and text). */
export function addEvidence(list: Evidence[], e: Evidence, max = MAX_EVIDENCE): void {
  if (list.length >= max) return;
  if (list.some((x) => x.seq === e.seq && x.text === e.text)) return;
  list.push(e);
}
