// The sorted registry of all rules.
import { duplicateRequestId } from './duplicate-request-id.js';
import { invalidFrame } from './invalid-frame.js';
import { invalidJson } from './invalid-json.js';
import { invalidJsonrpc } from './invalid-jsonrpc.js';
import { orphanResponse } from './orphan-response.js';
import { pendingLimit } from './pending-limit.js';
import type { Rule } from './types.js';
import { unansweredRequest } from './unanswered-request.js';

// eslint-style: every rule once, sorted by id; a test checks the order and the doc pages.
export const RULES: readonly Rule<any>[] = [
  duplicateRequestId,
  invalidFrame,
  invalidJson,
  invalidJsonrpc,
  orphanResponse,
  pendingLimit,
  unansweredRequest,
];

export const ruleById = new Map(RULES.map((r) => [r.meta.id, r]));
