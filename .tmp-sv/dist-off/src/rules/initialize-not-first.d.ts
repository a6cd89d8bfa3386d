import type { Rule } from './types.js';
interface State {
    /** JSON-RPC messages (not events, not unreadable lines) seen so far in the session. */
    before: number;
    /** The first of them. */
    first: {
        seq: number;
        dir: string;
        method: string | null;
        kind: string;
    } | null;
}
interface Data {
    count: number;
    first: NonNullable<State['first']>;
}
export declare const initializeNotFirst: Rule<Data, State>;
export {};
