// The log's own words in Markdown, shown as they are: code spans (in a table cell too) and fenced code blocks whose
// backtick fences no backtick run of the text can close.
import { escapeTerminal } from '../escape.js';

/** The longest run of backticks in `s`. */
function longestTicks(s: string): number {
  let best = 0;
  for (const m of s.matchAll(/`+/g)) best = Math.max(best, m[0].length);
  return best;
}

/**
 * `text` as a code span that is safe in a GFM table cell: control characters made visible (a newline would end the
 * row), `|` escaped (GFM splits cells on it even inside code spans, and drops the backslash there), and delimiters
 * one backtick longer than any run inside, padded with a space when the text starts or ends with a backtick.
 */
export function codeSpan(text: string): string {
  const s = escapeTerminal(text).replace(/\|/g, '\\|');
  const fence = '`'.repeat(longestTicks(s) + 1);
  const pad = s.startsWith('`') || s.endsWith('`') || s === '' ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
}

/** Lines as a fenced code block indented by `indent`, fenced by more backticks than any line holds (at least three). */
export function codeBlock(lines: readonly string[], indent = ''): string[] {
  const safe = lines.map((l) => escapeTerminal(l));
  const fence = '`'.repeat(Math.max(3, ...safe.map((l) => longestTicks(l) + 1)));
  return [fence, ...safe, fence].map((l) => indent + l);
}
