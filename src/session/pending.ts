// Open requests of one session, keyed by sender direction and the exact id, with a bound on their number.
import type { CapabilityRef, Direction } from '../types.js';

export interface PendingRequest {
  seq: number;
  source: string;
  dir: Direction;
  id: string | number;
  method: string;
  tsMs: number | null;
  cancelled: boolean;
  capability: CapabilityRef | null;
  progressToken: string | number | null;
  /** The request message as parsed (rules read its params). */
  message: unknown;
  /** Task-augmented (`params.task`): its receiver may answer with a task and report its status later. */
  task: boolean;
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
    if (this.open.size >= this.limit) {
      const oldest = this.open.keys().next();
      if (!oldest.done) {
        evicted = this.open.get(oldest.value);
        this.open.delete(oldest.value);
      }
    }
    this.open.set(key, p);
    return { replaced, evicted };
  }

  take(dir: Direction, id: string | number): PendingRequest | undefined {
    const key = pendingKey(dir, id);
    const p = this.open.get(key);
    if (p) this.open.delete(key);
    return p;
  }

  values(): IterableIterator<PendingRequest> {
    return this.open.values();
  }
}
