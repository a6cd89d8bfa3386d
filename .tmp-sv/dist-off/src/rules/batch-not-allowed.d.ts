import type { Rule } from './types.js';
export declare const batchNotAllowed: Rule<{
    size: number;
    revision: string;
}>;
