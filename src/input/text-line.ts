// Lines of a log that are plain text (a banner, a stack trace on stdout): log lines, not broken messages.
//
// The rule (docs/formats.md): a line is a log line when it is readable text that does not look like JSON — its first
// character (after white space) is none of `{ [ ] } , "` (but a bracketed tag before text, `[26682] …`, `[INFO] …`,
// is text), the line is not a JSON number, `true`, `false` or `null`
// (optionally followed by `,`, `]` or `}`: a line of pretty-printed JSON), and it holds no control character but tab
// and ESC (terminal colours) and no U+FFFD (bytes that were not UTF-8). A line that starts like JSON
// (`{"jsonrpc":"2.0",…` cut short, `{'id':1}`, `"id": 1,`), a JSON scalar, and binary garbage stay messages that fail
// to decode: `invalid` records with a finding.

import type { Frame } from '../types.js';
import { logFrame, type Position } from './frames.js';

/** A line of plain text becomes a log frame: true when it was one (and was pushed), false for a line to read as a message. */
export function textLine(at: Position, text: string, out: Frame[]): boolean {
  if (!isTextLine(text)) return false;
  out.push(logFrame(at, null, text));
  return true;
}

/** Characters that start or continue JSON text: `{ [ ] } , "`. */
function startsLikeJson(c: number): boolean {
  return c === 0x7b || c === 0x5b || c === 0x5d || c === 0x7d || c === 0x2c || c === 0x22;
}

/** Readable text: no control character but tab and ESC, no replacement character. */
function readable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x1b) || c === 0x7f || c === 0xfffd) return false;
  }
  return true;
}

/** A JSON scalar alone on its line, or as a line of pretty-printed JSON (`42,`, `null`, `true]`). */
const SCALAR_LINE = /^\s*(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)\s*(?:[,\]}]\s*)?$/;

/** A bracketed tag before text, which no JSON text starts with: `[26682] …` (a pid), `[INFO] …`, `[Local→Remote] …`. */
const BRACKET_TAG = /^\s*\[(?:\d+|[A-Za-z][^\]]*)\]\s+\S/;

/** A non-blank line that is plain text, not a message (see the rule above). */
export function isTextLine(text: string): boolean {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  if (i === text.length || !readable(text)) return false;
  if (startsLikeJson(text.charCodeAt(i))) return BRACKET_TAG.test(text);
  return !SCALAR_LINE.test(text);
}
