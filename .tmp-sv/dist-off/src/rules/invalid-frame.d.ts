import type { Rule } from './types.js';
export declare const invalidFrame: Rule<{
    detail: string;
}>;
