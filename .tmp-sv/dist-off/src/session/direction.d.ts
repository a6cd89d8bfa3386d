import type { Decoded } from '../decode/decode.js';
import type { Direction } from '../types.js';
import type { SessionState } from './state.js';
/**
 * Direction from, in order: the method table (one-way methods); for responses, the side whose open
 * request has this id (a response goes opposite to its request); for cancellation, the sender of the
 * cancelled request; for progress, the receiver of the request that carried the token; for two-way
 * requests such as `ping`, the sender whose id sequence it continues. Else `unknown`.
 */
export declare function inferDir(d: Decoded, s: SessionState): Direction;
export declare function paramsOf(message: unknown): Record<string, unknown> | null;
