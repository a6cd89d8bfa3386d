import type { Side } from '../types.js';
import type { Rule } from './types.js';
interface Data {
    method: string;
    side: Side;
    path: string;
    /** The spec only says SHOULD for this requirement (sampling `includeContext` → `sampling.context`). */
    should: boolean;
}
export declare const capabilityNotNegotiated: Rule<Data>;
export {};
