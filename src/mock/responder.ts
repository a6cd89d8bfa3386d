// The mock's answers: each message a caller sends gets the steps the recording holds after the same message — the
// recorded answer with the caller's id, progress with the caller's token, the notifications and requests the server
// sent with it — in recorded order; repeated requests take the recorded answers in turn, the last one again once they
// are used up. Pure: the transports (stdio.ts, http.ts) deliver what it returns.
import { nearest } from './nearest.js';
import { progressTokenOf } from './progress-token.js';
import type { Recording, Step, Trigger } from './recording.js';
import { requestKey } from './request-key.js';
import { INVALID_REQUEST, METHOD_NOT_FOUND, PING_RESULT } from './volatile.js';

type Msg = Record<string, unknown>;
type Id = string | number;

/** A message to send: after `delayMs` (0 unless `--timing recorded`), for the caller's request `of` (null when none). */
export interface Outgoing {
  delayMs: number;
  message: Msg;
  of: Id | null;
  /** The answer of request `of`: the last thing its HTTP response carries. */
  answer?: true;
  /** A request of the server's, with this id: what follows waits for the caller's answer, as it did when recorded. */
  awaits?: Id;
}

interface Reply {
  out: Outgoing[];
  /** The recorded answer came over SSE: an HTTP transport answers with a stream. */
  sse: boolean;
  /** A `notifications/cancelled` for this id of the caller: what is still to be sent for it is dropped. */
  cancel?: Id;
  /** The caller answered the server's request with this id: what waited for it goes on. */
  replied?: Id;
}

interface ResponderOptions {
  /** The error code of the answer to a request the recording does not hold (default -32601, method not found). */
  unmatchedCode?: number;
  /** Answer a request the recording does not hold with the nearest recorded one of its method. */
  nearest?: boolean;
  /** `recorded`: each step after its recorded delay; `none` (default): at once. */
  timing?: 'recorded' | 'none';
}

/** A request the recording did not hold. */
interface Unmatched {
  method: string;
  params: unknown;
  /** Answered with the nearest recorded request's answer (`--nearest`), its `#N`. */
  nearest?: number;
}

export interface MockCounts {
  requests: number;
  matched: number;
  unmatched: Unmatched[];
  notifications: number;
  replies: number;
}

export class Responder {
  readonly counts: MockCounts = { requests: 0, matched: 0, unmatched: [], notifications: 0, replies: 0 };
  private readonly next = new Map<string, number>();

  constructor(
    private readonly recording: Recording,
    private readonly opts: ResponderOptions = {},
  ) {}

  /** What to send for one message the caller sent (a single message; a batch is its elements in turn). */
  receive(msg: unknown): Reply {
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) return this.invalid();
    const m = msg as Msg;
    const method = typeof m.method === 'string' ? m.method : null;
    const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
    if (method !== null && id !== null) return this.request(method, id, m.params);
    if (method !== null) {
      this.counts.notifications++;
      const reply = this.serve(this.take(this.recording.notifications, method, method), null, undefined);
      if (method === 'notifications/cancelled') {
        const of = (m.params as Msg | undefined)?.requestId;
        if (typeof of === 'string' || typeof of === 'number') reply.cancel = of;
      }
      return reply;
    }
    if (id !== null && ('result' in m || 'error' in m)) {
      this.counts.replies++;
      return { ...this.serve(this.recording.replies.get(JSON.stringify(id)), null, undefined), replied: id };
    }
    return this.invalid();
  }

  private request(method: string, id: Id, params: unknown): Reply {
    this.counts.requests++;
    const key = requestKey(method, params);
    let trigger = this.take(this.recording.requests, key, key);
    if (trigger) this.counts.matched++;
    else if (method === 'ping') {
      this.counts.matched++;
      return {
        out: [{ delayMs: 0, of: id, answer: true, message: { jsonrpc: '2.0', id, result: PING_RESULT } }],
        sse: false,
      };
    } else {
      const near = this.opts.nearest ? nearest(this.recording.byMethod.get(method) ?? [], params) : undefined;
      this.counts.unmatched.push(near ? { method, params, nearest: near.seq } : { method, params });
      trigger = near;
    }
    if (!trigger) {
      const code = this.opts.unmatchedCode ?? METHOD_NOT_FOUND;
      const message = {
        jsonrpc: '2.0',
        id,
        error: { code, message: `mcptrace mock: the recording holds no ${method} request like this one` },
      };
      return { out: [{ delayMs: 0, of: id, answer: true, message }], sse: false };
    }
    return this.serve(trigger, id, params);
  }

  /** The next recorded trigger of `key`: in recorded order, the last one again when all were used. */
  private take(map: Map<string, Trigger[]>, key: string, counter: string): Trigger | undefined {
    const list = map.get(key);
    if (!list) return undefined;
    const i = this.next.get(counter) ?? 0;
    this.next.set(counter, i + 1);
    return list[Math.min(i, list.length - 1)];
  }

  /** The trigger's steps for the caller's request `id` (null for a notification or an answer). */
  private serve(trigger: Trigger | undefined, id: Id | null, params: unknown): Reply {
    if (!trigger) return { out: [], sse: false };
    const token = progressTokenOf(params);
    const out: Outgoing[] = [];
    for (const step of trigger.steps) {
      const message = this.rewrite(step, id, token);
      if (message === null) continue;
      const o: Outgoing = { delayMs: this.opts.timing === 'recorded' ? (step.atMs ?? 0) : 0, message, of: id };
      if (step.answer) o.answer = true;
      const asks = step.message.id;
      if (
        !step.answer &&
        typeof step.message.method === 'string' &&
        (typeof asks === 'string' || typeof asks === 'number')
      )
        o.awaits = asks;
      out.push(o);
    }
    return { out, sse: trigger.sse };
  }

  /** The step's message as sent to this caller: its id on the answer, its token on progress (none: not sent). */
  private rewrite(step: Step, id: Id | null, token: Id | null): Msg | null {
    if (step.answer && id !== null) return { ...step.message, id };
    if (step.message.method === 'notifications/progress') {
      if (id !== null && token === null) return null; // the caller asked for no progress
      if (token === null) return step.message;
      return { ...step.message, params: { ...(step.message.params as Msg), progressToken: token } };
    }
    return step.message;
  }

  private invalid(): Reply {
    const error = { code: INVALID_REQUEST, message: 'mcptrace mock: not a JSON-RPC request, notification or answer' };
    return { out: [{ delayMs: 0, of: null, message: { jsonrpc: '2.0', id: null, error } }], sse: false };
  }
}
