// What a replay sends: the recorded client's side of one session, in order — each message with the answers the client
// had received before it sent it (it waits for the same answers now) and its recorded delay — and the client's answers
// to the server's requests, to give again when the server asks the same.
import { requestKey } from '../mock/request-key.js';
import type { AnnotatedRecord } from '../types.js';

type Msg = Record<string, unknown>;
export type Id = string | number;

interface ScriptStep {
  message: Msg;
  /** The ids of the client's requests whose answers had arrived before this was sent (and not before the step before). */
  after: Id[];
  /** Milliseconds after the session's first message, when the log has times. */
  atMs: number | null;
  /** A request recorded with no answer (the server hung, or the client cancelled): not waited for. */
  unanswered?: true;
  /** A request's recorded answer: the values the server issued in it (a cursor, a request state) map to the new ones. */
  answer?: Msg;
}

export interface ReplayScript {
  session: string | null;
  steps: ScriptStep[];
  /** The client's answers to the server's requests, by the server's request's key (method and params), in order. */
  replies: Map<string, Msg[]>;
}

/** Collects the script of one session (the first with a client message, or `session`) from records in order. */
export class ScriptBuilder {
  private readonly script: ReplayScript = { session: null, steps: [], replies: new Map() };
  private readonly answered: Id[] = [];
  private readonly asked = new Map<number, ScriptStep>();
  private readonly serverAsked = new Map<number, string>();
  private start: number | null = null;

  constructor(private readonly session?: string) {}

  add(r: AnnotatedRecord & { wire?: { tsMs: number | null } }): void {
    if (
      r.kind === 'log' ||
      r.kind === 'event' ||
      r.kind === 'invalid' ||
      r.message === null ||
      typeof r.message !== 'object'
    )
      return;
    if (
      this.session !== undefined
        ? r.session !== this.session
        : this.script.session !== null && r.session !== this.script.session
    )
      return;
    const msg = r.message as Msg;
    const ts = r.wire?.tsMs ?? null;
    if (r.dir === 's2c') {
      if (r.kind === 'request' && r.method !== null) this.serverAsked.set(r.seq, requestKey(r.method, msg.params));
      else if ((r.kind === 'response' || r.kind === 'error') && r.pair !== null) {
        const step = this.asked.get(r.pair);
        if (step) {
          delete step.unanswered;
          step.answer = msg;
          this.answered.push(msg.id as Id);
        }
      }
      return;
    }
    this.script.session ??= r.session;
    this.start ??= ts;
    if ((r.kind === 'response' || r.kind === 'error') && r.pair !== null) {
      const key = this.serverAsked.get(r.pair);
      if (key !== undefined) {
        const list = this.script.replies.get(key);
        if (list) list.push(msg);
        else this.script.replies.set(key, [msg]);
      }
      return;
    }
    const step: ScriptStep = {
      message: msg,
      after: this.answered.splice(0),
      atMs: ts !== null && this.start !== null ? ts - this.start : null,
    };
    if (r.kind === 'request') {
      step.unanswered = true;
      this.asked.set(r.seq, step);
    }
    this.script.steps.push(step);
  }

  build(): ReplayScript {
    return this.script;
  }
}
