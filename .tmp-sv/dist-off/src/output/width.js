// Display width of terminal strings (wide CJK/emoji = 2 columns, combining marks = 0) and width-aware truncate/pad.
/** Printable ASCII only: the common case, where width is just the length. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Code points that take no column of their own: combining marks, joiners, variation selectors, format characters. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]/u;
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}/u;
/** East Asian Wide and Fullwidth blocks (approximation of UAX #11 W/F; enough for log content). */
const WIDE_RANGES = [
    [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x2e80, 0x303e], [0x3041, 0x33ff],
    [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf], [0xa960, 0xa97f], [0xac00, 0xd7a3],
    [0xf900, 0xfaff], [0xfe10, 0xfe19], [0xfe30, 0xfe6f], [0xff00, 0xff60], [0xffe0, 0xffe6],
    [0x1f300, 0x1f64f], [0x1f900, 0x1f9ff], [0x20000, 0x2fffd], [0x30000, 0x3fffd],
];
let segmenter;
function isWide(cp) {
    for (const [lo, hi] of WIDE_RANGES) {
        if (cp < lo)
            return false;
        if (cp <= hi)
            return true;
    }
    return false;
}
/** Columns taken by one grapheme cluster. */
function graphemeWidth(g) {
    const cp = g.codePointAt(0) ?? 0;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
        return 0;
    if (ZERO_WIDTH.test(g))
        return 0;
    // An emoji with presentation selector U+FE0F or default emoji presentation takes two columns.
    if (g.includes('\ufe0f') || EMOJI_PRESENTATION.test(g))
        return 2;
    return isWide(cp) ? 2 : 1;
}
/** Grapheme clusters of a string, so truncation never splits an emoji sequence or a base from its accents. */
function graphemes(s) {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const it = segmenter.segment(s);
    return { *[Symbol.iterator]() { for (const seg of it)
            yield seg.segment; } };
}
/** Number of terminal columns `s` occupies (expects already-escaped text: no control characters). */
export function displayWidth(s) {
    if (PRINTABLE_ASCII.test(s))
        return s.length;
    let w = 0;
    for (const g of graphemes(s))
        w += graphemeWidth(g);
    return w;
}
/** Cut `s` to at most `width` columns, ending in `…` when something was cut. */
export function truncate(s, width) {
    if (width <= 0)
        return '';
    if (displayWidth(s) <= width)
        return s;
    const target = width - 1;
    if (PRINTABLE_ASCII.test(s))
        return s.slice(0, target) + '…';
    let out = '';
    let w = 0;
    for (const g of graphemes(s)) {
        const gw = graphemeWidth(g);
        if (w + gw > target)
            break;
        out += g;
        w += gw;
    }
    return out + '…';
}
/** Pad `s` with spaces on the right to `width` columns (never cuts). */
export function padEnd(s, width) {
    const w = displayWidth(s);
    return w >= width ? s : s + ' '.repeat(width - w);
}
/** Pad `s` with spaces on the left to `width` columns (never cuts). */
export function padStart(s, width) {
    const w = displayWidth(s);
    return w >= width ? s : ' '.repeat(width - w) + s;
}
/** Exactly `width` columns: truncated, then padded. */
export function fit(s, width) {
    return padEnd(truncate(s, width), width);
}
//# sourceMappingURL=width.js.map