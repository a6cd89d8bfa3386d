import type { Rule } from './types.js';
export declare const serverRequestBeforeInitialized: Rule<{
    method: string;
}>;
