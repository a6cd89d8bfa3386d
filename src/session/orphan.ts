// What an orphan is: a response or error that answers no request the log holds. One definition, decided once where
// the session stage pairs answers (tracker.ts `onResponse`), reported by the `orphan-response` rule and counted by
// `stats` (and the audit's statistics) from the same mark on the record.
//
// An answer whose request is not open is an orphan, except where the log cannot hold that request, so that its
// absence says nothing of the wire: an answer to a request the log's format never logs (a Java SDK client logs only
// what it received: not-logged.ts); a response in a raw log of the server's side only (one-side.ts); a summary answer
// that names only an id, when the log gave the requests without theirs (mcp-remote's `[Remote→Local] 1`: it takes the
// oldest such request, unpaired, pending.ts). Those answers stay unpaired (`pair: null`) and are no orphans.
import type { PipelineRecord } from '../types.js';
import type { Facts } from './facts.js';

/** The record is an orphan: marked on the record (what stats counts) and in its facts (what routes the rule to it). */
export function markOrphan(r: PipelineRecord, facts: Facts): void {
  r.orphan = true;
  facts.orphan = true;
}

/** Whether the session stage found the record an orphan. */
export function isOrphan(r: Readonly<Pick<PipelineRecord, 'orphan'>>): boolean {
  return r.orphan === true;
}
