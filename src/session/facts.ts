// What the session stage observed about one record, for the rules to turn into findings.
import type { Decoded } from '../decode/decode.js';
import type { OpenRequest } from '../types.js';

export interface Facts {
  /** Framing or JSON-RPC shape problem found by the decoder. */
  problem?: Decoded['problem'];
  /** A response or error with no open request of the other side with the same id. */
  orphan?: boolean;
  /** A request whose id is the id of a request from the same sender still open. */
  reusedOpenId?: { previousSeq: number };
  /** The pending-request table was full: this open request was dropped from tracking. */
  pendingEvicted?: OpenRequest;
  /** On a `notifications/cancelled`: the seq of the request it cancels, or null if unknown. */
  cancels?: number | null;
  /** A response to a request that had been cancelled (a legal race). */
  afterCancel?: boolean;
}
