import type { Rule } from './types.js';
export declare const nullRequestId: Rule<{
    method: string;
}>;
