import type { Rule } from './types.js';
/** Ids remembered per sender per session; the oldest are forgotten past this bound. */
export declare const USED_ID_LIMIT = 100000;
type Earlier = 'open' | 'answered' | 'closed';
interface Data {
    id: string;
    previousSeq: number;
    earlier: Earlier;
}
interface Used {
    seq: number;
    answered: boolean;
}
/** Per sender: the ids it used, oldest first, so the oldest can be dropped (a Map keeps insertion order). */
type State = Map<string, Map<string, Used>>;
export declare const duplicateRequestId: Rule<Data, State>;
export {};
