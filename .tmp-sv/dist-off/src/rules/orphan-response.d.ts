import type { Rule } from './types.js';
export declare const orphanResponse: Rule<{
    id: string;
}>;
