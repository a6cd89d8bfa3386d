import type { Direction, OpenRequest, Phase, PipelineRecord } from '../types.js';
import { CappedMap } from './capped-map.js';
import { LatencySketch } from './quantiles.js';
import type { Counts, MessageKind, MethodStats, PrimitiveKey, ScopeStats } from './types.js';
export declare const MESSAGE_KINDS: readonly MessageKind[];
export declare const DIRECTIONS: readonly Direction[];
export declare const PRIMITIVE_KEYS: readonly PrimitiveKey[];
export declare const PHASES: readonly Phase[];
export interface ScopeLimits {
    /** Distinct method keys before `(other)`. */
    maxKeys: number;
    /** Exact latency samples per key before the histogram. */
    exactSamples: number;
}
/** Count, errors and latency for one method (or tool). */
export declare class MethodTally {
    count: number;
    errors: number;
    readonly latency: LatencySketch;
    constructor(exactSamples: number);
    toStats(): MethodStats;
}
type CountTable<K extends string> = Record<K, Counts>;
/** A fraction in [0, 1] rounded to 4 decimals; 0 for an empty whole. */
export declare function fraction(part: number, whole: number): number;
/**
 * `messages` counts every record except transport events (those are traffic metadata, not JSON-RPC
 * messages, and have no bytes of their own); events are counted in `events` only and appear in no
 * breakdown. Invalid records are messages (they were on the wire) and are also counted in `invalid`.
 */
export declare class ScopeTally {
    messages: number;
    bytes: number;
    events: number;
    answered: number;
    orphans: number;
    readonly byKind: CountTable<MessageKind>;
    readonly byDirection: CountTable<Direction>;
    readonly byPrimitive: CountTable<PrimitiveKey>;
    readonly byPhase: CountTable<Phase>;
    readonly methods: CappedMap<MethodTally>;
    constructor(limits: ScopeLimits);
    add(r: PipelineRecord): void;
    /** The scope's statistics; `open` is the unanswered list restricted to this scope. */
    toStats(open: readonly OpenRequest[]): ScopeStats;
}
export {};
