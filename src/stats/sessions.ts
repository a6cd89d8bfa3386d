// Per-session counts, joined at the end with what the session stage knows about each session.
import { NO_SESSION } from '../session/outside.js';
import type { OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import { CappedMap } from './capped-map.js';
import { ScopeTally, type ScopeLimits, type ScopeTallyState } from './scope.js';
import { OTHER_KEY, type PeerStats, type SessionStats } from './types.js';

function peer(info: SessionInfo['clientInfo'] | undefined): PeerStats {
  const name = info?.name;
  const version = info?.version;
  return { name: typeof name === 'string' ? name : null, version: typeof version === 'string' ? version : null };
}

/** Session key → tally, capped at `maxSessions` distinct keys (the rest share `(other)`). */
export class SessionTable {
  private readonly tallies: CappedMap<ScopeTally>;

  constructor(
    maxSessions: number,
    private readonly limits: ScopeLimits,
  ) {
    this.tallies = new CappedMap(maxSessions, () => new ScopeTally(this.limits));
  }

  add(r: PipelineRecord): void {
    // A record outside any session is counted in the run's totals only (session/outside.ts).
    if (r.session === NO_SESSION) return;
    // Records come session by session: remember the last tally rather than look it up for every record.
    if (r.session !== this.lastKey || this.last === undefined) {
      this.lastKey = r.session;
      this.last = this.tallies.get(r.session);
    }
    this.last.add(r);
  }

  private lastKey = '';
  private last: ScopeTally | undefined;

  /** Per-session tallies as plain data, sessions in the order they first came. */
  exportState(): Array<[string, ScopeTallyState]> {
    return this.tallies.entriesInOrder().map(([k, t]) => [k, t.exportState()]);
  }

  /** Adds the sessions of another table (keys renamed by `key`), as if they had come after these (`--jobs`). */
  mergeFrom(o: Array<[string, ScopeTallyState]>, key: (k: string) => string): void {
    this.lastKey = '';
    this.last = undefined;
    this.tallies.mergeFrom(
      o.map(([k, t]) => [k === OTHER_KEY ? k : key(k), t]),
      (into, from) => into.mergeFrom(from),
    );
  }

  /**
   * One entry per session with an MCP message: first in the order the session stage reports them, then sessions seen
   * only in records, then `(other)` when the cap was hit.
   * Open requests go to their session, or to `(other)` when their session has no entry of its own.
   * Once the cap is hit, a reported session without an entry of its own is not listed: its records, if any, were
   * counted under `(other)` (a zero entry would be wrong), and the list stays bounded whatever the number of sessions.
   */
  toStats(infos: readonly SessionInfo[], open: readonly OpenRequest[]): SessionStats[] {
    const full = this.tallies.full;
    const listed = full ? infos.filter((s) => this.tallies.has(s.key)) : infos;
    const known = new Set(listed.map((s) => s.key));
    const openBy = new Map<string, OpenRequest[]>();
    for (const o of open) {
      const key = this.tallies.has(o.session) || known.has(o.session) ? o.session : OTHER_KEY;
      let list = openBy.get(key);
      if (list === undefined) openBy.set(key, (list = []));
      list.push(o);
    }
    const out: SessionStats[] = [];
    const done = new Set<string>();
    const emit = (key: string, info: SessionInfo | undefined, tally: ScopeTally) => {
      done.add(key);
      out.push({
        key,
        file: info?.file ?? null,
        client: peer(info?.clientInfo),
        server: peer(info?.serverInfo),
        requestedRevision: info?.requestedRevision ?? null,
        negotiatedRevision: info?.negotiatedRevision ?? null,
        ...(info?.eras === undefined ? {} : { eras: [...info.eras], modernRevision: info.modernRevision ?? null }),
        serverName: info?.server ?? null,
        onlySide: info?.onlySide ?? null,
        ...tally.toStats(openBy.get(key) ?? []),
      });
    };
    for (const info of listed) {
      if (done.has(info.key)) continue;
      emit(info.key, info, this.tallies.has(info.key) ? this.tallies.get(info.key) : new ScopeTally(this.limits));
    }
    for (const [key, tally] of this.tallies.sortedEntries(() => 0)) if (!done.has(key)) emit(key, undefined, tally);
    // Open requests of sessions not listed, when no record was counted under `(other)`.
    if (!done.has(OTHER_KEY) && openBy.has(OTHER_KEY)) emit(OTHER_KEY, undefined, new ScopeTally(this.limits));
    // A "session" of transport events and log lines only (a host's lines before it names a server, a server that
    // sent nothing) is no session: its lines are counted in the run's `events` and `logs` only.
    return out.filter((s) => s.messages > 0 || s.pairs.unanswered + s.pairs.cancelled > 0);
  }
}
