import type { Rule } from './types.js';
interface State {
    /** Seq of the initialize request still waiting for its response, else null. */
    waiting: number | null;
}
export declare const requestBeforeInitializeResponse: Rule<{
    method: string;
    initializeSeq: number;
}, State>;
export {};
