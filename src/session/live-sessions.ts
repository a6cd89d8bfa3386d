// The sessions of a run that can still get records, least recently active first, with a bound on their number.
//
// A hostile log can name millions of session ids; each live session holds its handshake, open requests and rule
// memories (about 6 KB idle). Past the bound the least recently active session is pushed out (the tracker retires
// it), so memory stays flat whatever the number of ids (DESIGN principle 5).
import { OldestFirst } from '../util/oldest.js';
import type { SessionState } from './state.js';

/** Default `--max-sessions`: live sessions per run before the least recently active one is retired. */
export const DEFAULT_MAX_SESSIONS = 10_000;

export class LiveSessions<Owner> {
  /** Live session → the input that owns it, in order of last activity (a touched session is deleted and set again). */
  private readonly byRecency = new Map<SessionState, Owner>();
  private readonly oldest = new OldestFirst(this.byRecency);
  /** The session touched last: records come session by session, so most touches change nothing. */
  private last: SessionState | null = null;
  /** Sessions pushed out by the bound so far. */
  evicted = 0;

  constructor(readonly limit = DEFAULT_MAX_SESSIONS) {}

  get size(): number {
    return this.byRecency.size;
  }

  has(s: SessionState): boolean {
    return this.byRecency.has(s);
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
    if (this.byRecency.size <= this.limit) return undefined;
    const out = this.oldest.evict();
    if (out === undefined) return undefined;
    this.evicted++;
    if (this.last === out[0]) this.last = null;
    return { session: out[0], owner: out[1] };
  }

  /** A session that can get no more records (replaced, or its input ended). */
  remove(s: SessionState): void {
    this.byRecency.delete(s);
    if (this.last === s) this.last = null;
  }
}
