import type { Rule } from './types.js';
interface State {
    /** The successful initialize response, while notifications/initialized has not come. */
    result: {
        seq: number;
        source: string;
    } | null;
    /** The client sent something after that response (it did not just disconnect). */
    clientWentOn: boolean;
    reported: boolean;
}
interface Data {
    /** Seq of the first client request that went on without it; null when reported at end of input. */
    atSeq: number | null;
    method: string | null;
}
export declare const missingInitialized: Rule<Data, State>;
export {};
