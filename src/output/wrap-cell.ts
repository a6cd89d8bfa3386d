// Wraps a table cell's text onto lines of at most a given width: at spaces, after `/` `#` `@` and a word's `-`, else mid-word.
import { displayWidth } from './width.js';

/** Where a line may end: after a space, `/`, `#` or `@`, or a `-` between letters (not in a date: `2025-06-18`). */
const BREAK = /(?<=[\s/#@])(?=\S)|(?<=[^\d\s]-)(?=[^\d\s-])/u;

/** Splits a piece wider than `width` into pieces that each fit. */
function hardSplit(piece: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const ch of piece) {
    if (line !== '' && displayWidth(line + ch) > width) {
      out.push(line);
      line = '';
    }
    line += ch;
  }
  if (line !== '') out.push(line);
  return out;
}

/**
 * `text` (escaped: no control characters) as lines of at most `width` columns, joined with `\n` (a table cell of
 * several lines). Breaks after a space, `/`, `#`, `@` or a `-` between letters (a path, a session key, a server name), and splits a
 * word mid-way only when it is wider than the whole line.
 */
export function wrapCell(text: string, width: number): string {
  if (width <= 0 || displayWidth(text) <= width) return text;
  const lines: string[] = [];
  let line = '';
  for (const piece of text.split(BREAK)) {
    if (piece === '') continue;
    if (displayWidth(line + piece.trimEnd()) <= width) {
      line += piece;
      continue;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = '';
    const parts = displayWidth(piece.trimEnd()) > width ? hardSplit(piece.trimEnd(), width) : [piece];
    for (const p of parts.slice(0, -1)) lines.push(p);
    line = parts[parts.length - 1] ?? '';
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.join('\n');
}
