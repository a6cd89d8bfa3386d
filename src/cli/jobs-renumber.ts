// How one `--jobs` file's (or piece's) numbers move into the run's: seqs by the records before it, unkeyed sessions by the
// sessions before it, and the finding messages re-made with the record references they quote moved.
import type { AnalysisSummary } from '../analyzer.js';
import type { Redactor } from '../output/redact.js';
import type { EndFinding } from '../rules/engine.js';
import { type QuotedRefs, withSeqs } from '../rules/record-ref.js';
import type { Finding, OpenRequest, SessionInfo } from '../types.js';
import type { FileResult } from './jobs.js';

/** How one file's numbers move into the run's. */
export interface Renumbering {
  seq(seq: number): number;
  session(key: string): string;
  /** A finding's message in the run's numbering, re-made when it quotes records (`refs`, kept by the worker's engine). */
  message(f: Finding, refs: QuotedRefs | undefined): string;
}

/**
 * The renumbering with the messages it re-makes redacted (a re-made message is made from the message as the rule made
 * it, which the worker's redaction of records did not reach); the others come redacted from the worker already.
 */
export function redactedRenumbering(n: Renumbering, redactor: Redactor): Renumbering {
  return {
    ...n,
    message: (f, refs) => {
      const m = n.message(f, refs);
      return m === f.message ? m : redactor.text(m);
    },
  };
}

/** The renumbering of a file that comes after `seqOffset` records and `ordinalOffset` unkeyed sessions of the run. */
export function renumbering(seqOffset: number, ordinalOffset: number, prefix: string): Renumbering {
  return {
    seq: (seq) => seq + seqOffset,
    session: (key) => (key.startsWith(prefix) ? String(Number(key.slice(prefix.length)) + ordinalOffset) : key),
    message: (f, refs) =>
      seqOffset === 0 || refs === undefined ? f.message : withSeqs(refs, (seq) => seq + seqOffset),
  };
}

/** The run's summary so far with one more file's, in its numbering. */
export function mergeSummary(
  into: AnalysisSummary,
  r: Pick<FileResult, 'summary' | 'piece' | 'endFindingRefs'>,
  n: Renumbering,
): void {
  // The pieces of one file come one after another: they make one input.
  const inputs = (into.inputs ??= []);
  for (const i of r.summary.inputs ?? []) {
    const last = inputs[inputs.length - 1];
    if (last === undefined || last.file !== i.file || !r.piece) inputs.push({ ...i });
    else {
      last.messages += i.messages;
      last.logs += i.logs;
      last.lines = last.lines === null || i.lines === null ? null : Math.max(last.lines, i.lines);
      last.onlySide = last.onlySide === i.onlySide ? last.onlySide : null;
    }
  }
  for (const s of r.summary.sessions) {
    into.sessions.push({
      ...s,
      key: n.session(s.key),
      firstSeq: n.seq(s.firstSeq),
      lastSeq: n.seq(s.lastSeq),
    } satisfies SessionInfo);
  }
  for (const o of r.summary.open)
    into.open.push({ ...o, seq: n.seq(o.seq), session: n.session(o.session) } satisfies OpenRequest);
  r.summary.findings.forEach((f, i) => {
    into.findings.push({
      ...f,
      seq: n.seq(f.seq),
      session: n.session(f.session),
      message: n.message(f, r.endFindingRefs[i]),
    } satisfies EndFinding);
  });
}
