// Direction vocabularies of the log formats: envelope values and transcript markers → c2s / s2c.
import type { Direction } from '../../types.js';

/**
 * Transcript direction markers (docs/formats.md §3), matched case-insensitively. Envelopes accept them too.
 * Longer markers come first so that `-->` is not read as `-` + `->`.
 */
const TRANSCRIPT_MARKERS: ReadonlyArray<readonly [string, Direction]> = [
  ['client->server', 'c2s'],
  ['client→server', 'c2s'],
  ['server->client', 's2c'],
  ['server→client', 's2c'],
  ['c->s', 'c2s'],
  ['c→s', 'c2s'],
  ['s->c', 's2c'],
  ['s→c', 's2c'],
  ['c2s', 'c2s'],
  ['s2c', 's2c'],
  ['-->', 'c2s'],
  ['<--', 's2c'],
  ['>>>', 'c2s'],
  ['<<<', 's2c'],
  ['->', 'c2s'],
  ['<-', 's2c'],
  ['→', 'c2s'],
  ['←', 's2c'],
];

/** Envelope `dir`/`direction`/`from`/`src` values (docs/formats.md §2), lower-cased. */
const ENVELOPE_WORDS: ReadonlyArray<readonly [string, Direction]> = [
  ['client', 'c2s'],
  ['in', 'c2s'],
  ['send', 'c2s'],
  ['server', 's2c'],
  ['out', 's2c'],
  ['recv', 's2c'],
];

const DIRECTIONS = new Map<string, Direction>([...TRANSCRIPT_MARKERS, ...ENVELOPE_WORDS]);

/** Direction of a transcript marker as matched (any case). */
export function markerDirection(marker: string): Direction {
  return DIRECTIONS.get(marker) ?? DIRECTIONS.get(marker.toLowerCase()) ?? 'unknown';
}

/** Direction of an envelope value; anything unrecognised (or not a string) is `unknown`. */
export function envelopeDirection(value: unknown): Direction {
  if (typeof value !== 'string') return 'unknown';
  return DIRECTIONS.get(value.trim().toLowerCase()) ?? 'unknown';
}

/** A regex alternation of every transcript marker, longest first, with regex characters escaped. */
export function markerPattern(): string {
  return TRANSCRIPT_MARKERS.map(([m]) => m.replace(/[-[\]{}()*+?.,\\^$|#]/g, '\\$&')).join('|');
}
