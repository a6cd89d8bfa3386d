// The ids of responses a log gives only as a result body (Marker.result): .NET's client logs `Request response
// received for method tools/list. Response: '{"tools":[…]}'.`, the result alone; the id is on a line before it
// (`waiting for response to request '2' for method 'tools/list'.`, `transport received message with ID '2'.`), or in
// the request it answers (`sending method 'tools/list' request. Request: '{…,"id":2,…}'.`).
import type { Frame } from '../../types.js';
import { summaryFrame, valueFrame } from '../lines/frames.js';
import { contextOf, positionOf } from './held.js';
import type { Dialect } from './types.js';

type Id = string | number;

export class ResultIds {
  /** The id a `requestIds` line named last, and the method it named with it (undefined: none). */
  private named: { id: Id; method: string | undefined } | null = null;
  /** The id of the last request of each method the log read. */
  private readonly requests = new Map<string, Id>();

  /** The keeper a dialect needs: null when none of its markers gives a result alone. */
  static of(d: Dialect): ResultIds | null {
    return d.markers.some((m) => m.result === true) ? new ResultIds(d.requestIds ?? []) : null;
  }

  private constructor(private readonly lines: readonly RegExp[]) {}

  /** A host line's text: it may name the id of the request the next result answers. */
  line(text: string): void {
    for (const re of this.lines) {
      const g = re.exec(text)?.groups;
      if (g?.id === undefined) continue;
      const method = g.method;
      // The request as read gives the id's type; printed, `2` and `"2"` look the same.
      const read = method === undefined ? undefined : this.requests.get(method);
      this.named = {
        id: read !== undefined && String(read) === g.id ? read : /^-?\d+$/.test(g.id) ? Number(g.id) : g.id,
        method,
      };
      return;
    }
  }

  /** A message read: a request's id, for the result of its method that may follow. */
  seen(f: Frame): void {
    const v = f.value as { method?: unknown; id?: unknown } | null | undefined;
    if (v === null || typeof v !== 'object' || typeof v.method !== 'string') return;
    if (typeof v.id === 'string' || typeof v.id === 'number') this.requests.set(v.method, v.id);
  }

  /**
   * The response whose result `frame` holds, to a request of `method`: the id named last (for that method, when the
   * line named one), else the last request's of that method; with neither, a summary of a response to that method.
   * A body that is no JSON value (cut, or not JSON) is left as it is: decode reports it.
   */
  answer(frame: Frame, method: string | undefined): Frame {
    if (frame.value === undefined || method === undefined) return frame;
    const named =
      this.named !== null && (this.named.method === undefined || this.named.method === method)
        ? this.named.id
        : undefined;
    const id = named ?? this.requests.get(method);
    this.named = null;
    this.requests.delete(method);
    if (id === undefined)
      return summaryFrame(
        positionOf(frame),
        frame.text ?? JSON.stringify(frame.value),
        { kind: 'response', id: null, method },
        contextOf(frame),
      );
    return valueFrame(positionOf(frame), { jsonrpc: '2.0', id, result: frame.value }, contextOf(frame));
  }
}
