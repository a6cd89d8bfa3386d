// One request's story: the records of a session that belong to one request, in order, each with its place in the
// story and its timing — the request, its MRTR legs, progress, log messages and cancellation, the tasks it created and
// their polls, the requests the other side made while it ran, its answer, with the findings and marks on each. Pure:
// annotated records in, a story out (the `story` command, the audit report's stories, an explorer's story pane).
import { clockTextMs } from '../input/shared/time.js';
import {
  CANCELLED_METHOD,
  INPUT_REQUIRED_RESULT,
  LOG_METHOD,
  PROGRESS_METHOD,
  RELATED_TASK_META,
  TASK_END_METHODS,
  TASK_REQUEST_METHODS,
  TASK_STATUS_METHOD,
} from '../protocol/story.js';
import type { AnnotatedRecord, Direction, Kind } from '../types.js';

/**
 * What a step is in its request's story:
 * - `request`: the request; `retry`: a later leg of a multi round-trip request (2026-07-28 MRTR, or the request sent
 *   again after -32022); `input-required`: an answer that asked for input and a retry; `answer`: the answer that ends
 *   the request (a result or an error);
 * - `progress`: a progress notification for one of its tokens; `log`: a log message (`notifications/message`) the
 *   server sent while it ran, or one related to its task; `cancel`: a cancellation of it by its sender;
 * - `task-status`: a status notification of a task it created; `task-request` / `task-answer`: `tasks/get`,
 *   `tasks/result`, `tasks/cancel` about that task, and their answers;
 * - `peer-request` / `peer-answer`: a request the other side sent while it ran (sampling, elicitation, roots …), or
 *   one related to its task, and that request's answer;
 * - `stream`: a notification of its subscription stream (2026-07-28 `subscriptions/listen`: the acknowledgement, the
 *   notifications tagged with it, the server's `notifications/cancelled` that ends it on stdio);
 * - `mark`: a transport event or a line of the log (not a message) that shows a failure while it ran: the server's
 *   exit, a timeout the host logged, stdout pollution (its `marks`, src/diagnose/marks.ts).
 */
export type StepRole =
  | 'request'
  | 'retry'
  | 'input-required'
  | 'answer'
  | 'progress'
  | 'log'
  | 'cancel'
  | 'task-status'
  | 'task-request'
  | 'task-answer'
  | 'peer-request'
  | 'peer-answer'
  | 'stream'
  | 'mark';

/** One record of a story. */
export interface StoryStep {
  role: StepRole;
  /** The record itself (its message, findings and marks: `record.findings`, `record.marks`). */
  record: AnnotatedRecord;
  /** Milliseconds from the request to this record; null when either has no time. */
  atMs: number | null;
  /** Milliseconds from the previous step; null for the request and when either has no time. */
  gapMs: number | null;
  /**
   * The round of a leg's request or answer when the request took more than one (1 for the first request and its
   * answer, 2 for the first retry …); absent elsewhere.
   */
  round?: number;
}

/**
 * How the request ended: `ok` (answered with a result), `tool-error` (a result with `isError: true`), `error` (a
 * JSON-RPC error), `cancelled` (its sender cancelled it and no answer came), `unanswered` (no answer in the log), or
 * `input-required` (its last leg asked for input and no retry came).
 */
export type StoryOutcome = 'ok' | 'tool-error' | 'error' | 'cancelled' | 'unanswered' | 'input-required';

/** A request's story: `storyOf`'s answer. */
export interface Story {
  session: string;
  /** The request (the first leg of a multi round-trip request). */
  request: AnnotatedRecord;
  outcome: StoryOutcome;
  /** The answer that ended the request (the last leg's), null when none came. */
  answer: AnnotatedRecord | null;
  /**
   * From the request to its end: its answer, or the answer of its task's `tasks/result` when it created a task, or
   * its cancellation; null when the log has no times or the request never ended.
   */
  durationMs: number | null;
  /** Legs of a multi round-trip request (1 for a plain request). */
  rounds: number;
  /** Progress tokens the request's legs carried. */
  progressTokens: (string | number)[];
  /** Ids of the tasks it created (`CreateTaskResult`), its own and those of the requests the other side made for it. */
  tasks: string[];
  /** Every record of the story in log order, the request first. */
  steps: StoryStep[];
  /** Steps left out past a tracker's `maxSteps` (the audit report's bound); absent when none were. */
  omitted?: number;
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const params = (r: AnnotatedRecord) => obj(obj(r.message)?.params);
const result = (r: AnnotatedRecord) => obj(obj(r.message)?.result);

/** A JSON-RPC id as a key: `5` and `"5"` are different ids. */
const idKey = (id: unknown): string | null =>
  typeof id === 'number' ? `n${id}` : typeof id === 'string' ? `s${id}` : null;

/** A record's time in ms: the pipeline's (`wire.tsMs`), else its `ts` read as an ISO time or a clock time. */
function recordMs(r: AnnotatedRecord): number | null {
  const wire = (r as { wire?: { tsMs?: number | null } }).wire;
  if (wire?.tsMs !== undefined) return wire.tsMs;
  if (r.ts === null) return null;
  const iso = Date.parse(r.ts);
  return Number.isNaN(iso) ? clockTextMs(r.ts) : iso;
}

/** The task a message relates to (`_meta` related-task), from its params or its result. */
function relatedTask(r: AnnotatedRecord): string | null {
  const meta = obj(params(r)?._meta) ?? obj(result(r)?._meta);
  const id = obj(meta?.[RELATED_TASK_META])?.taskId;
  return typeof id === 'string' ? id : null;
}

/** The task a `CreateTaskResult` created. */
function createdTask(r: AnnotatedRecord): string | null {
  const id = obj(result(r)?.task)?.taskId;
  return r.kind === 'response' && typeof id === 'string' ? id : null;
}

const isAnswer = (k: Kind) => k === 'response' || k === 'error';
const other = (d: Direction): Direction => (d === 'c2s' ? 's2c' : d === 's2c' ? 'c2s' : 'unknown');

/**
 * The request a record belongs to, as a record of the log points at it: a request is its own (the first leg of its
 * chain when it is a retry), an answer is its request's. Null for other records (a notification: see `storyOf` of
 * the requests before it).
 */
export function requestSeqOf(r: AnnotatedRecord): number | null {
  if (r.kind === 'request') return r.chain?.first ?? r.seq;
  if (isAnswer(r.kind)) return r.chain?.first ?? r.pair;
  return null;
}

/**
 * The story of the request recorded at `seq` (a retry's `seq` tells its chain's first request) among `records` — one
 * session's, or a whole log's in seq order; only the request's session is read. Null when no request has that seq.
 *
 * What belongs to a request, by what the messages say first and by time where they say nothing:
 * - by id: its answers (`pair`), its legs (`chain.first`), a cancellation by its sender naming a leg's id before the
 *   id is used again;
 * - by token: progress notifications for a leg's `_meta.progressToken`;
 * - by task: the tasks its answers created (`result.task.taskId`), their status notifications, `tasks/*` requests and
 *   answers, and any message whose `_meta` relates it to one of them;
 * - by time (the protocol does not say which request they serve): log messages and requests from the other side sent
 *   after the request and before it ended (its answer, its task's result, its cancellation), with their answers, and
 *   the failures the diagnosis marked on the log's other records meanwhile (records with `marks`: annotate's, the
 *   `story` command's).
 */
export function storyOf(records: readonly AnnotatedRecord[], seq: number): Story | null {
  let at = records.findIndex((r) => r.seq === seq);
  if (at < 0) return null;
  const first = records[at]!.chain?.first;
  if (records[at]!.kind === 'request' && first !== undefined && first !== seq)
    at = records.findIndex((r) => r.seq === first);
  const request = records[at];
  if (request === undefined || request.kind !== 'request') return null;
  const t = new StoryTracker(request);
  for (let i = at + 1; i < records.length; i++) t.offer(records[i]!);
  return t.story();
}

/** Task notifications held back until an answer names their task (a status may come before its CreateTaskResult). */
const HELD_LIMIT = 256;

/**
 * One request's story, told as the log is read: `offer` each later record of the log in order (of any session), ask
 * for the `story` at any time. `storyOf` over records in memory; the audit report over a stream, in bounded memory
 * (`maxSteps`: the steps kept, the rest counted in `omitted`).
 */
export class StoryTracker {
  private readonly session: string;
  private readonly from: Direction;
  private readonly steps: { role: StepRole; record: AnnotatedRecord; round?: number }[] = [];
  /** Requests of the story by seq, and the role of their answers. */
  private readonly answerRole = new Map<number, StepRole>();
  private readonly rounds = new Map<number, number>();
  private readonly ids = new Set<string>();
  private readonly tokens = new Map<string, string | number>();
  private readonly tasks = new Set<string>();
  private readonly held: AnnotatedRecord[] = [];
  private readonly hasTask: boolean;
  private lastLeg: AnnotatedRecord;
  private answer: AnnotatedRecord | null = null;
  private ended: AnnotatedRecord | null = null;
  private cancelled: AnnotatedRecord | null = null;
  private omitted = 0;
  /** The request has not ended: what the protocol does not tie to it is taken by time. */
  open = true;

  constructor(
    readonly request: AnnotatedRecord,
    private readonly maxSteps = Infinity,
  ) {
    this.session = request.session;
    this.from = request.dir;
    this.lastLeg = request;
    this.hasTask = obj(params(request)?.task) !== null;
    this.leg(request, 'request', 1);
  }

  private take(r: AnnotatedRecord, role: StepRole, round?: number): true {
    if (this.steps.length >= this.maxSteps) this.omitted++;
    else this.steps.push(round === undefined ? { role, record: r } : { role, record: r, round });
    return true;
  }

  private leg(r: AnnotatedRecord, role: StepRole, round: number): void {
    this.take(r, role, round);
    this.rounds.set(r.seq, round);
    this.answerRole.set(r.seq, 'answer');
    const k = idKey(r.id);
    if (k !== null) this.ids.add(k);
    const t = obj(params(r)?._meta)?.progressToken;
    if (typeof t === 'string' || typeof t === 'number') this.tokens.set(idKey(t)!, t);
  }

  private learnTask(id: string): void {
    if (this.tasks.has(id)) return;
    this.tasks.add(id);
    for (let i = 0; i < this.held.length; i++) {
      const h = this.held[i]!;
      if (taskOf(h) !== id) continue;
      this.take(h, h.method === LOG_METHOD ? 'log' : 'task-status');
      this.held.splice(i--, 1);
    }
  }

  /** A later record of the log: taken when it belongs to the story. */
  offer(r: AnnotatedRecord): boolean {
    if (r.session !== this.session || r.seq <= this.request.seq) return false;
    const p = params(r);
    if (r.kind === 'request' && r.chain?.first === this.request.seq) {
      this.leg(r, 'retry', r.chain.round);
      this.lastLeg = r;
      this.open = true;
      this.answer = null;
      this.ended = null;
      return true;
    }
    if (r.kind === 'notification' && r.chain?.first === this.request.seq) {
      if (r.method === CANCELLED_METHOD) {
        this.cancelled ??= r;
        this.open = false;
      }
      return this.take(r, 'stream');
    }
    if (isAnswer(r.kind) && r.pair !== null && this.answerRole.has(r.pair))
      return this.answered(r, this.answerRole.get(r.pair)!);
    if (r.kind === 'notification' && r.method === PROGRESS_METHOD) {
      const t = idKey(p?.progressToken);
      return t !== null && this.tokens.has(t) ? this.take(r, 'progress') : false;
    }
    if (r.kind === 'notification' && r.method === CANCELLED_METHOD) {
      const k = idKey(p?.requestId);
      if (k === null || !this.ids.has(k) || r.dir !== this.lastLeg.dir || this.answer !== null) return false;
      this.cancelled ??= r;
      this.open = false;
      return this.take(r, 'cancel');
    }
    const task = taskOf(r);
    if (task !== null && this.tasks.has(task)) {
      if (r.kind === 'request') {
        const role: StepRole = TASK_REQUEST_METHODS.has(r.method ?? '') ? 'task-request' : 'peer-request';
        this.answerRole.set(r.seq, role === 'task-request' ? 'task-answer' : 'peer-answer');
        return this.take(r, role);
      }
      return r.kind === 'notification' ? this.take(r, r.method === LOG_METHOD ? 'log' : 'task-status') : false;
    }
    // A request sent again under the same id by the same side: a new request, whatever it says of the old id.
    if (r.kind === 'request' && r.dir === this.from && !this.open && this.ids.has(idKey(r.id) ?? '')) this.ids.clear();
    if (!this.open) return false;
    if (task !== null && r.kind === 'notification') {
      if (this.held.length < HELD_LIMIT) this.held.push(r);
      return false;
    }
    if (r.marks !== undefined && (r.kind === 'event' || r.kind === 'log' || r.kind === 'invalid'))
      return this.take(r, 'mark');
    if (r.kind === 'notification' && r.method === LOG_METHOD && r.dir !== this.from) return this.take(r, 'log');
    if (r.kind === 'request' && r.dir === other(this.from) && this.from !== 'unknown') {
      this.answerRole.set(r.seq, 'peer-answer');
      return this.take(r, 'peer-request');
    }
    return false;
  }

  private answered(r: AnnotatedRecord, role: StepRole): true {
    const task = createdTask(r);
    if (task !== null) this.learnTask(task);
    if (role !== 'answer') {
      if (role === 'task-answer' && TASK_END_METHODS.has(r.method ?? '')) {
        this.open = false;
        this.ended ??= r;
      }
      return this.take(r, role);
    }
    const input = result(r)?.resultType === INPUT_REQUIRED_RESULT;
    if (r.pair === this.lastLeg.seq) {
      this.answer = r;
      // A task-augmented request goes on until its task's result; any other ends here (or waits for a retry).
      if (!(this.hasTask && task !== null)) {
        this.open = false;
        this.ended = r;
      }
    }
    return this.take(r, input ? 'input-required' : 'answer', this.rounds.get(r.pair!) ?? 1);
  }

  /** The story so far. */
  story(): Story {
    const start = recordMs(this.request);
    const rounds = this.lastLeg.chain?.round ?? 1;
    const ordered = [...this.steps].sort((a, b) => a.record.seq - b.record.seq);
    const steps: StoryStep[] = [];
    let previous: number | null = null;
    for (const { role, record, round } of ordered) {
      const ms = recordMs(record);
      const step: StoryStep = {
        role,
        record,
        atMs: ms !== null && start !== null ? ms - start : null,
        gapMs: steps.length > 0 && ms !== null && previous !== null ? ms - previous : null,
      };
      if (round !== undefined && rounds > 1) step.round = round;
      steps.push(step);
      previous = ms;
    }
    const end = this.ended ?? this.cancelled;
    const endMs = end === null ? null : recordMs(end);
    const s: Story = {
      session: this.session,
      request: this.request,
      outcome: outcomeOf(this.answer, this.cancelled),
      answer: this.answer,
      durationMs: endMs !== null && start !== null ? endMs - start : null,
      rounds,
      progressTokens: [...this.tokens.values()],
      tasks: [...this.tasks],
      steps,
    };
    if (this.omitted > 0) s.omitted = this.omitted;
    return s;
  }
}

/** The task a record is about: its `_meta` related-task, a status notification's or a `tasks/*` request's `taskId`. */
function taskOf(r: AnnotatedRecord): string | null {
  return (
    relatedTask(r) ??
    (r.method === TASK_STATUS_METHOD || TASK_REQUEST_METHODS.has(r.method ?? '') ? taskIdParam(params(r)) : null)
  );
}

function taskIdParam(p: Record<string, unknown> | null): string | null {
  return typeof p?.taskId === 'string' ? p.taskId : null;
}

function outcomeOf(answer: AnnotatedRecord | null, cancelled: AnnotatedRecord | null): StoryOutcome {
  if (answer === null) return cancelled !== null ? 'cancelled' : 'unanswered';
  if (answer.kind === 'error') return 'error';
  const res = result(answer);
  if (res?.resultType === INPUT_REQUIRED_RESULT) return 'input-required';
  return res?.isError === true ? 'tool-error' : 'ok';
}
