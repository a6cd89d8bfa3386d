import type { Rule } from './types.js';
export declare const unansweredRequest: Rule<{
    method: string;
    id: string;
    seq: number;
}>;
