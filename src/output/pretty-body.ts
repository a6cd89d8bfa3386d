// `--body pretty`: a message as indented JSON laid out for the width, its text fields as text, JSON inside text as JSON.
import type { Palette, Style } from './color.js';
import { escapeJsonForTerminal, escapeTerminal } from './escape.js';
import { formatCount } from '../util/numbers.js';
import { displayWidth, truncate } from './width.js';
import { wrapDense } from './wrap-words.js';

/** Lines one body may take; past them it is cut with a note (`--body full` prints it whole). */
export const PRETTY_MAX_LINES = 400;
/** Lines a string of JSON (one without line breaks: a token, base64 data) may take; past them it is cut with its length. */
export const PRETTY_STRING_LINES = 6;
/** Text longer than this is never parsed as JSON: it is shown as text (the parse would cost more than the lines it fills). */
const JSON_TEXT_MAX = 1_000_000;
/** Where a string or a line of text breaks: after a space (a `:` or `,` inside prose or a URL is no place to break). */
const SPACE = / /;
/** Columns each level of nesting indents by. */
const STEP = 2;
/** Columns a line keeps for its content however deep the nesting: deeper levels stop indenting. */
const MIN_CONTENT = 24;
/** Text shown as text rather than as a JSON string: a content item's `text`, or any string over several lines. */
const TEXT_KEY = 'text';

/** A body's lines; `cut` when it had more than it may take, `shortened` when a long string was cut. */
interface Pretty {
  lines: string[];
  cut: boolean;
  shortened: boolean;
}

/** Where lines go: at most `max` of them, each `lead` (the bars of the text blocks it is inside) then indent then content. */
interface Sink {
  readonly lines: string[];
  readonly max: number;
  readonly room: number;
  readonly p: Palette;
  cut: boolean;
  /** A string was cut to `PRETTY_STRING_LINES`. */
  shortened: boolean;
}

interface Frame {
  lead: string;
  leadWidth: number;
}

/** The lines of a body of `room` columns (no indent of the transcript's own): `cut` when it had more than `max`. */
export function prettyLines(message: unknown, p: Palette, room: number, max: number = PRETTY_MAX_LINES): Pretty {
  const out: Sink = { lines: [], max, room, p, cut: false, shortened: false };
  value(out, { lead: '', leadWidth: 0 }, 0, '', 0, message, '', undefined);
  return { lines: out.lines, cut: out.cut, shortened: out.shortened };
}

/** Text (a log's, an event's) as lines of `room` columns, its own line breaks kept. */
export function prettyTextLines(text: string, p: Palette, room: number, max: number = PRETTY_MAX_LINES): Pretty {
  const out: Sink = { lines: [], max, room, p, cut: false, shortened: false };
  textLines(out, { lead: '', leadWidth: 0 }, 0, text);
  return { lines: out.lines, cut: out.cut, shortened: out.shortened };
}

function full(out: Sink): boolean {
  if (out.lines.length < out.max) return false;
  out.cut = true;
  return true;
}

function push(out: Sink, f: Frame, indent: number, content: string): void {
  if (full(out)) return;
  const line = f.lead + ' '.repeat(indent) + content;
  // An empty line of a text block ends at its bar.
  out.lines.push(content === '' ? line.trimEnd() : line);
}

/** Indent for a level, capped so that the content keeps `MIN_CONTENT` columns. */
function indentAt(out: Sink, f: Frame, depth: number): number {
  return Math.max(0, Math.min(depth * STEP, out.room - f.leadWidth - MIN_CONTENT));
}

/**
 * One value at `depth`: `head` (its key, styled, `headWidth` columns) before it and `comma` after. Objects and arrays
 * open and close on lines of their own; text over several lines, and JSON inside text, follow as a block under a bar.
 */
function value(
  out: Sink,
  f: Frame,
  depth: number,
  head: string,
  headWidth: number,
  v: unknown,
  comma: string,
  key: string | undefined,
): void {
  if (full(out)) return;
  const p = out.p;
  const indent = indentAt(out, f, depth);
  if (typeof v === 'string') return stringValue(out, f, depth, head, headWidth, v, comma, key);
  if (Array.isArray(v) || (v !== null && typeof v === 'object')) {
    const entries: Array<[string | undefined, unknown]> = Array.isArray(v)
      ? v.map((x) => [undefined, x])
      : Object.entries(v);
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) return push(out, f, indent, head + open + close + comma);
    push(out, f, indent, head + open);
    entries.forEach(([k, x], i) => {
      if (full(out)) return;
      const kt = k === undefined ? '' : escapeJsonForTerminal(JSON.stringify(k));
      const kh = k === undefined ? '' : p.blue(kt) + ': ';
      value(out, f, depth + 1, kh, k === undefined ? 0 : displayWidth(kt) + 2, x, i < entries.length - 1 ? ',' : '', k);
    });
    return push(out, f, indent, close + comma);
  }
  const style: Style = typeof v === 'number' ? p.yellow : p.magenta;
  push(out, f, indent, head + style(String(JSON.stringify(v) ?? 'null')) + comma);
}

/** JSON a text holds whole (an object or array), else undefined. */
function jsonInText(s: string): object | undefined {
  if (s.length > JSON_TEXT_MAX) return undefined;
  const t = s.trim();
  if (!((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']')))) return undefined;
  try {
    const v: unknown = JSON.parse(t);
    return v !== null && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

function stringValue(
  out: Sink,
  f: Frame,
  depth: number,
  head: string,
  headWidth: number,
  s: string,
  comma: string,
  key: string | undefined,
): void {
  const p = out.p;
  const indent = indentAt(out, f, depth);
  const json = key === TEXT_KEY ? jsonInText(s) : undefined;
  if (json !== undefined || s.includes('\n')) {
    // A block under a bar, one level in: what the string holds, as text or as JSON.
    const label = json !== undefined ? 'JSON text' : `${countLines(s)} lines`;
    push(out, f, indent, head + p.dim(`(${label})`) + comma);
    const bar = ' '.repeat(indentAt(out, f, depth + 1)) + p.dim('│') + ' ';
    const inner: Frame = { lead: f.lead + bar, leadWidth: f.leadWidth + indentAt(out, f, depth + 1) + 2 };
    if (json !== undefined) value(out, inner, 0, '', 0, json, '', undefined);
    else textLines(out, inner, 0, s);
    return;
  }
  const room = out.room - f.leadWidth - indent;
  // Only the start of a long string can be shown: the rest is never escaped nor wrapped.
  const most = (PRETTY_STRING_LINES + 1) * Math.max(1, room);
  const text = escapeJsonForTerminal(JSON.stringify(s.length > most ? s.slice(0, most) : s));
  if (headWidth + displayWidth(text) + comma.length <= room) return push(out, f, indent, head + p.green(text) + comma);
  // A long string wraps at the width, its further lines one level in; after a long key it starts on a line of its own.
  const rest = Math.max(1, room - STEP);
  const own = room - headWidth < MIN_CONTENT / 2;
  if (own) push(out, f, indent, head.trimEnd());
  let lines = wrapAtSpaces(text, own ? rest : room - headWidth, rest);
  if (lines.length > PRETTY_STRING_LINES || s.length > most) {
    const note = ` (${formatCount(s.length)} chars)`;
    lines = lines.slice(0, PRETTY_STRING_LINES);
    lines[lines.length - 1] = truncate(lines[lines.length - 1]!, rest - note.length - 1).replace(/…?$/, '…');
    out.shortened = true;
    lines[lines.length - 1] += p.yellow(note);
  }
  lines.forEach((x, i) => {
    const last = i === lines.length - 1;
    if (i === 0 && !own) push(out, f, indent, head + p.green(x) + (last ? comma : ''));
    else push(out, f, indent + STEP, p.green(x) + (last ? comma : ''));
  });
}

/** `s` over lines broken after a space where one is near the width, that space not shown at the line's end. */
function wrapAtSpaces(s: string, first: number, rest: number): string[] {
  const lines = wrapDense(s, first, rest, SPACE);
  return lines.map((x, i) => (i < lines.length - 1 && x.endsWith(' ') ? x.slice(0, -1) : x));
}

/** `s`, or as much of it as the lines left can show (the cut is marked when the lines run out). */
function capped(out: Sink, s: string, room: number): string {
  const most = (out.max - out.lines.length + 1) * Math.max(1, room);
  if (s.length <= most) return s;
  out.cut = true;
  return s.slice(0, most);
}

function countLines(s: string): number {
  let n = 1;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** Text line by line, each escaped for the terminal and wrapped at the width; tabs as spaces. */
function textLines(out: Sink, f: Frame, depth: number, s: string): void {
  const indent = indentAt(out, f, depth);
  const room = Math.max(1, out.room - f.leadWidth - indent);
  const text = capped(out, s, room);
  for (const raw of text.split('\n')) {
    if (full(out)) return;
    const line = escapeTerminal(raw.replace(/\r$/, '').replace(/\t/g, '    '));
    for (const x of line === '' ? [''] : wrapAtSpaces(line, room, room)) push(out, f, indent, x);
  }
}
