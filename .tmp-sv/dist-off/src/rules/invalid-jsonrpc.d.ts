import type { Rule } from './types.js';
export declare const invalidJsonrpc: Rule<{
    detail: string;
}>;
