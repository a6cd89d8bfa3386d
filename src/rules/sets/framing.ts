// Rules about message framing and JSON-RPC structure, pairing and ids.
import { duplicateRequestId } from '../duplicate-request-id.js';
import { invalidFrame } from '../invalid-frame.js';
import { invalidJson } from '../invalid-json.js';
import { invalidJsonrpc } from '../invalid-jsonrpc.js';
import { orphanResponse } from '../orphan-response.js';
import { pendingLimit } from '../pending-limit.js';
import type { Rule } from '../types.js';
import { unansweredRequest } from '../unanswered-request.js';

export const FRAMING_RULES: readonly Rule<any, any>[] = [
  duplicateRequestId,
  invalidFrame,
  invalidJson,
  invalidJsonrpc,
  orphanResponse,
  pendingLimit,
  unansweredRequest,
];
