// What the session stage observed about one record, for the rules to turn into findings.
import type { Decoded } from '../decode/decode.js';
import type { OpenRequest } from '../types.js';
import type { PendingRequest } from './pending.js';
import type { TaskObservation } from './tasks.js';
import type { OpenChain } from './chains.js';

export interface Facts {
  /** Framing or JSON-RPC shape problem found by the decoder. */
  problem?: Decoded['problem'];
  /** An id MCP forbids though JSON-RPC allows it: `null` on a request, or a non-integer number. */
  idProblem?: Decoded['idProblem'];
  /** A response or error that answers no request the log holds (session/orphan.ts; routes `orphan-response` to it). */
  orphan?: boolean;
  /** A request whose id is the id of a request from the same sender still open. */
  reusedOpenId?: { previousSeq: number };
  /** The pending-request table was full: this open request was dropped from tracking. */
  pendingEvicted?: OpenRequest;
  /** On a `notifications/cancelled`: the seq of the request it cancels, or null if unknown. */
  cancels?: number | null;
  /** A response to a request that had been cancelled (a legal race). */
  afterCancel?: boolean;
  /** On a response or error: the request it answers (its method, dir, params flags, cancelled state). */
  request?: PendingRequest;
  /** On `notifications/progress`: the open request that carried its token (null: none is open). */
  progressFor?: PendingRequest | null;
  /**
   * Task statuses this record reports (CreateTaskResult, `notifications/tasks/status`, tasks/get|cancel|list
   * results), each with what was known of the task before.
   */
  taskStatuses?: TaskObservation[];
  /** On `notifications/cancelled`: the open request it cancels, when known. */
  cancelled?: PendingRequest;
  /**
   * This record's new session made more sessions live than `--max-sessions` allows: the least recently active one
   * (its last record was `lastSeq`) was retired. `nth`: how many this input has pushed out so far, this one included.
   */
  sessionEvicted?: { limit: number; lastSeq: number; nth: number };
  /** This record opened a new session, and why. */
  newSession?: 'first' | 'initialize' | 'start' | 'break' | 'key';
  /** On `initialize`: messages that came before it in the same session (a process was seen starting). */
  messagesBeforeInitialize?: number;
  /**
   * On a client request after the `initialize` result: the client went on without sending
   * `notifications/initialized` (the phase moved to operation here).
   */
  withoutInitialized?: boolean;
  /** On a modern request that continues a chain (a retry): the answer that asked for it (chains.ts). */
  continues?: OpenChain;
}

/**
 * A record's facts with every field present (undefined until set), in one order: all facts objects share one
 * shape, so the rules' reads of them stay monomorphic (an object grown key by key takes one of many shapes).
 */
export function newFacts(): Facts {
  // Typed so that a field added to Facts and not here fails to compile.
  const all: { [K in keyof Required<Facts>]: undefined } = {
    problem: undefined,
    idProblem: undefined,
    orphan: undefined,
    reusedOpenId: undefined,
    pendingEvicted: undefined,
    cancels: undefined,
    afterCancel: undefined,
    request: undefined,
    progressFor: undefined,
    taskStatuses: undefined,
    cancelled: undefined,
    sessionEvicted: undefined,
    newSession: undefined,
    messagesBeforeInitialize: undefined,
    withoutInitialized: undefined,
    continues: undefined,
  };
  return all;
}
