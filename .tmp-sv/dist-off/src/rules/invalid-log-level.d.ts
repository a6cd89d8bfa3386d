import type { Rule } from './types.js';
export declare const invalidLogLevel: Rule<{
    method: string;
    level: string;
}>;
