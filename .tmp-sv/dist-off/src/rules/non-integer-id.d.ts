import type { Rule } from './types.js';
export declare const nonIntegerId: Rule<{
    id: number;
    kind: string;
    method: string | null;
}>;
