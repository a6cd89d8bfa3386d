import type { Rule } from './types.js';
export declare const rootUriNotFile: Rule<{
    index: number;
    uri: string;
}>;
