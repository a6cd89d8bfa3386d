import type { Rule } from './types.js';
export declare const versionMismatch: Rule<{
    requested: string;
    answered: string;
}>;
