// The explorer's compact index: per record only what the list moves by (its number, kind, whether it failed or has
// findings, its session and its pair), in typed arrays, so a million records cost a few tens of megabytes and no
// record object. Sessions are told as the text transcript tells them: a tag each, a tag column once they interleave.
import { NO_SESSION } from '../session/outside.js';
import type { Finding, PipelineRecord } from '../types.js';
import { isToolError } from '../output/text.js';
import { SessionTags } from '../output/session-tags.js';
import { displayWidth } from '../output/width.js';
import { grown } from '../util/grown.js';

/** A row's flags. */
export const FLAG = {
  /** It carries an error-severity finding. */
  errorFinding: 1,
  warningFinding: 2,
  infoFinding: 4,
  /** A failure: a JSON-RPC error, a tool result with isError, an invalid message, a failure marked on it (marks). */
  failed: 8,
} as const;

const KINDS = ['request', 'response', 'error', 'notification', 'invalid', 'event', 'log'] as const;

export interface SessionEntry {
  key: string;
  tag: string;
  /** Its first row and how many rows it has. */
  firstRow: number;
  rows: number;
}

export class RecordIndex {
  private seqs = new Uint32Array(1024);
  private kinds = new Uint8Array(1024);
  private flagBits = new Uint8Array(1024);
  private sessionOf = new Uint32Array(1024);
  /** The row of the record's pair (a request's answer, an answer's request), -1 while none is known. */
  private pairs = new Int32Array(1024);
  private rows = 0;
  private readonly sessionByKey = new Map<string, number>();
  private readonly tags = new SessionTags();
  readonly sessions: SessionEntry[] = [];
  /** Whether any record had a time (the layout shows the clock), and sessions interleave (it shows their tags). */
  sawTime = false;
  interleaved = false;
  widestTag = 0;
  private lastSession = -1;

  get count(): number {
    return this.rows;
  }

  /** Indexes `r` as the next row; returns its row. */
  add(r: PipelineRecord): number {
    if (this.rows === this.seqs.length) this.grow();
    const row = this.rows++;
    this.seqs[row] = r.seq;
    this.kinds[row] = KINDS.indexOf(r.kind);
    this.flagBits[row] = flagsOf(r);
    this.pairs[row] = -1;
    if ((r.kind === 'response' || r.kind === 'error') && r.pair !== null) {
      const asked = this.rowOfSeq(r.pair);
      if (asked >= 0) {
        this.pairs[row] = asked;
        this.pairs[asked] = row;
      }
    }
    if (r.ts !== null) this.sawTime = true;
    this.sessionOf[row] = this.sessionFor(r.session, row);
    return row;
  }

  /** Findings that came after the row was indexed (the end of the input's: an unanswered request). */
  addFindings(row: number, findings: readonly Finding[]): void {
    this.flagBits[row] = this.flagBits[row]! | findingFlags(findings);
  }

  seq(row: number): number {
    return this.seqs[row]!;
  }

  kind(row: number): PipelineRecord['kind'] {
    return KINDS[this.kinds[row]!]!;
  }

  flags(row: number): number {
    return this.flagBits[row]!;
  }

  pair(row: number): number {
    return this.pairs[row]!;
  }

  session(row: number): SessionEntry {
    return this.sessions[this.sessionOf[row]!]!;
  }

  /** The row of record `#seq`, or -1 (seqs grow with the rows: a binary search). */
  rowOfSeq(seq: number): number {
    let lo = 0;
    let hi = this.rows - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const s = this.seqs[mid]!;
      if (s === seq) return mid;
      if (s < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The row of the first record numbered `seq` or after it (a number between records goes to the next), or -1. */
  rowAtOrAfter(seq: number): number {
    let lo = 0;
    let hi = this.rows;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.seqs[mid]! < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.rows ? lo : -1;
  }

  private sessionFor(key: string, row: number): number {
    let i = this.sessionByKey.get(key);
    if (i === undefined) {
      i = this.sessions.length;
      const tag = this.tags.of(key);
      this.sessions.push({ key, tag, firstRow: row, rows: 0 });
      this.sessionByKey.set(key, i);
      this.widestTag = Math.max(this.widestTag, displayWidth(tag));
    } else if (key !== NO_SESSION && this.lastSession !== -1 && this.lastSession !== i) {
      // A session seen before comes back after another one's record: the sessions interleave (transcript.ts).
      this.interleaved = true;
    }
    this.sessions[i]!.rows++;
    this.lastSession = i;
    return i;
  }

  /** The tag of a session key, as the transcript and the filter's `session` field take it. */
  tagOf(key: string): string {
    return this.tags.of(key);
  }

  private grow(): void {
    this.seqs = grown(this.seqs);
    this.kinds = grown(this.kinds);
    this.flagBits = grown(this.flagBits);
    this.sessionOf = grown(this.sessionOf);
    this.pairs = grown(this.pairs);
  }
}

function findingFlags(findings: readonly Finding[]): number {
  let f = 0;
  for (const x of findings)
    f |= x.severity === 'error' ? FLAG.errorFinding : x.severity === 'warning' ? FLAG.warningFinding : FLAG.infoFinding;
  return f;
}

function flagsOf(r: PipelineRecord): number {
  let f = findingFlags(r.findings);
  if (r.kind === 'error' || r.kind === 'invalid' || isToolError(r) || (r.marks !== undefined && r.marks.length > 0))
    f |= FLAG.failed;
  return f;
}
