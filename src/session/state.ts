// One session's state: handshake facts, lifecycle phase, open requests and progress tokens.
import type { Direction, Phase, SessionInfo } from '../types.js';
import { PendingTable, type PendingRequest } from './pending.js';
import type { TaskSeen } from './tasks.js';

export class SessionState {
  readonly info: SessionInfo;
  phase: Phase;
  /** Messages (not events) seen in this session. */
  messages = 0;
  readonly pending: PendingTable;
  /** Progress tokens of open requests, keyed like pending ids (the token's sender is the requester). */
  readonly progress = new Map<string, PendingRequest>();
  /** Tasks by id: the direction their receiver (the side that runs them) sends in (basic/utilities/tasks.mdx). */
  readonly tasks = new Map<string, Direction>();
  /** Last status reported per task id, in report order (bounded: `TASK_STATUS_LIMIT` in tasks.ts). */
  readonly taskStatus = new Map<string, TaskSeen>();
  /** Last numeric request id per sender, to place `ping` and other two-way requests in raw logs. */
  readonly lastId: Record<Direction, number | null> = { c2s: null, s2c: null, unknown: null };
  /** A process start (or session break) was seen, so this session's first messages are really its first. */
  started = false;
  /** Per-rule state, created by the rule engine on first use (rules keep their own per-session memory). */
  readonly ruleState = new Map<string, unknown>();
  /** Seq of the `initialize` request, to recognise its response. */
  initializeSeq: number | null = null;

  constructor(key: string, file: string, firstSeq: number, phase: Phase, pendingLimit: number) {
    this.phase = phase;
    this.pending = new PendingTable(pendingLimit);
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
      firstSeq,
      lastSeq: firstSeq,
    };
  }

  /** The revision that governs the session: the negotiated one, else the requested one. */
  get revision(): string | null {
    return this.info.negotiatedRevision ?? this.info.requestedRevision;
  }
}
