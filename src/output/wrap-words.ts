// Fitting text to a width without splitting words: cut at a word's end with `…`, wrap onto lines at spaces.
import { displayWidth, truncate } from './width.js';

/** Where a cut may fall: after a space or a separator inside names and paths (`/`, `.`, `-`, `_`, `:`, `,`). */
const BREAK_AFTER = /[\s/.\-_:,]/;

/**
 * `s` in at most `width` columns: whole when it fits, else cut after its last word (or path part) that fits,
 * ending in `…`. When that would give up more than a third of the width (a long word), the word is cut instead.
 */
export function cutAtWord(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  if (width <= 1) return width === 1 ? '…' : '';
  const hard = truncate(s, width).slice(0, -1);
  for (let i = hard.length; i > 0; i--) {
    if (!BREAK_AFTER.test(hard[i - 1]!) && !(i < s.length && /\s/.test(s[i]!))) continue;
    // A break too early would leave little of the text: cut inside the word instead.
    if (displayWidth(hard.slice(0, i)) < (width * 2) / 3) break;
    return hard.slice(0, i).trimEnd() + '…';
  }
  return hard + '…';
}

/**
 * Words of `text` (split at spaces) on lines of at most `first` columns for the first line and `rest` for the others.
 * A word longer than a whole line is the only thing ever split.
 */
export function wrapWords(text: string, first: number, rest: number = first): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  const room = () => Math.max(1, lines.length === 0 ? first : rest);
  for (const word of text.split(/ +/)) {
    if (word === '') continue;
    let w = word;
    let ww = displayWidth(w);
    if (line !== '' && lineWidth + 1 + ww <= room()) {
      line += ' ' + w;
      lineWidth += 1 + ww;
      continue;
    }
    if (line !== '') lines.push(line);
    // A first word that fits the later lines but not the first starts on the second (the first line stays empty).
    else if (lines.length === 0 && ww > room() && ww <= Math.max(1, rest)) lines.push('');
    // A word wider than a line (a long URL) is split across lines: the one place a word cannot be kept whole.
    while (ww > room()) {
      const head = truncate(w, room() + 1).slice(0, -1);
      lines.push(head);
      w = w.slice(head.length);
      ww = displayWidth(w);
    }
    line = w;
    lineWidth = ww;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** Where compact JSON may break: after a comma, a colon, an opening bracket or a space (never inside a string's word). */
const DENSE_BREAK = /[,:{[ ]/;

/**
 * Text with few spaces (compact JSON) on lines of at most `first` / `rest` columns: each line ends after its last
 * `,` `:` `{` `[` or space (or what `breaks` matches: prose breaks at spaces only) when that keeps at least half the
 * line, else at the width. The lines joined are the text.
 */
export function wrapDense(text: string, first: number, rest: number = first, breaks: RegExp = DENSE_BREAK): string[] {
  const lines: string[] = [];
  let s = text;
  while (s !== '') {
    const room = Math.max(1, lines.length === 0 ? first : rest);
    // Only the next line's worth of the rest is measured: a window of code units that holds it (unless its graphemes
    // are pathologically long, when the whole rest is). Measuring the whole rest for every line made a body quadratic.
    const span = (room + 1) * 16;
    let part = s.length > span ? s.slice(0, span) : s;
    if (part !== s && displayWidth(part) <= room + 1) part = s;
    if (part === s && displayWidth(s) <= room) {
      lines.push(s);
      break;
    }
    let head = truncate(part, room + 1).slice(0, -1);
    for (let i = head.length; i > 0; i--) {
      if (!breaks.test(head[i - 1]!)) continue;
      if (displayWidth(head.slice(0, i)) >= room / 2) head = head.slice(0, i);
      break;
    }
    if (head === '') head = [...s][0]!;
    lines.push(head);
    s = s.slice(head.length);
  }
  return lines.length === 0 ? [''] : lines;
}

/** A piece of a line that is kept whole when it fits: a styled phrase. */
export interface Phrase {
  text: string;
  style?: (s: string) => string;
}

/**
 * Phrases joined by spaces over lines of at most `width` columns: a phrase that does not fit on the line starts the
 * next one, indented by `indent`; one wider than a whole line is cut at a word with `…`. `text` is escaped already.
 */
export function flowPhrases(phrases: readonly Phrase[], width: number, indent: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const pad = ' '.repeat(indent);
  for (const ph of phrases) {
    if (ph.text === '') continue;
    if (line !== '' && used + 1 + displayWidth(ph.text) > width) {
      lines.push(line);
      line = '';
      used = 0;
    }
    const lead = line === '' ? (lines.length > 0 ? pad : '') : ' ';
    const text = cutAtWord(ph.text, Math.max(1, width - used - lead.length));
    line += lead + (ph.style ? ph.style(text) : text);
    used += lead.length + displayWidth(text);
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}
