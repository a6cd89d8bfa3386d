import type { Rule } from './types.js';
interface Closed {
    event: string;
    seq: number;
}
/** Per direction, the event that closed it (a `both` event closes the two). */
interface State {
    c2s: Closed | null;
    s2c: Closed | null;
}
export declare const messageAfterShutdown: Rule<{
    dir: string;
    kind: string;
    method: string | null;
    event: string;
    eventSeq: number;
}, State>;
export {};
