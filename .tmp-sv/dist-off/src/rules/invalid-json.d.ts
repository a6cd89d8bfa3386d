import type { Rule } from './types.js';
export declare const invalidJson: Rule<{
    detail: string;
}>;
