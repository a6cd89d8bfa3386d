// What every cause needs to know of a session so far, kept once per session: handshake, host stops, the last
// exception and stderr errors, requests in flight. Bounded: lists are capped, requests are dropped when answered.
import type { PipelineRecord } from '../types.js';
import type { Signal } from './signals.js';
import type { Evidence } from './types.js';
import { flatCopy } from '../util/string.js';

/** Requests in flight tracked per session (past it, new ones are not tracked). */
const MAX_PENDING = 10_000;

interface PendingRequest {
  id: unknown;
  method: string;
  /** Where it is (`file:line`) and who sent it: what an unanswered request's evidence needs. */
  source: string;
  dir: PipelineRecord['dir'];
  /** Its sender cancelled it (`notifications/cancelled` naming its id): never answered is then no timeout. */
  cancelled: boolean;
  /** `tools/call`: the tool's name. */
  tool: string | null;
  /** The request used a capability the other side did not declare. */
  undeclared: boolean;
  tsMs: number | null;
}

export interface SessionFold {
  server: string | null;
  /** The first launch line (`start` event) of the session. */
  start: Evidence | null;
  firstTsMs: number | null;
  /** The handshake is done: an initialize answer, or a host line saying so. */
  ready: boolean;
  /** The client's `initialize` request, while it is not answered (and after). */
  initialize: (Evidence & { id: unknown; tsMs: number | null; answered: boolean }) | null;
  /** Seq of the first record where the host stopped the server or gave up on it (a stop, a timeout). */
  hostStop: number | null;
  lastException: Signal | null;
  stderrErrors: Signal[];
  lastHeader: Signal | null;
  /** The host named its own timeout setting. */
  timeoutHint: boolean;
  /** Seq of the first record that says the server could not be started (a `spawn` signal). */
  spawnAt: number | null;
  /** The client closed the server's stdin (a capture's `stdin-closed`): a signal after it is the host stopping a server that lingered. */
  stdinClosed: boolean;
  /** Answers (results) to operation requests. */
  okAnswers: number;
  /** Operation requests sent by the client. */
  requests: number;
  pending: Map<number, PendingRequest>;
}

export function newFold(): SessionFold {
  return {
    server: null,
    start: null,
    firstTsMs: null,
    ready: false,
    initialize: null,
    hostStop: null,
    lastException: null,
    stderrErrors: [],
    lastHeader: null,
    timeoutHint: false,
    spawnAt: null,
    stdinClosed: false,
    okAnswers: 0,
    requests: 0,
    pending: new Map(),
  };
}

/**
 * A record as evidence, its text copied: evidence lives as long as its session, and a text cut from a message (or a
 * message read out of a larger body) would otherwise keep the whole message (or body) alive with it.
 */
export function evidenceOf(r: PipelineRecord, text?: string): Evidence {
  return { seq: r.seq, source: r.source, text: flatCopy(text ?? messageText(r)) };
}

/** A record's own words, bounded: a message's wire text, a log's text, an event's text. */
function messageText(r: PipelineRecord): string {
  const t =
    r.kind === 'log'
      ? r.text
      : r.kind === 'event'
        ? ((r.event?.data?.text as string | undefined) ?? r.event?.name)
        : (r.wire.text ?? r.raw);
  const s = typeof t === 'string' ? t : (JSON.stringify(r.message) ?? '');
  return s.length > 1000 ? `${s.slice(0, 1000)}…` : s;
}

export function foldRecord(f: SessionFold, r: PipelineRecord, signals: readonly Signal[]): void {
  if (r.server && !f.server) f.server = r.server;
  if (f.firstTsMs === null && r.wire.tsMs !== null) f.firstTsMs = r.wire.tsMs;
  if (r.kind === 'event') {
    const name = r.event?.name;
    if (name === 'start' && !f.start) f.start = evidenceOf(r);
    // A launch after the host stopped the server: that stop, and the handshake before it, were the earlier process's
    // (a host's per-server log holds launch after launch); this one has yet to shake hands and has not been stopped.
    if (name === 'start' && f.hostStop !== null && f.hostStop < r.seq) {
      f.hostStop = null;
      f.stdinClosed = false;
      f.ready = false;
    }
    if (name === 'shutdown' && f.hostStop === null) f.hostStop = r.seq;
    if (name === 'stdin-closed') f.stdinClosed = true;
  }
  if (r.kind === 'request' && r.dir !== 's2c' && r.method === 'initialize') {
    f.initialize = { ...evidenceOf(r), id: r.id, tsMs: r.wire.tsMs, answered: false };
  } else if (r.kind === 'request' && r.id !== null && f.pending.size < MAX_PENDING) {
    const params = (r.message as { params?: { name?: unknown } } | null)?.params;
    const undeclared = r.findings.some((x) => x.rule === 'capability-not-negotiated');
    f.pending.set(r.seq, {
      id: r.id,
      method: r.method ?? '?',
      source: r.source,
      dir: r.dir,
      cancelled: false,
      tool: typeof params?.name === 'string' ? params.name : null,
      undeclared,
      tsMs: r.wire.tsMs,
    });
    if (r.dir !== 's2c') f.requests++;
  }
  if ((r.kind === 'response' || r.kind === 'error') && r.method === 'initialize') {
    f.ready = true;
    if (f.initialize) f.initialize.answered = true;
  } else if (r.kind === 'response') f.okAnswers++;
  for (const s of signals) {
    if (s.kind === 'ready') f.ready = true;
    else if ((s.kind === 'host-stop' || s.kind === 'timeout') && f.hostStop === null) f.hostStop = s.seq;
    else if (s.kind === 'exception') f.lastException = s;
    else if (s.kind === 'stderr-error') {
      f.stderrErrors.push(s);
      if (f.stderrErrors.length > 3) f.stderrErrors.shift();
    } else if (s.kind === 'failure-header') f.lastHeader = s;
    else if (s.kind === 'timeout-hint') f.timeoutHint = true;
    else if (s.kind === 'spawn') f.spawnAt ??= s.seq;
  }
}

/**
 * Where the server's process or transport ended, as a `closed` signal: a line that says so (`Server transport closed
 * unexpectedly`, `exited with code 127`), or an exit event with a non-zero code (its code kept) or a signal the host did not send.
 */
export function exitOf(r: PipelineRecord, signals: readonly Signal[], f: Readonly<SessionFold>): Signal | undefined {
  const said = signals.find((s) => s.kind === 'closed');
  if (said) return said;
  if (r.kind !== 'event' || r.event?.name !== 'exit') return undefined;
  const data = r.event.data;
  if (typeof data?.code === 'number') {
    return data.code === 0
      ? undefined
      : { kind: 'closed', seq: r.seq, source: r.source, text: `exit code ${String(data.code)}`, code: data.code };
  }
  // A signal after the client closed the server's stdin is the host (or wrap, for it) stopping a server that lingered.
  if (typeof data?.signal !== 'string' || f.stdinClosed) return undefined;
  return { kind: 'closed', seq: r.seq, source: r.source, text: `killed by ${data.signal}` };
}

/**
 * The end at `seq` left the host without its server: the host had not stopped it or given up on it first, and the
 * handshake was not done, requests were open, or the server had just thrown (an idle session whose transport closed
 * after its work is no failure). `open`: the operation requests still open.
 */
export function exitedUnderHost(f: Readonly<SessionFold>, seq: number): { open: number } | null {
  if (f.hostStop !== null && f.hostStop < seq) return null;
  let open = 0;
  for (const p of f.pending.values()) if (p.method !== 'initialize') open++;
  if (f.ready && open === 0 && !f.lastException) return null;
  return { open };
}

/** Forgets an answered request, and marks a cancelled one (after the causes have seen the record). */
export function settle(f: SessionFold, r: PipelineRecord): void {
  if ((r.kind === 'response' || r.kind === 'error') && r.pair !== null) f.pending.delete(r.pair);
  if (r.kind === 'notification' && r.method === 'notifications/cancelled') {
    const id = (r.message as { params?: { requestId?: unknown } } | null)?.params?.requestId;
    for (const p of f.pending.values()) if (p.id === id && p.dir === r.dir) p.cancelled = true;
  }
}

export function fromSignal(s: Signal): Evidence {
  return { seq: s.seq, source: s.source, text: s.text };
}
