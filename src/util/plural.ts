// Counts with their noun in the right number (`1 message`, `2 messages`), for every report that prints a count.
import { formatCount } from './numbers.js';

/** Nouns whose plural is not the singular plus `s`. */
const IRREGULAR: Readonly<Record<string, string>> = {
  info: 'info',
  batch: 'batches',
  entry: 'entries',
  capability: 'capabilities',
};

/** The plural of `noun` (`message` → `messages`, `info` → `info`). */
export function pluralOf(noun: string): string {
  return IRREGULAR[noun] ?? `${noun}s`;
}

/** `1 message`, `2 messages`, `1,024 bytes`: the count with `,` separators and the noun in its number. */
export function countOf(n: number, noun: string): string {
  return `${formatCount(n)} ${n === 1 ? noun : pluralOf(noun)}`;
}
