// Rules about message framing and JSON-RPC structure, pairing and ids.
import { batchNotAllowed } from '../batch-not-allowed.js';
import { duplicateRequestId } from '../duplicate-request-id.js';
import { invalidFrame } from '../invalid-frame.js';
import { invalidJson } from '../invalid-json.js';
import { invalidJsonrpc } from '../invalid-jsonrpc.js';
import { nonIntegerId } from '../non-integer-id.js';
import { nullRequestId } from '../null-request-id.js';
import { orphanResponse } from '../orphan-response.js';
import { oversized } from '../oversized.js';
import { pendingLimit } from '../pending-limit.js';
import { sessionLimit } from '../session-limit.js';
import type { Rule } from '../types.js';
import { unansweredRequest } from '../unanswered-request.js';

export const FRAMING_RULES: readonly Rule<any, any>[] = [
  batchNotAllowed,
  duplicateRequestId,
  invalidFrame,
  invalidJson,
  invalidJsonrpc,
  nonIntegerId,
  nullRequestId,
  orphanResponse,
  oversized,
  pendingLimit,
  sessionLimit,
  unansweredRequest,
];
