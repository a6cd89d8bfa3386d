// The nearest of some known words to one mistyped (Levenshtein distance): "did you mean" lists.

/** Edit distance between two strings (insertions, deletions, substitutions), case-insensitive. */
function distance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The nearest known words within a third of the typed word's length (at least 2 edits), at most `max`; a known word
 * that contains the typed one, or is contained in it, counts as near too.
 */
export function nearest(typed: string, known: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(typed.length / 3));
  const scored: { word: string; d: number }[] = [];
  for (const word of known) {
    if (word === typed) continue;
    const d = distance(typed, word);
    const within = word.toLowerCase().includes(typed.toLowerCase()) || typed.toLowerCase().includes(word.toLowerCase());
    if (d <= limit || (within && Math.min(typed.length, word.length) >= 3)) scored.push({ word, d });
  }
  scored.sort((x, y) => x.d - y.d || x.word.localeCompare(y.word));
  // Only the nearest: `tol` is one edit from tool, two from ok.
  return scored
    .filter((s) => s.d === scored[0]!.d)
    .slice(0, max)
    .map((s) => s.word);
}
