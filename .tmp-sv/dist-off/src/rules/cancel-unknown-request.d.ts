import { ClosedRequests } from './support/flow-memory.js';
import type { Rule } from './types.js';
type Data = {
    id: string;
    sender: string;
} | {
    id: null;
};
export declare const cancelUnknownRequest: Rule<Data, ClosedRequests>;
export {};
