// Display width of terminal strings (wide CJK/emoji = 2 columns, combining marks = 0) and width-aware truncate/pad.

/**
 * Characters that each take exactly one column and never join a neighbour into a cluster, so that a string of them
 * is as wide as it is long: printable ASCII, Latin-1 and the Latin/IPA blocks up to U+02FF (no soft hyphen), general
 * punctuation U+2010–U+2027 and U+2030–U+205E (dashes, quotes, `…`, `‰`), arrows and box drawing — what the
 * transcript's own columns are made of (`→ ← ↔ · ━ …`). Combining marks start at U+0300 and are not among them.
 */
const ONE_COLUMN_EACH = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u257f]*$/;
/** Code points that take no column of their own: combining marks, joiners, variation selectors, format characters. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]/u;
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}/u;

/** East Asian Wide and Fullwidth blocks (approximation of UAX #11 W/F; enough for log content). */
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

let segmenter: Intl.Segmenter | undefined;

function isWide(cp: number): boolean {
  for (const [lo, hi] of WIDE_RANGES) {
    if (cp < lo) return false;
    if (cp <= hi) return true;
  }
  return false;
}

/** Columns taken by one grapheme cluster. */
function graphemeWidth(g: string): number {
  const cp = g.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (ZERO_WIDTH.test(g)) return 0;
  // An emoji with presentation selector U+FE0F or default emoji presentation takes two columns.
  if (g.includes('\ufe0f') || EMOJI_PRESENTATION.test(g)) return 2;
  return isWide(cp) ? 2 : 1;
}

/** Grapheme clusters of a string, so truncation never splits an emoji sequence or a base from its accents. */
function graphemes(s: string): Iterable<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const it = segmenter.segment(s);
  return {
    *[Symbol.iterator]() {
      for (const seg of it) yield seg.segment;
    },
  };
}

/** Number of terminal columns `s` occupies (expects already-escaped text: no control characters). */
export function displayWidth(s: string): number {
  if (ONE_COLUMN_EACH.test(s)) return s.length;
  let w = 0;
  for (const g of graphemes(s)) w += graphemeWidth(g);
  return w;
}

/** Cut `s` to at most `width` columns, ending in `…` when something was cut. */
export function truncate(s: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(s) <= width) return s;
  const target = width - 1;
  if (ONE_COLUMN_EACH.test(s)) return s.slice(0, target) + '…';
  let out = '';
  let w = 0;
  for (const g of graphemes(s)) {
    const gw = graphemeWidth(g);
    if (w + gw > target) break;
    out += g;
    w += gw;
  }
  return out + '…';
}

/** Pad `s` with spaces on the right to `width` columns (never cuts). */
export function padEnd(s: string, width: number): string {
  const w = displayWidth(s);
  return w >= width ? s : s + ' '.repeat(width - w);
}

/** Pad `s` with spaces on the left to `width` columns (never cuts). */
export function padStart(s: string, width: number): string {
  const w = displayWidth(s);
  return w >= width ? s : ' '.repeat(width - w) + s;
}

/** Exactly `width` columns: truncated, then padded. */
export function fit(s: string, width: number): string {
  return padEnd(truncate(s, width), width);
}
