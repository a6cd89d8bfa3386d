import type { Rule } from './types.js';
export declare const unknownMethod: Rule<{
    method: string;
    kind: string;
}>;
