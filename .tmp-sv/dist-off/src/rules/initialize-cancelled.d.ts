import type { Rule } from './types.js';
interface State {
    /** The initialize request of the session: its sender and id, to recognise a cancel sent after it was answered. */
    initialize: {
        seq: number;
        dir: string;
        id: string | number;
    } | null;
}
export declare const initializeCancelled: Rule<{
    seq: number;
    answered: boolean;
}, State>;
export {};
