import { ClosedRequests } from './support/flow-memory.js';
import type { Rule } from './types.js';
export declare const taskCancelledWithNotification: Rule<{
    id: string;
    method: string;
    taskId: string;
}, ClosedRequests>;
