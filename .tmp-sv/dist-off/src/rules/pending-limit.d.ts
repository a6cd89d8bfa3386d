import type { Rule } from './types.js';
export declare const pendingLimit: Rule<{
    seq: number;
    method: string;
}>;
