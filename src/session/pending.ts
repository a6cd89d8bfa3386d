// Open requests of one session, keyed by sender direction and the exact id, with a bound on their number.
import type { TimeKind } from '../input/shared/time.js';
import type { CapabilityRef, Direction, Era } from '../types.js';
import { OldestFirst } from '../util/oldest.js';

export interface PendingRequest {
  seq: number;
  source: string;
  dir: Direction;
  id: string | number;
  method: string;
  tsMs: number | null;
  /** What `tsMs` counts from: a latency is taken only from a response time of the same kind. */
  tsKind: TimeKind | null;
  cancelled: boolean;
  /** A 2026-07-28 client closed the request's response stream (its cancellation over HTTP): no answer is due. */
  streamClosed?: true;
  capability: CapabilityRef | null;
  progressToken: string | number | null;
  /** The request message as parsed (rules read its params). */
  message: unknown;
  /** Task-augmented (`params.task`): its receiver may answer with a task and report its status later. */
  task: boolean;
  /** The era and revision it was sent under (era.ts): its answer keeps them. */
  era: Era | null;
  revision: string | null;
  /** A modern request's chain (chains.ts): its answer carries it too; null for a legacy request. */
  chain: { first: number; round: number } | null;
  /** With `chain`: the operation's times so far (chains.ts), null when the log has no times. */
  chainTimes?: ChainTimes | null;
}

/** A chain's times so far: its first request's, and the server and client time of the legs before this one. */
export interface ChainTimes {
  startMs: number;
  serverMs: number;
  clientMs: number;
}

/**
 * A request whose log gave no id (a summary line: `Processing message: … type=request method=tools/list`): answered by
 * the first answer of its method that names no id either, the oldest first (test/fixtures/hosts/fastmcp/SOURCES.md);
 * an answer that names no method (only an id no request in the log had: mcp-remote's one-word `[Remote→Local] 1`)
 * takes the oldest of its sender's, of any method, without pairing: it is no orphan.
 */
export interface UnnumberedRequest {
  seq: number;
  dir: Direction;
  method: string;
  tsMs: number | null;
  tsKind: TimeKind | null;
  capability: CapabilityRef | null;
}

/**
 * Key by sender and exact id: `1` and `"1"` differ, and a client request 0 and a server request 0
 * are different requests (basic/index.mdx §Requests: ids are unique per requestor and session).
 */
export function pendingKey(dir: Direction, id: string | number): string {
  return (typeof id === 'number' ? `${dir}#n` : `${dir}#s`) + id;
}

export class PendingTable {
  private readonly open = new Map<string, PendingRequest>();
  private readonly oldest = new OldestFirst(this.open);
  /** Task-augmented requests in the order they were sent, some no longer open (see `newestTask`). */
  private tasks: PendingRequest[] | null = null;
  /** Unnumbered requests by sender and method, oldest first; `unnumberedCount` of them in all. */
  private unnumbered: Map<string, UnnumberedRequest[]> | null = null;
  private unnumberedCount = 0;

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.open.size;
  }

  get(dir: Direction, id: string | number): PendingRequest | undefined {
    return this.open.get(pendingKey(dir, id));
  }

  /** Adds a request; returns the entry it displaced (same key) and the oldest entry evicted by the bound. */
  add(p: PendingRequest): { replaced?: PendingRequest; evicted?: PendingRequest } {
    const key = pendingKey(p.dir, p.id);
    const replaced = this.open.get(key);
    if (replaced) this.open.delete(key);
    let evicted: PendingRequest | undefined;
    if (this.open.size >= this.limit) evicted = this.oldest.evict()?.[1];
    this.open.set(key, p);
    if (p.task) {
      const tasks = (this.tasks ??= []);
      tasks.push(p);
      // Answered ones are dropped lazily; keep the list within a small multiple of what is open.
      if (tasks.length > 64 && tasks.length > 2 * this.open.size) this.tasks = tasks.filter((t) => this.isOpen(t));
    }
    return { replaced, evicted };
  }

  take(dir: Direction, id: string | number): PendingRequest | undefined {
    const key = pendingKey(dir, id);
    const p = this.open.get(key);
    if (p) this.open.delete(key);
    return p;
  }

  /** Adds a request the log gave no id for; past the bound the oldest such request is forgotten. */
  addUnnumbered(p: UnnumberedRequest): void {
    const all = (this.unnumbered ??= new Map());
    if (this.unnumberedCount >= this.limit) {
      let oldest: UnnumberedRequest[] | undefined;
      for (const q of all.values()) if (oldest === undefined || q[0]!.seq < oldest[0]!.seq) oldest = q;
      this.takeFrom(oldest!, all);
    }
    const key = `${p.dir} ${p.method}`;
    const q = all.get(key);
    if (q === undefined) all.set(key, [p]);
    else q.push(p);
    this.unnumberedCount++;
  }

  /** The oldest open request of `method` sent in `dir` that had no id, taken out; undefined when there is none. */
  takeUnnumbered(dir: Direction, method: string): UnnumberedRequest | undefined {
    const q = this.unnumbered?.get(`${dir} ${method}`);
    return q === undefined ? undefined : this.takeFrom(q, this.unnumbered!);
  }

  /** The oldest open request sent in `dir` that had no id, whatever its method, taken out; undefined when there is none. */
  takeAnyUnnumbered(dir: Direction): UnnumberedRequest | undefined {
    let oldest: UnnumberedRequest[] | undefined;
    for (const q of this.unnumbered?.values() ?? [])
      if (q[0]!.dir === dir && (oldest === undefined || q[0]!.seq < oldest[0]!.seq)) oldest = q;
    return oldest === undefined ? undefined : this.takeFrom(oldest, this.unnumbered!);
  }

  private takeFrom(q: UnnumberedRequest[], all: Map<string, UnnumberedRequest[]>): UnnumberedRequest {
    const p = q.shift()!;
    if (q.length === 0) all.delete(`${p.dir} ${p.method}`);
    this.unnumberedCount--;
    return p;
  }

  /**
   * The newest task-augmented request still open, in amortised O(1): a raw log's task messages are placed by it, and
   * a scan of every open request per message would make a log of many open requests quadratic.
   */
  newestTask(): PendingRequest | undefined {
    const tasks = this.tasks;
    if (tasks === null) return undefined;
    while (tasks.length > 0) {
      const p = tasks[tasks.length - 1];
      if (this.isOpen(p)) return p;
      tasks.pop();
    }
    return undefined;
  }

  private isOpen(p: PendingRequest): boolean {
    return this.open.get(pendingKey(p.dir, p.id)) === p;
  }

  /** Removes every entry and returns them, oldest first (a session that has ended). */
  drain(): PendingRequest[] {
    const all = [...this.open.values()];
    this.open.clear();
    this.unnumbered = null;
    this.unnumberedCount = 0;
    return all;
  }

  values(): IterableIterator<PendingRequest> {
    return this.open.values();
  }
}
