// The help pane (every key, from the key table) and the help bar (the keys most used, cut to the width).
import type { Palette } from '../output/color.js';
import { displayWidth, padEnd } from '../output/width.js';
import { wrapWords } from '../output/wrap-words.js';
import { BINDINGS } from './keys.js';

export function helpLines(p: Palette, width: number): string[] {
  const keyWidth = Math.max(...BINDINGS.map((b) => displayWidth(b.shown))) + 2;
  const lines = [p.bold('keys'), ''];
  for (const b of BINDINGS) {
    const wrapped = wrapWords(b.help, Math.max(20, width - keyWidth - 2));
    lines.push(
      `  ${p.cyan(padEnd(b.shown, keyWidth))}${wrapped[0]}`,
      ...wrapped.slice(1).map((x) => ' '.repeat(keyWidth + 2) + x),
    );
  }
  const para = (title: string, text: string) => [
    '',
    p.bold(title),
    ...wrapWords(text, Math.max(20, width - 2)).map((x) => '  ' + x),
  ];
  lines.push(
    ...para(
      'the list',
      'One line per message as mcptrace annotate prints it. In the left column > marks the selected message; ✗ an error (a failure or an error finding), ! a warning, i a note.',
    ),
    ...para(
      'the filter line (/)',
      'The --where language (docs/filter.md): method == "tools/call", isError, latency > 1s, tool == echo and not isError. A match is shown with its pair. Enter applies it, Esc leaves the filter as it was, \\ clears it.',
    ),
    ...para('docs', 'docs/explore.md: every key and pane.'),
  );
  return lines;
}

/** `? help  q quit  Enter detail …`: the bar's keys in the table's order after help and quit, as many as fit. */
export function helpBar(p: Palette, width: number): string {
  const shown = BINDINGS.filter((b) => b.bar !== undefined);
  const ordered = [
    ...shown.filter((b) => b.action === 'help' || b.action === 'quit'),
    ...shown.filter((b) => b.action !== 'help' && b.action !== 'quit'),
  ];
  let out = '';
  let used = 0;
  for (const b of ordered) {
    const item = `${b.shown} ${b.bar}`;
    const w = displayWidth(item) + (out === '' ? 0 : 2);
    if (used + w > width) break;
    out += (out === '' ? '' : '  ') + p.bold(b.shown) + ' ' + p.dim(b.bar!);
    used += w;
  }
  return out;
}

/** In a pane: how to scroll it and go back. */
export function paneBar(p: Palette, width: number): string {
  const items: [string, string][] = [
    ['Esc', 'back'],
    ['↑↓ J K', 'scroll'],
    ['?', 'help'],
    ['w', 'why'],
    ['s', 'sessions'],
    ['t', 'story'],
  ];
  let out = '';
  let used = 0;
  for (const [k, word] of items) {
    const w = displayWidth(`${k} ${word}`) + (out === '' ? 0 : 2);
    if (used + w > width) break;
    out += (out === '' ? '' : '  ') + p.bold(k) + ' ' + p.dim(word);
    used += w;
  }
  return out;
}
