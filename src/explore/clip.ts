// A styled line cut to the screen's width: escape sequences (the palette's colours) take no column and are kept; a
// line that was cut ends its styles, so the next one starts plain.
import { displayWidth } from '../output/width.js';

const SGR = /\x1b\[[0-9;]*m/y;
let segmenter: Intl.Segmenter | undefined;

/** `line` in at most `width` columns, padded with spaces to `width` when `pad`. */
export function clip(line: string, width: number, pad = false): string {
  let out = '';
  let used = 0;
  let styled = false;
  let i = 0;
  let cut = false;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  while (i < line.length) {
    if (line.charCodeAt(i) === 0x1b) {
      SGR.lastIndex = i;
      const m = SGR.exec(line);
      if (m !== null) {
        out += m[0];
        styled = true;
        i += m[0].length;
        continue;
      }
    }
    // The text up to the next escape, a grapheme at a time only when it would not fit whole.
    let next = line.indexOf('\x1b', i + 1);
    if (next < 0) next = line.length;
    const text = line.slice(i, next);
    const w = displayWidth(text);
    if (used + w <= width) {
      out += text;
      used += w;
      i = next;
      continue;
    }
    for (const { segment } of segmenter.segment(text)) {
      const gw = displayWidth(segment);
      if (used + gw > width) break;
      out += segment;
      used += gw;
    }
    cut = true;
    break;
  }
  if (styled && (cut || pad)) out += '\x1b[0m';
  return pad && used < width ? out + ' '.repeat(width - used) : out;
}
