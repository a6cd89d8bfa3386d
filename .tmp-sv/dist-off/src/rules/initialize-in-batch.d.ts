import type { Rule } from './types.js';
export declare const initializeInBatch: Rule<{
    size: number;
}>;
