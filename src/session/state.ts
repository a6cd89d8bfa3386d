// One session's state: handshake facts, lifecycle phase, open requests and progress tokens.
import type { Direction, Era, Phase, SessionInfo } from '../types.js';
import { PendingTable, type PendingRequest } from './pending.js';
import type { TaskSeen } from './tasks.js';
import type { OpenChain } from './chains.js';

export class SessionState {
  readonly info: SessionInfo;
  phase: Phase;
  /** Messages (not events, not log lines) seen in this session. */
  messages = 0;
  /** Messages by the side that sent them (read or inferred), and whether any had its direction read from the log. */
  readonly sent = { c2s: 0, s2c: 0, unknown: 0 };
  dirRead = false;
  /** Classes of message (by sender) its reader said the log does not hold, and those seen in it (not-logged.ts). */
  unloggedBits = 0;
  loggedBits = 0;
  // The tables below are made on first use and dropped by `release()`: a retired session keeps only its handshake
  // facts, so a run over many sessions costs little per session once they are retired.
  private pendingTable: PendingTable | null = null;
  private progressMap: Map<string, PendingRequest> | null = null;
  private tasksMap: Map<string, Direction> | null = null;
  private taskStatusMap: Map<string, TaskSeen> | null = null;
  /** Last numeric request id per sender, to place `ping` and other two-way requests in raw logs. */
  readonly lastId: Record<Direction, number | null> = { c2s: null, s2c: null, unknown: null };
  /**
   * The session gets no more records (replaced, pushed out by `--max-sessions`, or its input ended): its tables are
   * released, and the rule engine has run its end-of-session checks. Set by the tracker.
   */
  retired = false;
  /** A process start (or session break) was seen, so this session's first messages are really its first. */
  started = false;
  /** Per-rule states (see `ruleState`), made on first use and dropped when the session is retired. */
  private ruleStates: Map<string, unknown> | null = null;
  /** Seq of the `initialize` request, to recognise its response. */
  initializeSeq: number | null = null;
  /** The connection's era (era.ts): set by a deciding message, null until one came. */
  era: Era | null = null;
  /** The last modern revision a request of this session claimed, else null. */
  modernRevision: string | null = null;
  /** The eras seen, in order (`info.eras` shows them once one is modern). */
  private readonly eras: Era[] = [];
  /** Modern chains waiting for a retry (chains.ts), oldest first. */
  readonly openChains: OpenChain[] = [];
  /** Messages that were a dual-era client's `server/discover` probe or its answer (not "before initialize"). */
  probeMessages = 0;

  constructor(
    key: string,
    file: string,
    firstSeq: number,
    phase: Phase,
    private readonly pendingLimit: number,
  ) {
    this.phase = phase;
    this.info = {
      key,
      file,
      requestedRevision: null,
      negotiatedRevision: null,
      clientInfo: null,
      serverInfo: null,
      clientCapabilities: null,
      serverCapabilities: null,
      initializeSeen: false,
      initializedSeen: false,
      transport: null,
      server: null,
      onlySide: null,
      notLogged: null,
      firstSeq,
      lastSeq: firstSeq,
    };
  }

  /** Open requests, keyed by sender and exact id. */
  get pending(): PendingTable {
    return (this.pendingTable ??= new PendingTable(this.pendingLimit));
  }

  /** Progress tokens of open requests, keyed like pending ids (the token's sender is the requester). */
  get progress(): Map<string, PendingRequest> {
    return (this.progressMap ??= new Map());
  }

  /** Tasks by id: the direction their receiver (the side that runs them) sends in (basic/utilities/tasks.mdx). */
  get tasks(): Map<string, Direction> {
    return (this.tasksMap ??= new Map());
  }

  /** Last status reported per task id, in report order (bounded: `TASK_STATUS_LIMIT` in tasks.ts). */
  get taskStatus(): Map<string, TaskSeen> {
    return (this.taskStatusMap ??= new Map());
  }

  /** Per-rule state, created by the rule engine on first use (rules keep their own per-session memory). */
  get ruleState(): Map<string, unknown> {
    return (this.ruleStates ??= new Map());
  }

  /** Drops every rule state (a retired session, once the engine ran its end-of-session checks). */
  dropRuleStates(): void {
    this.ruleStates = null;
  }

  /** Drops the tables of a session that gets no more records (its open requests were taken first). */
  release(): void {
    this.retired = true;
    this.pendingTable = null;
    this.progressMap = null;
    this.tasksMap = null;
    this.taskStatusMap = null;
  }

  /**
   * The revision that governs the session: the negotiated one, else the requested one; for a session that is modern
   * now (no handshake), the last revision a request claimed.
   */
  get revision(): string | null {
    if (this.era === 'modern' && this.modernRevision !== null) return this.modernRevision;
    return this.info.negotiatedRevision ?? this.info.requestedRevision;
  }

  /** The connection is of this era from now on. */
  setEra(era: Era): void {
    this.era = era;
    this.noteEra(era);
  }

  /** A message of this era was seen. */
  noteEra(era: Era): void {
    if (this.eras.includes(era)) return;
    this.eras.push(era);
    if (this.eras.includes('modern')) {
      this.info.eras = [...this.eras];
      this.info.modernRevision = this.modernRevision;
    }
  }
}
