// The sessions of a run that can still get records, least recently active first, with a bound on their number.
//
// A hostile log can name millions of session ids; each live session holds its handshake, open requests and rule
// memories (about 6 KB idle). Past the bound the least recently active session is pushed out (the tracker retires
// it), so memory stays flat whatever the number of ids (ARCHITECTURE.md principle 5).
import { OldestFirst } from '../util/oldest.js';
import type { SessionState } from './state.js';

/** Default `--max-sessions`: live sessions per run before the least recently active one is retired. */
export const DEFAULT_MAX_SESSIONS = 10_000;

/**
 * Sessions whose transport has closed (a process exit, a connection close) that stay live, so that a message after
 * the close is still judged in its session (`message-after-shutdown`); past this many, the one closed longest ago
 * is retired. A closed session gets no more traffic in a sane log, and each live one holds its rule memories.
 */
export const CLOSED_SESSIONS_KEPT = 16;

export class LiveSessions<Owner> {
  /** Live session → the input that owns it, in order of last activity (a touched session is deleted and set again). */
  private readonly byRecency = new Map<SessionState, Owner>();
  private readonly oldest = new OldestFirst(this.byRecency);
  /** The session touched last: records come session by session, so most touches change nothing. */
  private last: SessionState | null = null;
  /** Live sessions whose transport closed, in order of closing (they count towards `limit` too). */
  private readonly closed = new Map<SessionState, Owner>();
  private readonly oldestClosed = new OldestFirst(this.closed);
  /** Sessions pushed out by the bound so far. */
  evicted = 0;

  constructor(
    readonly limit = DEFAULT_MAX_SESSIONS,
    readonly closedKept = CLOSED_SESSIONS_KEPT,
  ) {}

  get size(): number {
    return this.byRecency.size + this.closed.size;
  }

  has(s: SessionState): boolean {
    return this.byRecency.has(s) || this.closed.has(s);
  }

  /**
   * The transport of `s` closed: it moves to the closed sessions; when more than `closedKept` are closed, the one
   * closed longest ago is removed and returned with its owner (to be retired). O(1) amortised.
   */
  close(s: SessionState): { session: SessionState; owner: Owner } | undefined {
    const owner = this.byRecency.get(s);
    if (owner === undefined) return undefined; // closed already, or not live
    this.byRecency.delete(s);
    if (this.last === s) this.last = null;
    this.closed.set(s, owner);
    if (this.closed.size <= this.closedKept) return undefined;
    const out = this.oldestClosed.evict();
    return out === undefined ? undefined : { session: out[0], owner: out[1] };
  }

  /** `s` got a record: it becomes the most recently active. O(1). */
  touch(s: SessionState): void {
    if (this.last === s) return;
    const owner = this.byRecency.get(s);
    if (owner === undefined) return;
    this.byRecency.delete(s);
    this.byRecency.set(s, owner);
    this.last = s;
  }

  /**
   * Adds a new session as the most recently active; when that makes more than `limit`, removes the least recently
   * active one and returns it with its owner (to be retired). O(1) amortised.
   */
  add(s: SessionState, owner: Owner): { session: SessionState; owner: Owner } | undefined {
    this.byRecency.set(s, owner);
    this.last = s;
    if (this.size <= this.limit) return undefined;
    const out = this.closed.size > 0 ? this.oldestClosed.evict() : this.oldest.evict();
    if (out === undefined) return undefined;
    this.evicted++;
    if (this.last === out[0]) this.last = null;
    return { session: out[0], owner: out[1] };
  }

  /** A session that can get no more records (replaced, or its input ended). */
  remove(s: SessionState): void {
    this.byRecency.delete(s);
    this.closed.delete(s);
    if (this.last === s) this.last = null;
  }
}
