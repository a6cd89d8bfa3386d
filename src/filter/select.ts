// Which records a filter shows: those it matches, each with its pair (a request with its answer, an answer with its
// request), in the order read, without holding the log.
//
// A matching request is shown at once and its answer when it comes. An answer that matches needs its request, read
// before it: the requests not shown are held until their answer comes, at most `maxHeld` of them (the oldest is let
// go first, as the session stage lets go of a request open too long), so an answer whose request was let go is shown
// alone. A held request is shown just before its answer. The requests shown are remembered too (as many), so that
// an answer is read with its request (`tool == echo and latency > 1s`).
import type { PipelineRecord } from '../types.js';
import type { Predicate } from './evaluate.js';

export class PairSelector {
  /** Requests not shown, by seq, until their answer comes. */
  private readonly held = new Map<number, PipelineRecord>();
  /** Requests shown whose answer is still to come (the expression reads an answer's tool from its request). */
  private readonly awaited = new Map<number, PipelineRecord>();
  constructor(
    private readonly match: Predicate,
    private readonly maxHeld: number,
  ) {}

  /** The records to show for this one: none, itself, or its held request and itself. */
  push(r: PipelineRecord): PipelineRecord[] {
    const answer = (r.kind === 'response' || r.kind === 'error') && r.pair !== null ? r.pair : null;
    let held: PipelineRecord | undefined;
    let shown: PipelineRecord | undefined;
    if (answer !== null) {
      held = this.held.get(answer);
      shown = this.awaited.get(answer);
      this.held.delete(answer);
      this.awaited.delete(answer);
    }
    if (this.match(r, held ?? shown ?? null)) {
      if (r.kind === 'request') this.keep(this.awaited, r);
      return held ? [held, r] : [r];
    }
    if (shown) return [r];
    if (r.kind === 'request') this.keep(this.held, r);
    return [];
  }

  /** Remembers a request until its answer, letting the oldest go past maxHeld. */
  private keep(map: Map<number, PipelineRecord>, r: PipelineRecord): void {
    map.set(r.seq, r);
    if (map.size > this.maxHeld) map.delete(map.keys().next().value!);
  }
}
