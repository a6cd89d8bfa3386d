// What a mock serves: a recorded session read into what the server said after each thing the client did. Every message
// the client sent (a request, a notification, its answer to a server's request) is a trigger; every message the server
// sent is a step of one trigger: the answer of the request it answers, the progress of the request that asked for it
// (its token), anything else of the request still open last (a log message while a tool runs), else of the client's
// last message (the list_changed after `notifications/initialized`, the log after the client's answer to roots/list).
import type { AnnotatedRecord } from '../types.js';
import { progressTokenOf } from './progress-token.js';
import { requestKey } from './request-key.js';

/** One message the server sent, as recorded, and when: milliseconds after its trigger (null when the log has no times). */
export interface Step {
  atMs: number | null;
  message: Record<string, unknown>;
  /** The trigger's answer (its id is the caller's when served). */
  answer?: true;
}

/** Something the client did, and what the server did after it. */
export interface Trigger {
  /** The record's number in the recording (`#N`). */
  seq: number;
  method: string | null;
  /** The params as recorded (for `--nearest`). */
  params: unknown;
  steps: Step[];
  /** The recorded answer came over SSE (an HTTP capture's `text/event-stream`). */
  sse: boolean;
}

export interface Recording {
  /** Requests by key (request-key.ts), each key's in recorded order. */
  requests: Map<string, Trigger[]>;
  /** Requests by method, for the nearest match. */
  byMethod: Map<string, Trigger[]>;
  /** Client notifications by method, in recorded order. */
  notifications: Map<string, Trigger[]>;
  /** The client's answers to the server's requests, by the JSON of the id the server's request had. */
  replies: Map<string, Trigger>;
  /** Messages served from: every request, notification and answer kept. */
  messages: number;
  /** The revision the recording's sessions spoke (the first one known). */
  revision: string | null;
  /** Sessions read. */
  sessions: number;
}

/** A recorded message whose body is not what was sent: answering with it would be wrong. */
export interface Incomplete {
  /** Where it was read (`file:line`). */
  source: string;
  why: 'cut' | 'summary' | 'redacted' | 'unreadable';
}

type Msg = Record<string, unknown>;

/** Collects a recording from annotated records in order (`add` each, then `recording`). */
export class RecordingBuilder {
  private readonly r: Recording = {
    requests: new Map(),
    byMethod: new Map(),
    notifications: new Map(),
    replies: new Map(),
    messages: 0,
    revision: null,
    sessions: 0,
  };
  /** Requests of the client by seq, for the server's answers (their `pair`). */
  private readonly bySeq = new Map<number, Trigger>();
  /** Per session: requests not answered yet, newest last, and the client's last message. */
  private readonly open = new Map<string, Trigger[]>();
  private readonly last = new Map<string, Trigger>();
  private readonly tsOf = new Map<Trigger, number | null>();
  /** Per session: requests by progress token. */
  private readonly tokens = new Map<string, Map<string, Trigger>>();
  private readonly seen = new Set<string>();
  readonly incomplete: Incomplete[] = [];

  constructor(
    private readonly redacted: string,
    private readonly session?: string,
  ) {}

  add(rec: AnnotatedRecord & { wire?: { tsMs: number | null } }): void {
    if (this.session !== undefined && rec.session !== this.session) return;
    if (rec.kind === 'log' || rec.kind === 'event') return;
    const wherever = { source: rec.source };
    if (rec.truncated) return void this.incomplete.push({ ...wherever, why: 'cut' });
    if (rec.summary) return void this.incomplete.push({ ...wherever, why: 'summary' });
    if (rec.kind === 'invalid' || rec.message === null || typeof rec.message !== 'object')
      return void this.incomplete.push({ ...wherever, why: 'unreadable' });
    const msg = rec.message as Msg;
    if (JSON.stringify(msg).includes(this.redacted)) this.incomplete.push({ ...wherever, why: 'redacted' });
    if (!this.seen.has(rec.session)) {
      this.seen.add(rec.session);
      this.r.sessions++;
    }
    this.r.revision ??= rec.revision;
    this.r.messages++;
    const tsMs = rec.wire?.tsMs ?? null;
    if (rec.dir === 's2c') this.serverSent(rec, msg, tsMs);
    else this.clientSent(rec, msg, tsMs);
  }

  recording(): Recording {
    return this.r;
  }

  private clientSent(rec: AnnotatedRecord, msg: Msg, tsMs: number | null): void {
    const trigger: Trigger = { seq: rec.seq, method: rec.method, params: msg.params, steps: [], sse: false };
    this.tsOf.set(trigger, tsMs);
    if (rec.kind === 'request' && rec.method !== null) {
      push(this.r.requests, requestKey(rec.method, msg.params), trigger);
      push(this.r.byMethod, rec.method, trigger);
      this.bySeq.set(rec.seq, trigger);
      push(this.open, rec.session, trigger);
      const token = progressTokenOf(msg.params);
      if (token !== null) {
        let m = this.tokens.get(rec.session);
        if (!m) this.tokens.set(rec.session, (m = new Map()));
        m.set(String(token), trigger);
      }
    } else if (rec.kind === 'notification' && rec.method !== null) push(this.r.notifications, rec.method, trigger);
    else if (rec.id !== null) this.r.replies.set(JSON.stringify(rec.id), trigger);
    this.last.set(rec.session, trigger);
  }

  private serverSent(rec: AnnotatedRecord, msg: Msg, tsMs: number | null): void {
    let trigger: Trigger | undefined;
    let answer = false;
    if ((rec.kind === 'response' || rec.kind === 'error') && rec.pair !== null) {
      trigger = this.bySeq.get(rec.pair);
      if (trigger) {
        answer = true;
        const open = this.open.get(rec.session);
        // From the newest: an answer is most often to a recent request, and unanswered old ones pile up at the front.
        const i = open?.lastIndexOf(trigger) ?? -1;
        if (i >= 0) open!.splice(i, 1);
      }
    }
    if (!trigger && rec.method === 'notifications/progress') {
      const token = (msg.params as Msg | undefined)?.progressToken;
      if (typeof token === 'string' || typeof token === 'number')
        trigger = this.tokens.get(rec.session)?.get(String(token));
    }
    trigger ??= this.open.get(rec.session)?.at(-1) ?? this.last.get(rec.session);
    if (!trigger) return; // the server spoke before the client said anything: nothing to serve it after
    const since = this.tsOf.get(trigger) ?? null;
    const step: Step = { atMs: tsMs !== null && since !== null ? Math.max(0, tsMs - since) : null, message: msg };
    if (answer) {
      step.answer = true;
      if (rec.http?.contentType === 'text/event-stream') trigger.sse = true;
    }
    trigger.steps.push(step);
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
