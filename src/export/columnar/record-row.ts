// One annotated record with the values the flat columns derive from it: its time, its target, its message's JSON text.
import { recordMessageJson } from '../../output/ndjson.js';
import type { PipelineRecord } from '../../types.js';
import { sessionUid } from './run-id.js';
import { timeOf } from './time.js';

export interface RecordRow {
  r: PipelineRecord;
  /** The export run's id (`run_id`). */
  run: string;
  /** `ts` as UTC epoch milliseconds when it holds a date, else null. */
  time: number | null;
  /** What the request is about (tool or prompt name, resource URI); a response or error has its request's. */
  target: string | null;
  /** `run_id/session` (`session_uid`). */
  uid: string;
  /** The `message` field as `annotate -f ndjson` prints it (the wire text when it was one line). */
  message: string;
}

/** The params field that names a request's target, per method (the OpenTelemetry MCP conventions' `{target}`). */
const TARGET_PARAM: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'resources/subscribe': 'uri',
  'resources/unsubscribe': 'uri',
  'notifications/resources/updated': 'uri',
};

/** Targets of requests kept for their answers: a bound, so that requests never answered cannot fill memory. */
const MAX_REMEMBERED = 100_000;

/**
 * Makes `RecordRow`s in input order. Stateful only to give an answer its request's target: requests with a target
 * are remembered by `seq` until answered (at most `MAX_REMEMBERED`, oldest forgotten first).
 */
export class RecordRows {
  private readonly targets = new Map<number, string>();

  /** `run`: the export run's id (run-id.ts). */
  constructor(private readonly run: string) {}

  row(r: PipelineRecord): RecordRow {
    return {
      r,
      run: this.run,
      time: timeOf(r.ts, r.wire.tsMs),
      target: this.target(r),
      uid: this.uid(r.session),
      message: recordMessageJson(r),
    };
  }

  /** Session uids made once per session rather than once per record (bounded: a run may have any number of sessions). */
  private readonly uids = new Map<string, string>();

  private uid(session: string): string {
    let u = this.uids.get(session);
    if (u === undefined) {
      if (this.uids.size >= MAX_REMEMBERED) this.uids.clear();
      u = sessionUid(this.run, session);
      this.uids.set(session, u);
    }
    return u;
  }

  private target(r: PipelineRecord): string | null {
    if (r.kind === 'response' || r.kind === 'error') {
      if (r.pair === null) return null;
      const t = this.targets.get(r.pair);
      if (t !== undefined) this.targets.delete(r.pair);
      return t ?? null;
    }
    if (r.method === null || (r.kind !== 'request' && r.kind !== 'notification')) return null;
    const key = TARGET_PARAM[r.method];
    if (key === undefined) return null;
    const v = (r.message as { params?: Record<string, unknown> } | null)?.params?.[key];
    if (typeof v !== 'string') return null;
    if (r.kind === 'request') {
      if (this.targets.size >= MAX_REMEMBERED) this.targets.delete(this.targets.keys().next().value!);
      this.targets.set(r.seq, v);
    }
    return v;
  }
}
