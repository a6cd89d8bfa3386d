// The mark a host log leaves where it cut a long message in the middle: `HEAD...[N chars truncated]...TAIL`.
// Claude Desktop writes it (test/fixtures/hosts/claude-desktop/SOURCES.md, generation 3); readers that meet it emit a
// `truncated` frame (frames.ts `truncatedFrame`), and decode reads kind, id and method from the head and tail.

/** The common cut mark: `...[N chars truncated]...` between the kept head and tail (group 1: N). */
export const CUT_MARK = /\.\.\.\[(\d+) chars truncated\]\.\.\./;

/**
 * Where a text cut with `mark` (by default `...[N chars truncated]...`; a dialect may name its own, group 1: N) keeps
 * its head and tail (`head`: the head's end, `tail`: the tail's start) and how many characters were left out (0 when
 * the mark does not say); null when the text has no such mark.
 */
export function findCutMark(text: string, mark: RegExp = CUT_MARK): { head: number; tail: number; cut: number } | null {
  const m = mark.exec(text);
  if (m === null) return null;
  return { head: m.index, tail: m.index + m[0].length, cut: Number(m[1] ?? 0) };
}
