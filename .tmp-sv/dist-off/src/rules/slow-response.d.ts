import type { Rule } from './types.js';
export declare const slowResponse: Rule<{
    method: string;
    latencyMs: number;
    slowMs: number;
}>;
