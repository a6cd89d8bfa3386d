// Replaying a script against a live server: each recorded client message in order, once the answers the recorded client
// had before it have come (or the timeout passed), at the recorded pace with --timing recorded; the server's requests
// answered as the recorded client answered the same; values the server issues (cursors, request states) followed. The
// requests get ids of their own (1, 2, 3 … as a new client numbers them), and a cancellation or a progress token that
// named a recorded request's id names its new one.
import { requestKey } from '../mock/request-key.js';
import { METHOD_NOT_FOUND } from '../mock/volatile.js';
import { ISSUED } from './issued.js';
import type { Id, ReplayScript } from './script.js';

type Msg = Record<string, unknown>;

/** A two-way message channel to the server (stdio through wrap, HTTP through proxy). */
export interface Channel {
  send(message: Msg): void;
  onMessage(handler: (message: Msg) => void): void;
  /** Resolves when the channel ends by itself (the server exited): no more answers will come. */
  readonly ended: Promise<void>;
}

interface DriveOptions {
  timing: 'none' | 'recorded';
  /** How long an answer the script waits for may take. */
  timeoutMs: number;
}

export interface DriveResult {
  sent: number;
  answers: number;
  /** Requests whose answer the recording had and the server did not give in time. */
  timedOut: Id[];
  /** Requests of the server's answered from the recording, and those the recording had no answer to. */
  serverRequests: number;
  unanswerable: string[];
}

export async function drive(script: ReplayScript, channel: Channel, opts: DriveOptions): Promise<DriveResult> {
  const result: DriveResult = { sent: 0, answers: 0, timedOut: [], serverRequests: 0, unanswerable: [] };
  const arrived = new Map<Id, Msg>();
  const waiters = new Map<Id, () => void>();
  const expected = new Map<Id, Msg | undefined>();
  const substitutes = new Map<string, unknown>();
  const repliesUsed = new Map<string, number>();
  let ended = false;
  void channel.ended.then(() => {
    ended = true;
    for (const w of waiters.values()) w();
  });
  channel.onMessage((m) => {
    const id = m.id;
    if (typeof m.method === 'string' && (typeof id === 'string' || typeof id === 'number'))
      return answerServer(m.method, id, m.params);
    if (typeof m.method === 'string' || (typeof id !== 'string' && typeof id !== 'number')) return;
    result.answers++;
    arrived.set(id, m);
    learn(expected.get(id), m);
    waiters.get(id)?.();
  });

  function answerServer(method: string, id: Id, params: unknown): void {
    result.serverRequests++;
    const key = requestKey(method, params);
    const list = script.replies.get(key);
    if (!list) {
      result.unanswerable.push(key);
      return channel.send({
        jsonrpc: '2.0',
        id,
        error: {
          code: METHOD_NOT_FOUND,
          message: `mcptrace replay: the recording holds no answer to ${method} like this one`,
        },
      });
    }
    const i = repliesUsed.get(key) ?? 0;
    repliesUsed.set(key, i + 1);
    channel.send({ ...list[Math.min(i, list.length - 1)]!, id });
  }

  /** The new answer's issued values stand in for the recorded answer's from now on. */
  function learn(recorded: Msg | undefined, now: Msg): void {
    const ra = recorded?.result as Msg | undefined;
    const na = now.result as Msg | undefined;
    if (!ra || !na) return;
    for (const { result: field } of ISSUED)
      if (ra[field] !== undefined && na[field] !== undefined) substitutes.set(JSON.stringify(ra[field]), na[field]);
  }

  const ids = new Map<Id, Id>();
  let nextId = 1;
  /** The new id of the recorded request `id` (given when it is sent). */
  const idOf = (recorded: Id): Id => {
    let v = ids.get(recorded);
    if (v === undefined) ids.set(recorded, (v = nextId++));
    return v;
  };

  /** Waits for the answer to the recorded request `id` (its new id's); a timeout is noted by the recorded id. */
  async function answerOf(id: Id): Promise<void> {
    const key = idOf(id);
    if (arrived.has(key) || ended) return;
    const got = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), opts.timeoutMs);
      waiters.set(key, () => {
        clearTimeout(timer);
        resolve(arrived.has(key));
      });
    });
    waiters.delete(key);
    if (!got) result.timedOut.push(id);
  }

  const start = Date.now();
  for (const step of script.steps) {
    for (const id of step.after) await answerOf(id);
    if (ended) break;
    if (opts.timing === 'recorded' && step.atMs !== null) {
      const wait = step.atMs - (Date.now() - start);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const message = renumbered(withIssued(step.message, substitutes), idOf, ids);
    const id = message.id;
    if (typeof id === 'string' || typeof id === 'number') expected.set(id, step.answer);
    channel.send(message);
    result.sent++;
  }
  // The answers still to come that the recording had.
  const timedOut = new Set<Id>(result.timedOut);
  for (const step of script.steps) {
    const id = step.message.id;
    if (
      !step.unanswered &&
      typeof step.message.method === 'string' &&
      (typeof id === 'string' || typeof id === 'number') &&
      !timedOut.has(id)
    )
      await answerOf(id);
  }
  return result;
}

/**
 * A request with its new id, and its progress token when that was its recorded id (as the SDKs make it); a
 * cancellation naming a recorded request, with that request's new id.
 */
function renumbered(message: Msg, idOf: (recorded: Id) => Id, known: ReadonlyMap<Id, Id>): Msg {
  const id = message.id;
  const params = message.params as Msg | undefined;
  if (typeof message.method === 'string' && (typeof id === 'string' || typeof id === 'number')) {
    const fresh = idOf(id);
    const meta = params?._meta as Msg | undefined;
    if (meta?.progressToken === id)
      return { ...message, id: fresh, params: { ...params, _meta: { ...meta, progressToken: fresh } } };
    return { ...message, id: fresh };
  }
  const of = params?.requestId;
  if (
    message.method === 'notifications/cancelled' &&
    (typeof of === 'string' || typeof of === 'number') &&
    known.has(of)
  ) {
    return { ...message, params: { ...params, requestId: known.get(of) } };
  }
  return message;
}

/** The message with the recorded issued values in its params replaced by the new server's. */
function withIssued(message: Msg, substitutes: ReadonlyMap<string, unknown>): Msg {
  const params = message.params as Msg | undefined;
  if (!params || substitutes.size === 0) return message;
  let changed: Msg | null = null;
  for (const { params: field } of ISSUED) {
    if (params[field] === undefined) continue;
    const key = JSON.stringify(params[field]);
    if (!substitutes.has(key)) continue;
    changed ??= { ...params };
    changed[field] = substitutes.get(key);
  }
  return changed === null ? message : { ...message, params: changed };
}
