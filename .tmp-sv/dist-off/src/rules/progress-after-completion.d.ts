import { ClosedRequests } from './support/flow-memory.js';
import type { Rule } from './types.js';
/** The request is named by method and id, not seq, so the text is the same whatever the log's format. */
type Data = {
    token: string;
    method: string;
    id: string;
    how: 'cancelled' | 'answered';
} | {
    token: string;
    method: string;
    id: string;
    how: 'task';
    taskId: string;
    status: string;
};
export declare const progressAfterCompletion: Rule<Data, ClosedRequests>;
export {};
