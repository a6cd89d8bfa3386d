// The stories the HTML audit report opens its requests into (src/story/): every request is followed as the records
// come, and when it has ended (and a few records more, for a late progress or answer) it is kept if the report lists
// it — it failed, or a record of its story has a finding or a mark — or it is among the slowest; else forgotten.
// Bounded: the requests followed at once per session, the stories kept, the steps of each.
import { findingRefs } from '../rules/engine.js';
import type { QuotedRefs } from '../rules/record-ref.js';
import { StoryTracker, type Story } from '../story/story.js';
import type { AnnotatedRecord, PipelineRecord } from '../types.js';
import type { AuditRenumbering } from './collector.js';
import type { AuditFinding } from './types.js';

/** Records of its session a request's story still takes after the request ended (a late progress, a late answer). */
const GRACE = 8;
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

/**
 * A keeper's stories as plain data (`--jobs`: a worker's), decided as its input ended, with the quoted references of
 * each step's findings (non-enumerable on a finding, so not cloned with it) for the messages the renumbering re-makes.
 */
export interface StoryKeeperState {
  stories: Story[];
  findingRefs: (QuotedRefs | undefined)[][][];
}

/** A record in the run's numbering. */
function renumbered(
  r: AnnotatedRecord,
  n: AuditRenumbering,
  refs: readonly (QuotedRefs | undefined)[] | undefined,
): AnnotatedRecord {
  const out: AnnotatedRecord = {
    ...r,
    seq: n.seq(r.seq),
    session: n.session(r.session),
    pair: r.pair === null ? null : n.seq(r.pair),
    // The renumbering reads a finding's rule and message only.
    findings: r.findings.map((f, k) => ({ ...f, message: n.message(f as AuditFinding, refs?.[k]) })),
  };
  if (r.chain !== undefined) out.chain = { ...r.chain, first: n.seq(r.chain.first) };
  if (r.operation !== undefined) out.operation = { ...r.operation, first: n.seq(r.operation.first) };
  return out;
}

const slowestFirst = (a: Story, b: Story) => b.durationMs! - a.durationMs! || a.request.seq - b.request.seq;

/**
 * Keeps the `limit` earliest requests' stories, whatever order they are decided in: the same stories whether a run
 * reads its inputs in one thread or its files in workers (`--jobs`), each worker keeping its own earliest.
 */
function keepFirst(kept: Story[], story: Story, limit: number): void {
  if (kept.length < limit) {
    kept.push(story);
    return;
  }
  let latest = 0;
  for (let i = 1; i < kept.length; i++) if (kept[i]!.request.seq > kept[latest]!.request.seq) latest = i;
  if (kept.length > 0 && kept[latest]!.request.seq > story.request.seq) kept[latest] = story;
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

  exportState(): StoryKeeperState {
    const stories = [...this.stories().values()].flat();
    return { stories, findingRefs: stories.map((s) => s.steps.map((st) => st.record.findings.map(findingRefs))) };
  }

  /** Another input's stories, in the run's numbering, decided as if its records had come after these (`--jobs`). */
  mergeFrom(o: StoryKeeperState, n: AuditRenumbering): void {
    o.stories.forEach((s, i) => {
      const moved = new Map<AnnotatedRecord, AnnotatedRecord>();
      const move = (r: AnnotatedRecord, j: number) => {
        if (!moved.has(r)) moved.set(r, renumbered(r, n, o.findingRefs[i]?.[j]));
        return moved.get(r)!;
      };
      const steps = s.steps.map((st, j) => ({ ...st, record: move(st.record, j) }));
      const at = (r: AnnotatedRecord) => s.steps.findIndex((st) => st.record === r);
      const story: Story = {
        ...s,
        session: n.session(s.session),
        request: move(s.request, at(s.request)),
        answer: s.answer === null ? null : move(s.answer, at(s.answer)),
        steps,
      };
      this.decide(story);
    });
  }

  private decide(story: Story): void {
    if (listed(story)) {
      keepFirst(this.kept, story, this.limit);
      return;
    }
    if (story.durationMs === null) return;
    this.slow.push(story);
    this.slow.sort(slowestFirst);
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
        if (listed(story)) keepFirst(listedNow, story, this.limit);
        else if (story.durationMs !== null) slow.push(story);
      }
    }
    slow.sort(slowestFirst);
    for (const story of [...listedNow, ...slow.slice(0, SLOWEST)].sort((a, b) => a.request.seq - b.request.seq)) {
      const list = out.get(story.session) ?? [];
      list.push(story);
      out.set(story.session, list);
    }
    return out;
  }
}
