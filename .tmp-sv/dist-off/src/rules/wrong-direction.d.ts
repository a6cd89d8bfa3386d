import type { Rule } from './types.js';
interface Data {
    method: string;
    kind: 'request' | 'notification';
    /** The direction the method must travel. */
    expected: 'c2s' | 's2c';
}
export declare const wrongDirection: Rule<Data>;
export {};
