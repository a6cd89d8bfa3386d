// The session state machine: assigns sessions, phases, directions, pairs responses and annotates capabilities.
import type { Decoded } from '../decode/decode.js';
import { timeKind } from '../input/shared/time.js';
import { methodInfo } from '../protocol/lookup.js';
import type { Direction, OpenRequest, PipelineRecord, Side } from '../types.js';
import { capabilityFor, modernCapabilityFor } from './capability.js';
import { chainOfRequest, chainOfTagged, legTimes, noteAnswer } from './chains.js';
import { eraOf, type MessageEra } from './era.js';
import { isDiscovery, readModernMeta } from './modern.js';
import { modernMethod } from '../protocol/modern.js';
import { STREAM_CLOSED_EVENT } from '../protocol/http-transport.js';
import { inferDir, paramsOf } from './direction.js';
import { CLOSE_EVENTS, CLOSED_CHANNELS, SESSION_EVENTS, START_EVENTS } from './events.js';
import { newFacts, type Facts } from './facts.js';
import { readInitializeRequest, readInitializeResult } from './handshake.js';
import { answerLogged, logs, noteLogged, requestLogged } from './not-logged.js';
import { countSender, isInitializeResult, serverSideResponse, settleOnlySide } from './one-side.js';
import { markOrphan } from './orphan.js';
import { NO_SESSION, staysOutside } from './outside.js';
import { DEFAULT_MAX_SESSIONS, LiveSessions } from './live-sessions.js';
import { pendingKey, type PendingRequest, type UnnumberedRequest } from './pending.js';
import { SessionState } from './state.js';
import { observeTaskStatus } from './tasks.js';
import { flatCopy } from '../util/string.js';

/** Counters shared by every input of one run, so seqs and session ordinals never collide. */
export class RunContext {
  seq = 0;
  ordinal = 0;
  /**
   * Put before the ordinal of unkeyed sessions (`1`, `2` …). A `--jobs` worker numbers its file's sessions from 1
   * under a prefix no log key can have, so that the coordinator can renumber them in the run's order.
   */
  ordinalPrefix = '';
  readonly sessions: SessionState[] = [];
  /** Latest session per key (keys from different inputs may repeat). */
  readonly byKey = new Map<string, SessionState>();
  /** Sessions that can still get records, across the inputs being read, bounded by `--max-sessions`. */
  readonly live: LiveSessions<Tracker>;
  constructor(
    readonly pendingLimit = 100_000,
    sessionLimit = DEFAULT_MAX_SESSIONS,
  ) {
    this.live = new LiveSessions(sessionLimit);
  }
}

export interface Tracked {
  record: PipelineRecord;
  facts: Facts;
  session: SessionState;
  /**
   * Sessions this record retired: the unkeyed session its new session replaced, or the least recently active session
   * its new session pushed out of the `--max-sessions` bound. They can get no more records (see `Tracker.retire`).
   */
  retired?: SessionState[];
}

const ROUTINE_BEFORE_INITIALIZED = new Set(['ping']);

export class Tracker {
  private current: SessionState | null = null;
  private readonly keyed = new Map<string, SessionState>();
  /** Requests left open by sessions that were replaced (they stay unanswered: a later answer is an orphan). */
  private readonly retiredOpen: OpenRequest[] = [];
  /** Sessions retired by the record being pushed. */
  private retired: SessionState[] | undefined;
  /** Sessions that new sessions of this input pushed out of the `--max-sessions` bound. */
  private evictions = 0;

  private sourceFile: string | null = null;
  private sourcePrefix = '';
  /** The reader that produces this input's frames (the record's `format`), once known. */
  format: string | null = null;
  /** MCP messages (requests, responses, errors, notifications) and log records of this input so far. */
  messages = 0;
  logs = 0;
  /** The side every ended session with messages held alone (`SessionInfo.onlySide`): undefined before the first. */
  private side: Side | null | undefined = undefined;
  /** What this input's records outside any session share (outside.ts): a state of their own, never a session. */
  private outside: SessionState | null = null;

  constructor(
    private readonly ctx: RunContext,
    private readonly file: string,
  ) {}

  push(d: Decoded): Tracked {
    const seq = ++this.ctx.seq;
    const facts = newFacts();
    if (d.problem) facts.problem = d.problem;
    if (d.idProblem) facts.idProblem = d.idProblem;
    this.retired = undefined;
    const s = this.sessionFor(d, seq, facts);
    this.ctx.live.touch(s);
    s.info.lastSeq = seq;
    const frame = d.frame;
    if (frame.server !== undefined) s.info.server = frame.server;
    if (frame.http !== undefined) s.info.transport ??= 'http';
    const isMessage = d.kind === 'request' || d.kind === 'response' || d.kind === 'error' || d.kind === 'notification';
    let dir: Direction = frame.dir;
    let dirInferred = false;
    if (dir === 'unknown' && isMessage) {
      dir = inferDir(d, s);
      // A response to no request in a log of one process's output: the server's (one-side.ts).
      if (dir === 'unknown' && serverSideResponse(d, s)) dir = 's2c';
      dirInferred = dir !== 'unknown';
    }
    // The era first: the answered request keeps the era it was sent under (era.ts).
    const answered =
      (d.kind === 'response' || d.kind === 'error') && d.id !== null ? s.pending.get(opposite(dir), d.id) : undefined;
    const era: MessageEra = isMessage ? eraOf(d, s, answered) : { era: s.era, revision: s.revision };
    const discovery = era.era === 'modern' && isDiscovery(d, answered?.method ?? d.method);
    if (d.kind !== 'log') this.enterPhase(d, s, dir, seq, facts, era, discovery);
    const record: PipelineRecord = {
      seq,
      source: this.sourceOf(frame.file, frame.line),
      session: s.info.key,
      ts: frame.ts,
      dir,
      dirInferred,
      kind: d.kind,
      id: d.id,
      method: d.method,
      primitive: null,
      feature: null,
      phase: s.phase,
      capability: null,
      pair: null,
      latencyMs: null,
      bytes: d.bytes,
      findings: [],
      server: frame.server ?? s.info.server,
      format: this.format,
      revision: era.revision,
      message: d.message,
      wire: {
        file: frame.file,
        line: frame.line,
        lines: frame.lines,
        tsMs: frame.tsMs,
        text: d.text,
        ...(frame.httpWire ? { http: frame.httpWire } : {}),
      },
    };
    // A session break opens its session: it is lifecycle traffic, whatever phase the messages after it are in. So is
    // what comes before the session's first message (a process or connection starting, a bridge's launch, a banner):
    // it belongs to initialization, though a session seen from its middle starts in operation (its first message says).
    if ((d.kind === 'event' && SESSION_EVENTS.has(frame.event?.name ?? '')) || beforeHandshake(d, s))
      record.phase = 'initialization';
    if (d.raw !== undefined) record.raw = d.raw;
    if (d.kind === 'event' && frame.event) record.event = frame.event;
    if (d.batch) record.batch = d.batch;
    if (frame.http !== undefined) record.http = frame.http;
    if (d.noBody !== undefined) record[d.noBody] = true;
    if (frame.context !== undefined) record.text = frame.context;
    if (d.kind === 'log') {
      // A line of the log that is no message: it belongs to the session and changes nothing in it.
      const log = frame.log!;
      record.level = log.level;
      record.text = log.text;
      record.lines = frame.lines;
      this.logs++;
      return { record, facts, session: s, retired: this.retired };
    }
    if (d.kind !== 'event') s.messages++;
    if (isMessage) {
      this.messages++;
      countSender(s, dir, frame.dir !== 'unknown');
      noteLogged(s, frame.notLogged, dir, d.kind);
    }

    if (d.kind === 'event' && frame.event?.name === STREAM_CLOSED_EVENT) streamClosed(s, frame.event.data);
    if (d.kind === 'request') this.onRequest(d, s, record, facts, era);
    else if (d.kind === 'notification') this.onNotification(d, s, record, facts, era);
    else if (d.kind === 'response' || d.kind === 'error') this.onResponse(d, s, record, facts);
    if (era.era === 'modern') this.modern(d, s, record, discovery);
    if (d.kind === 'notification' || d.kind === 'response') observeTaskStatus(s, record, facts);
    this.leavePhase(d, s);
    // One shape for every record (`retired` is nearly always undefined).
    return { record, facts, session: s, retired: this.retired };
  }

  /** The side this input's ended sessions held alone, when they all held one and the same (else null). */
  get onlySide(): Side | null {
    return this.side ?? null;
  }

  /** `file:line`, with `file:` made once per file (flat), so a record costs one short concatenation. */
  private sourceOf(file: string, line: number): string {
    if (file !== this.sourceFile) {
      this.sourceFile = file;
      this.sourcePrefix = flatCopy(`${file}:`);
    }
    return this.sourcePrefix + line;
  }

  /**
   * The input has ended: every session of it is retired (it can get no more records), so that a run over many inputs
   * keeps only the sessions of the inputs still being read. Returns the sessions retired; `finish()` still tells
   * what was left open.
   */
  close(): SessionState[] {
    const sessions = [
      ...new Set([
        ...this.keyed.values(),
        ...(this.current ? [this.current] : []),
        ...(this.outside ? [this.outside] : []),
      ]),
    ];
    for (const s of sessions) this.retire(s);
    return sessions;
  }

  /** Requests still open at end of input, per session in seq order. */
  finish(): OpenRequest[] {
    const open: OpenRequest[] = [...this.retiredOpen];
    const sessions = new Set([...this.keyed.values(), ...(this.current ? [this.current] : [])]);
    for (const s of sessions) {
      for (const p of s.pending.values()) if (answerLogged(s, p.dir)) open.push(toOpen(p, s.info.key));
    }
    return open.sort((a, b) => a.seq - b.seq);
  }

  private sessionFor(d: Decoded, seq: number, facts: Facts): SessionState {
    const isInitialize = d.kind === 'request' && d.method === 'initialize';
    const eventName = d.kind === 'event' ? (d.frame.event?.name ?? '') : '';
    // An empty session id names no session (NO_SESSION is the key of none).
    const key = d.frame.session === '' ? null : d.frame.session;
    if (key === null && this.current === null && staysOutside(d)) {
      return (this.outside ??= new SessionState(NO_SESSION, this.file, seq, 'initialization', this.ctx.pendingLimit));
    }
    let s: SessionState;
    if (key !== null) {
      const known = this.keyed.get(key);
      if (known) s = known;
      else {
        // Also a key whose session was retired by `--max-sessions`: it starts afresh, like a log that starts
        // mid-session (phase operation, handshake not seen).
        s = this.newSession(key, seq, facts);
        this.keyed.set(key, s);
        facts.newSession = 'key';
      }
    } else {
      const c = this.current;
      // A new `initialize` starts a new session unless the current one is empty, or is a process seen
      // starting (then the messages before it really came first: a lifecycle violation, not a new session).
      const why: Facts['newSession'] =
        c === null
          ? 'first'
          : SESSION_EVENTS.has(eventName)
            ? 'break'
            : START_EVENTS.has(eventName) && (c.messages > 0 || c.started)
              ? 'start'
              : isInitialize && (c.info.initializeSeen || (c.messages > c.probeMessages && !c.started))
                ? 'initialize'
                : undefined;
      if (why) {
        if (c !== null) {
          this.retire(c);
          (this.retired ??= []).push(c);
        }
        this.current = this.newSession(this.ctx.ordinalPrefix + String(++this.ctx.ordinal), seq, facts);
        facts.newSession = why;
        // A line outside any session that named the server (a host's `Initializing server...`) names this one's.
        if (this.outside !== null && this.outside.info.server !== null) {
          this.current.info.server = this.outside.info.server;
          this.outside.info.server = null;
        }
      }
      s = this.current as SessionState;
    }
    if (START_EVENTS.has(eventName) || SESSION_EVENTS.has(eventName)) s.started = true;
    // A dual-era client's `server/discover` probe and its answer do not count (basic/transports/stdio.mdx §Backward
    // Compatibility: the client SHOULD probe first, then fall back to `initialize`).
    if (isInitialize && s.messages - s.probeMessages > 0) facts.messagesBeforeInitialize = s.messages - s.probeMessages;
    return s;
  }

  /**
   * A session of this input that gets no more records — an unkeyed session replaced by a new one, the least recently
   * active session pushed out by `--max-sessions`, every session when the input ends: its open requests are moved to
   * the end-of-input list now (they would be lost with it otherwise) and its tables are emptied, so that memory does
   * not grow with the number of sessions in a long log (ARCHITECTURE.md principle 5). The rule engine drops its rule state too
   * (`Tracked.retired`). A later record with its key starts a new session.
   */
  private retire(s: SessionState): void {
    settleOnlySide(s);
    if (s.messages > 0) this.side = this.side === undefined || this.side === s.info.onlySide ? s.info.onlySide : null;
    // A request whose answer the log never holds is not unanswered (not-logged.ts).
    for (const p of s.pending.drain()) if (answerLogged(s, p.dir)) this.retiredOpen.push(toOpen(p, s.info.key));
    s.release();
    if (this.current === s) this.current = null;
    else if (this.keyed.get(s.info.key) === s) this.keyed.delete(s.info.key);
    this.ctx.live.remove(s);
  }

  /** A new live session; past `--max-sessions` the least recently active live session (of any input) is retired. */
  private newSession(key: string, seq: number, facts: Facts): SessionState {
    const s = new SessionState(key, this.file, seq, 'operation', this.ctx.pendingLimit);
    this.ctx.sessions.push(s);
    this.ctx.byKey.set(key, s);
    const out = this.ctx.live.add(s, this);
    if (out !== undefined) {
      out.owner.retire(out.session);
      (this.retired ??= []).push(out.session);
      facts.sessionEvicted = { limit: this.ctx.live.limit, lastSeq: out.session.info.lastSeq, nth: ++this.evictions };
    }
    return s;
  }

  /**
   * The session's transport closed both ways: it stays live among the recently closed sessions (see
   * `CLOSED_SESSIONS_KEPT`), and the one closed longest ago is retired, so that a long log of finished sessions does
   * not keep every one's open-request table and rule memories.
   */
  private closed(s: SessionState): void {
    const out = this.ctx.live.close(s);
    if (out === undefined) return;
    out.owner.retire(out.session);
    (this.retired ??= []).push(out.session);
  }

  /** Phase changes that apply to the record itself (basic/lifecycle.mdx: Initialization → Operation → Shutdown). */
  private enterPhase(
    d: Decoded,
    s: SessionState,
    dir: Direction,
    seq: number,
    facts: Facts,
    era: MessageEra,
    discovery: boolean,
  ): void {
    if (d.kind === 'event') {
      const name = d.frame.event?.name ?? '';
      if (START_EVENTS.has(name)) {
        s.phase = 'initialization';
        s.info.transport ??= 'stdio';
      } else if (CLOSE_EVENTS.has(name)) {
        s.phase = 'shutdown';
        if (CLOSED_CHANNELS.get(name) === 'both') this.closed(s);
      }
      return;
    }
    if (s.phase === 'shutdown') return;
    if (era.era === 'modern') {
      // No handshake (basic/versioning.mdx): a modern exchange operates from its first message; discovery traffic is
      // counted as initialization on its record only (`modern`), so the session's phase is operation.
      s.phase = 'operation';
      if (discovery) s.probeMessages++;
      return;
    }
    if (d.kind === 'request' && d.method === 'initialize') {
      s.phase = 'initialization';
      readInitializeRequest(s, d.message, seq);
    } else if (
      s.phase === 'initialization' &&
      s.info.negotiatedRevision !== null &&
      !s.info.initializedSeen &&
      d.kind === 'request' &&
      dir === 'c2s' &&
      !ROUTINE_BEFORE_INITIALIZED.has(d.method ?? '')
    ) {
      // The client went on without `notifications/initialized`: the session is operating anyway.
      s.phase = 'operation';
      facts.withoutInitialized = true;
    }
  }

  /** Phase changes that take effect after the record: `notifications/initialized` ends initialization. */
  private leavePhase(d: Decoded, s: SessionState): void {
    if (d.kind === 'notification' && d.method === 'notifications/initialized' && s.phase !== 'shutdown') {
      s.info.initializedSeen = true;
      s.phase = 'operation';
    }
  }

  private onRequest(d: Decoded, s: SessionState, r: PipelineRecord, facts: Facts, era: MessageEra): void {
    annotateMethod(r, d.method, era.era === 'modern');
    r.capability =
      era.era === 'modern'
        ? modernCapabilityFor(d.method as string, s)
        : capabilityFor(d.method as string, d.message, s, r.dir);
    if (d.id === null) {
      // A summary that gave no id: its answer names its method, or only an id the log never gave (pending.ts).
      if (d.noBody === 'summary')
        s.pending.addUnnumbered({
          seq: r.seq,
          dir: r.dir,
          method: d.method as string,
          tsMs: r.wire.tsMs,
          tsKind: timeKind(r.ts, r.wire.tsMs),
          capability: r.capability,
        });
      return;
    }
    if (typeof d.id === 'number') s.lastId[r.dir] = d.id;
    const meta = paramsOf(d.message)?._meta;
    const token =
      meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).progressToken : undefined;
    const p: PendingRequest = {
      seq: r.seq,
      source: r.source,
      dir: r.dir,
      id: d.id,
      method: d.method as string,
      tsMs: r.wire.tsMs,
      tsKind: timeKind(r.ts, r.wire.tsMs),
      cancelled: false,
      capability: r.capability,
      progressToken: typeof token === 'string' || typeof token === 'number' ? token : null,
      task: paramsOf(d.message)?.task != null,
      message: d.message,
      era: era.era,
      revision: era.revision,
      chain: null,
    };
    if (era.era === 'modern' && d.method !== null) {
      const { chain, continues } = chainOfRequest(d, s, r.seq);
      p.chain = r.chain = chain;
      p.chainTimes = legTimes(continues, r.wire.tsMs);
      if (continues !== null) facts.continues = continues;
    }
    const { replaced, evicted } = s.pending.add(p);
    // A request whose answer the log never holds stays open: that it is still open tells nothing (not-logged.ts).
    if (replaced) {
      if (answerLogged(s, replaced.dir)) facts.reusedOpenId = { previousSeq: replaced.seq };
      this.forgetToken(s, replaced);
    }
    if (evicted) {
      if (answerLogged(s, evicted.dir)) facts.pendingEvicted = toOpen(evicted, s.info.key);
      this.forgetToken(s, evicted);
    }
    if (p.progressToken !== null) s.progress.set(pendingKey(p.dir, p.progressToken), p);
  }

  private onNotification(d: Decoded, s: SessionState, r: PipelineRecord, facts: Facts, era: MessageEra): void {
    annotateMethod(r, d.method, era.era === 'modern');
    if (era.era === 'modern') {
      const chain = chainOfTagged(d, s);
      if (chain !== undefined) r.chain = chain;
    }
    r.capability =
      era.era === 'modern'
        ? modernCapabilityFor(d.method as string, s)
        : capabilityFor(d.method as string, d.message, s, r.dir);
    if (d.method === 'notifications/cancelled') {
      // The sender cancels a request it issued earlier in the same direction (basic/utilities/cancellation.mdx).
      const rid = paramsOf(d.message)?.requestId;
      if (era.era === 'modern' && r.dir === 's2c' && this.endListen(s, r, rid, facts)) return;
      const target = typeof rid === 'string' || typeof rid === 'number' ? s.pending.get(r.dir, rid) : undefined;
      if (target) {
        target.cancelled = true;
        facts.cancelled = target;
      }
      facts.cancels = target ? target.seq : null;
    } else if (d.method === 'notifications/progress') {
      // Progress goes from the receiver of a request back to its sender (basic/utilities/progress.mdx).
      const tok = paramsOf(d.message)?.progressToken;
      const senderDir: Direction = r.dir === 'c2s' ? 's2c' : r.dir === 's2c' ? 'c2s' : 'unknown';
      facts.progressFor =
        typeof tok === 'string' || typeof tok === 'number'
          ? (s.progress.get(pendingKey(senderDir, tok)) ?? null)
          : null;
    }
  }

  /**
   * 2026-07-28: a server sends `notifications/cancelled` "solely to terminate a subscriptions/listen stream" on stdio
   * (schema.ts CancelledNotification): the client's listen ends unanswered, and is not left open. The notification is
   * the stream's last leg: it carries the listen's chain, as the stream's other notifications do.
   */
  private endListen(s: SessionState, r: PipelineRecord, rid: unknown, facts: Facts): boolean {
    if (typeof rid !== 'string' && typeof rid !== 'number') return false;
    const listen = s.pending.get('c2s', rid);
    if (listen?.method !== 'subscriptions/listen') return false;
    s.pending.take('c2s', rid);
    facts.cancels = listen.seq;
    if (listen.chain !== null) r.chain = listen.chain;
    return true;
  }

  private onResponse(d: Decoded, s: SessionState, r: PipelineRecord, facts: Facts): void {
    const reqDir: Direction = r.dir === 'c2s' ? 's2c' : r.dir === 's2c' ? 'c2s' : 'unknown';
    const p = d.id === null ? undefined : s.pending.take(reqDir, d.id);
    const unnumbered = d.id === null && d.method !== null ? s.pending.takeUnnumbered(reqDir, d.method) : undefined;
    if (unnumbered) {
      this.pairWith(r, unnumbered);
      return;
    }
    if (!p) {
      // In a log of the server's side only, the requests are not in the log: the response is no orphan. Nor is an
      // answer to a request its log's format never holds (not-logged.ts).
      const unlogged = !requestLogged(s, r.dir);
      if (r.dir === 's2c' && (s.info.onlySide === 'server' || unlogged)) this.serverSideOnly(s, r);
      else if (unlogged) return;
      // An answer that names no method to pair it by (an id no request had, mcp-remote's `[Remote→Local] 1`) may answer
      // a request the log gave without its id: the oldest such is taken, unpaired (which one it answers is not known).
      else if (d.method !== null || s.pending.takeAnyUnnumbered(reqDir) === undefined) markOrphan(r, facts);
      return;
    }
    this.forgetToken(s, p);
    facts.request = p;
    this.pairWith(r, p, p.era === 'modern');
    if (p.chain !== null) {
      r.chain = p.chain;
      noteAnswer(d, s, r, p);
    }
    if (p.cancelled) facts.afterCancel = true;
    if (p.seq === s.initializeSeq && d.kind === 'response') {
      readInitializeResult(s, d.message);
      // The client's notifications/initialized is never in this log: the session operates from here.
      if (!logs(s, 'client', 'notifications') && s.phase === 'initialization') s.phase = 'operation';
    }
    if (p.task && d.kind === 'response') rememberTask(s, d.message, r.dir);
  }

  /**
   * A modern message (modern.ts): its phase (discovery traffic is initialization), what its envelope and result
   * `_meta` tell of the peers, and a `server/discover` result's capabilities.
   */
  private modern(d: Decoded, s: SessionState, r: PipelineRecord, discovery: boolean): void {
    if (discovery && r.phase !== 'shutdown') {
      r.phase = 'initialization';
      // A -32022 answer is version negotiation, whatever the request was (basic/versioning.mdx).
      if (r.kind === 'error') r.primitive = 'base';
      if (r.kind === 'error') r.feature = 'discovery';
    }
    readModernMeta(d, s, r);
  }

  /** A response or error answers its request: the pair, the request's method and capability, the latency. */
  private pairWith(r: PipelineRecord, p: UnnumberedRequest, modern = false): void {
    r.pair = p.seq;
    annotateMethod(r, p.method, modern);
    r.capability = p.capability;
    // Only between times of one kind: a clock time without a date minus an epoch time is no duration (time.ts).
    if (p.tsMs !== null && r.wire.tsMs !== null && p.tsKind === timeKind(r.ts, r.wire.tsMs))
      r.latencyMs = round3(r.wire.tsMs - p.tsMs);
  }

  /** A response of a server-side-only log: its initialize result still tells the server's info and capabilities. */
  private serverSideOnly(s: SessionState, r: PipelineRecord): void {
    if (r.kind !== 'response' || s.info.negotiatedRevision !== null || !isInitializeResult(r.message)) return;
    readInitializeResult(s, r.message);
    annotateMethod(r, 'initialize');
    r.phase = 'initialization';
    // The client's notifications/initialized is not in the log: the session operates from here.
    s.phase = 'operation';
  }

  private forgetToken(s: SessionState, p: PendingRequest): void {
    if (p.progressToken === null) return;
    const key = pendingKey(p.dir, p.progressToken);
    if (s.progress.get(key) === p) s.progress.delete(key);
  }
}

/** The record's method, primitive and feature; a modern message's from the modern table first (modern.ts). */
function annotateMethod(r: PipelineRecord, method: string | null, modern = false): void {
  r.method = method;
  const info =
    method === null
      ? undefined
      : ((modern ? modernMethod(method) : undefined) ?? methodInfo(method) ?? modernMethod(method));
  if (info) {
    r.primitive = info.primitive;
    r.feature = info.feature;
  }
}

/** A CreateTaskResult names the task its sender will run (basic/utilities/tasks.mdx §Creating Tasks). */
function rememberTask(s: SessionState, message: unknown, runnerDir: Direction): void {
  const task = paramsOf({ params: (message as { result?: { task?: unknown } }).result?.task });
  if (typeof task?.taskId === 'string' && runnerDir !== 'unknown') s.tasks.set(task.taskId, runnerDir);
}

/**
 * The client closed the response stream of its request (the event's `id`): a 2026-07-28 cancellation. The request is
 * no longer due an answer; a message the server sends for it after is `modern-message-after-close`'s, not a response
 * after a notifications/cancelled.
 */
function streamClosed(s: SessionState, data: Record<string, unknown> | undefined): void {
  const id = data?.id;
  const p = typeof id === 'string' || typeof id === 'number' ? s.pending.get('c2s', id) : undefined;
  if (p !== undefined) p.streamClosed = true;
}

function toOpen(p: PendingRequest, session: string): OpenRequest {
  return {
    seq: p.seq,
    session,
    source: p.source,
    dir: p.dir,
    id: p.id,
    method: p.method,
    cancelled: p.cancelled || p.streamClosed === true,
  };
}

/** A record that is no message (an event, a log line) before the session's first message, in no other phase yet. */
const beforeHandshake = (d: Decoded, s: SessionState): boolean =>
  (d.kind === 'event' || d.kind === 'log') && s.messages === 0 && s.phase === 'operation';

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

const opposite = (d: Direction): Direction => (d === 'c2s' ? 's2c' : d === 's2c' ? 'c2s' : 'unknown');
