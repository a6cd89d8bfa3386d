// One request's story: the records of a session that belong to one request, in order, each with its place in the
// story and its timing — the request, its MRTR legs, progress, log messages and cancellation, the tasks it created and
// their polls, the requests the other side made while it ran, its answer, with the findings and marks on each. Pure:
// annotated records in, a story out (the `story` command, the audit report's stories, an explorer's story pane).
import { clockTextMs } from '../input/time.js';
import {
  CANCELLED_METHOD, INPUT_REQUIRED_RESULT, LOG_METHOD, PROGRESS_METHOD, RELATED_TASK_META, TASK_END_METHODS,
  TASK_REQUEST_METHODS, TASK_STATUS_METHOD,
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
  | 'request' | 'retry' | 'input-required' | 'answer'
  | 'progress' | 'log' | 'cancel'
  | 'task-status' | 'task-request' | 'task-answer'
  | 'peer-request' | 'peer-answer'
  | 'stream' | 'mark';

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
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const params = (r: AnnotatedRecord) => obj(obj(r.message)?.params);
const result = (r: AnnotatedRecord) => obj(obj(r.message)?.result);

/** A JSON-RPC id as a key: `5` and `"5"` are different ids. */
const idKey = (id: unknown): string | null => (typeof id === 'number' ? `n${id}` : typeof id === 'string' ? `s${id}` : null);

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
  if (records[at]!.kind === 'request' && first !== undefined && first !== seq) at = records.findIndex((r) => r.seq === first);
  const request = records[at];
  if (request === undefined || request.kind !== 'request') return null;
  const session = request.session;
  const from = request.dir;
  const roles = new Map<number, StepRole>([[request.seq, 'request']]);
  const rounds = new Map<number, number>([[request.seq, 1]]);
  /** Requests of the story by seq: their answers belong to it too, in the matching role. */
  const answerRole = new Map<number, StepRole>([[request.seq, 'answer']]);
  const ids = new Set<string>();
  const firstId = idKey(request.id);
  if (firstId !== null) ids.add(firstId);
  const tokens = new Map<string, string | number>();
  const tasks = new Set<string>();
  const addToken = (r: AnnotatedRecord) => {
    const t = obj(params(r)?._meta)?.progressToken;
    if (typeof t === 'string' || typeof t === 'number') tokens.set(idKey(t)!, t);
  };
  addToken(request);
  const hasTask = obj(params(request)?.task) !== null;
  let open = true;
  let answer: AnnotatedRecord | null = null;
  let ended: AnnotatedRecord | null = null;
  let cancelled: AnnotatedRecord | null = null;
  let lastLeg = request;
  for (let i = at + 1; i < records.length; i++) {
    const r = records[i]!;
    if (r.session !== session) continue;
    const p = params(r);
    if (r.kind === 'request' && r.chain?.first === request.seq) {
      roles.set(r.seq, 'retry');
      rounds.set(r.seq, r.chain.round);
      answerRole.set(r.seq, 'answer');
      const k = idKey(r.id);
      if (k !== null) ids.add(k);
      addToken(r);
      lastLeg = r;
      open = true;
      answer = null;
      ended = null;
      continue;
    }
    if (r.kind === 'notification' && r.chain?.first === request.seq) {
      roles.set(r.seq, 'stream');
      if (r.method === CANCELLED_METHOD) {
        cancelled ??= r;
        open = false;
      }
      continue;
    }
    if (isAnswer(r.kind) && r.pair !== null && answerRole.has(r.pair)) {
      const role = answerRole.get(r.pair)!;
      const task = createdTask(r);
      if (task !== null) tasks.add(task);
      if (role === 'answer') {
        const input = result(r)?.resultType === INPUT_REQUIRED_RESULT;
        roles.set(r.seq, input ? 'input-required' : 'answer');
        rounds.set(r.seq, rounds.get(r.pair) ?? 1);
        if (r.pair === lastLeg.seq) {
          answer = r;
          // A task-augmented request goes on until its task's result; any other ends here (or waits for a retry).
          if (!(hasTask && task !== null)) {
            open = false;
            ended = r;
          }
        }
      } else {
        roles.set(r.seq, role);
        if (role === 'task-answer' && TASK_END_METHODS.has(r.method ?? '')) {
          open = false;
          ended ??= r;
        }
      }
      continue;
    }
    if (r.kind === 'notification') {
      if (r.method === PROGRESS_METHOD) {
        const t = idKey(p?.progressToken);
        if (t !== null && tokens.has(t)) roles.set(r.seq, 'progress');
        continue;
      }
      if (r.method === CANCELLED_METHOD) {
        const k = idKey(p?.requestId);
        if (k !== null && ids.has(k) && r.dir === lastLeg.dir && answer === null) {
          roles.set(r.seq, 'cancel');
          cancelled ??= r;
          open = false;
        }
        continue;
      }
    }
    const task = relatedTask(r) ?? (r.method === TASK_STATUS_METHOD || TASK_REQUEST_METHODS.has(r.method ?? '') ? taskIdParam(p) : null);
    if (task !== null && tasks.has(task)) {
      if (r.kind === 'request') {
        const role: StepRole = TASK_REQUEST_METHODS.has(r.method ?? '') ? 'task-request' : 'peer-request';
        roles.set(r.seq, role);
        answerRole.set(r.seq, role === 'task-request' ? 'task-answer' : 'peer-answer');
      } else if (r.kind === 'notification') roles.set(r.seq, r.method === LOG_METHOD ? 'log' : 'task-status');
      continue;
    }
    // A request sent again under the same id by the same side: a new request, whatever it says of the old id.
    if (r.kind === 'request' && r.dir === from && !open && ids.has(idKey(r.id) ?? '')) ids.clear();
    if (!open) continue;
    if (r.marks !== undefined && (r.kind === 'event' || r.kind === 'log' || r.kind === 'invalid')) roles.set(r.seq, 'mark');
    else if (r.kind === 'notification' && r.method === LOG_METHOD && r.dir !== from) roles.set(r.seq, 'log');
    else if (r.kind === 'request' && r.dir === other(from) && from !== 'unknown') {
      roles.set(r.seq, 'peer-request');
      answerRole.set(r.seq, 'peer-answer');
    }
  }
  // Task status notifications (and related messages) sent before the answer that names the task: a second look.
  if (tasks.size > 0) {
    for (let i = at + 1; i < records.length; i++) {
      const r = records[i]!;
      if (r.session !== session || roles.has(r.seq) || r.kind !== 'notification') continue;
      const task = relatedTask(r) ?? (r.method === TASK_STATUS_METHOD ? taskIdParam(params(r)) : null);
      if (task !== null && tasks.has(task)) roles.set(r.seq, r.method === LOG_METHOD ? 'log' : 'task-status');
    }
  }
  return assemble(records, at, request, roles, rounds, {
    answer, ended, cancelled, tokens: [...tokens.values()], tasks: [...tasks], rounds: lastLeg.chain?.round ?? 1,
  });
}

function taskIdParam(p: Record<string, unknown> | null): string | null {
  return typeof p?.taskId === 'string' ? p.taskId : null;
}

interface Ends {
  answer: AnnotatedRecord | null;
  ended: AnnotatedRecord | null;
  cancelled: AnnotatedRecord | null;
  tokens: (string | number)[];
  tasks: string[];
  rounds: number;
}

function outcomeOf(e: Ends): StoryOutcome {
  const a = e.answer;
  if (a === null) return e.cancelled !== null ? 'cancelled' : 'unanswered';
  if (a.kind === 'error') return 'error';
  const res = result(a);
  if (res?.resultType === INPUT_REQUIRED_RESULT) return 'input-required';
  return res?.isError === true ? 'tool-error' : 'ok';
}

function assemble(
  records: readonly AnnotatedRecord[], at: number, request: AnnotatedRecord, roles: Map<number, StepRole>, rounds: Map<number, number>, e: Ends,
): Story {
  const start = recordMs(request);
  const steps: StoryStep[] = [];
  let previous: number | null = null;
  for (let i = at; i < records.length; i++) {
    const r = records[i]!;
    const role = roles.get(r.seq);
    if (role === undefined || r.session !== request.session) continue;
    const ms = recordMs(r);
    const step: StoryStep = {
      role,
      record: r,
      atMs: ms !== null && start !== null ? ms - start : null,
      gapMs: steps.length > 0 && ms !== null && previous !== null ? ms - previous : null,
    };
    const round = rounds.get(r.seq);
    if (round !== undefined && e.rounds > 1) step.round = round;
    steps.push(step);
    previous = ms;
  }
  const end = e.ended ?? e.cancelled;
  const endMs = end === null ? null : recordMs(end);
  return {
    session: request.session,
    request,
    outcome: outcomeOf(e),
    answer: e.answer,
    durationMs: endMs !== null && start !== null ? endMs - start : null,
    rounds: e.rounds,
    progressTokens: e.tokens,
    tasks: e.tasks,
    steps,
  };
}
