import type { Rule } from './types.js';
export declare const responseAfterCancel: Rule<{
    method: string;
    id: string;
}>;
