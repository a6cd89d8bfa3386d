import type { Direction } from '../types.js';
/**
 * Transcript direction markers (docs/formats.md §3), matched case-insensitively. Envelopes accept them too.
 * Longer markers come first so that `-->` is not read as `-` + `->`.
 */
export declare const TRANSCRIPT_MARKERS: ReadonlyArray<readonly [string, Direction]>;
/** Direction of a transcript marker as matched (any case). */
export declare function markerDirection(marker: string): Direction;
/** Direction of an envelope value; anything unrecognised (or not a string) is `unknown`. */
export declare function envelopeDirection(value: unknown): Direction;
/** A regex alternation of every transcript marker, longest first, with regex characters escaped. */
export declare function markerPattern(): string;
