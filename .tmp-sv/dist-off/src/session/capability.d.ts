import type { CapabilityRef, Direction } from '../types.js';
import type { SessionState } from './state.js';
/**
 * The capability `method` (with these params) needs in this session's revision, and whether the side
 * that must declare it did. `negotiated` is null when that side's declaration was not seen
 * (a log that starts mid-session, or before the `initialize` result).
 */
export declare function capabilityFor(method: string, message: unknown, s: SessionState, dir: Direction): CapabilityRef | null;
