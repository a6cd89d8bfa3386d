// The stories the HTML audit report opens its requests into (src/story/): every request is followed as the records
// come, and when it has ended (and a few records more, for a late progress or answer) it is kept if the report lists
// it — it failed, or a record of its story has a finding or a mark — or it is among the slowest; else forgotten.
// Bounded: the requests followed at once per session, the stories kept, the steps of each.
import { StoryTracker, type Story } from '../story/story.js';
import type { PipelineRecord } from '../types.js';

/** Records of its session a request's story still takes after the request ended (a late progress, a late answer). */
const GRACE = 32;
/** Requests followed at once in a session: past it the oldest is decided as it stands. */
const LIVE_PER_SESSION = 256;
/** The slowest answered requests kept besides those the report lists for what went wrong. */
const SLOWEST = 5;
/** Steps kept of a story (the rest counted). */
const STEPS = 100;

interface Live {
  tracker: StoryTracker;
  /** The session's record count when the request ended (null while it runs). */
  closedAt: number | null;
}

interface SessionLive {
  live: Live[];
  records: number;
}

/** Whether the report lists the request: it did not end well, or a record of its story has a finding or a mark. */
function listed(s: Story): boolean {
  return s.outcome !== 'ok' || s.steps.some((x) => x.record.findings.length > 0 || (x.record.marks?.length ?? 0) > 0);
}

export class StoryKeeper {
  private readonly sessions = new Map<string, SessionLive>();
  private readonly kept: Story[] = [];
  private slow: Story[] = [];

  /** `limit`: the stories kept for what went wrong (0: none followed at all); the slowest come on top. */
  constructor(private readonly limit: number) {}

  add(r: PipelineRecord): void {
    if (this.limit === 0) return;
    let s = this.sessions.get(r.session);
    if (s === undefined) {
      if (r.kind !== 'request') return;
      this.sessions.set(r.session, (s = { live: [], records: 0 }));
    }
    s.records++;
    for (let i = 0; i < s.live.length; i++) {
      const l = s.live[i]!;
      l.tracker.offer(r);
      if (l.closedAt === null && !l.tracker.open) l.closedAt = s.records;
      if (l.closedAt !== null && s.records - l.closedAt >= GRACE) {
        this.decide(l.tracker.story());
        s.live.splice(i--, 1);
      }
    }
    if (r.kind === 'request' && (r.chain === undefined || r.chain.first === r.seq)) {
      s.live.push({ tracker: new StoryTracker(r, STEPS), closedAt: null });
      if (s.live.length > LIVE_PER_SESSION) this.decide(s.live.shift()!.tracker.story());
    }
  }

  private decide(story: Story): void {
    if (listed(story)) {
      if (this.kept.length < this.limit) this.kept.push(story);
      return;
    }
    if (story.durationMs === null) return;
    this.slow.push(story);
    this.slow.sort((a, b) => b.durationMs! - a.durationMs! || a.request.seq - b.request.seq);
    if (this.slow.length > SLOWEST) this.slow.length = SLOWEST;
  }

  /** The stories kept, each request's as it stands (those still followed are decided now), by session, in log order. */
  stories(): Map<string, Story[]> {
    const out = new Map<string, Story[]>();
    const listedNow = [...this.kept];
    const slow = [...this.slow];
    // Still followed: decided as they stand, without changing what is kept (a live view asks again later).
    for (const s of this.sessions.values()) {
      for (const l of s.live) {
        const story = l.tracker.story();
        if (listed(story)) {
          if (listedNow.length < this.limit) listedNow.push(story);
        } else if (story.durationMs !== null) slow.push(story);
      }
    }
    slow.sort((a, b) => b.durationMs! - a.durationMs! || a.request.seq - b.request.seq);
    for (const story of [...listedNow, ...slow.slice(0, SLOWEST)].sort((a, b) => a.request.seq - b.request.seq)) {
      const list = out.get(story.session) ?? [];
      list.push(story);
      out.set(story.session, list);
    }
    return out;
  }
}
