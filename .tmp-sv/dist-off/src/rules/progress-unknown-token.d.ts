import { ClosedRequests } from './support/flow-memory.js';
import type { Rule } from './types.js';
export declare const progressUnknownToken: Rule<{
    token: string;
}, ClosedRequests>;
