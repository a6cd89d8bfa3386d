// A JSON-RPC message carried inside a line of a log: after a label, mid-line, escaped in a quoted value, or held by a
// field of a JSON log record (docs/formats.md "JSON-RPC inside a line").
import type { Direction } from '../../types.js';
import { isPlainObject } from '../../util/own.js';
import { directionOfWords } from './direction-words.js';
import { JsonExtent } from '../json/json-extent.js';

/** A message found inside a line: its JSON text, its value, the words around it and the direction they say. */
export interface Carried {
  json: string;
  value: unknown;
  /** The line without the message: the record's log text. */
  rest: string;
  dir: Direction;
}

/**
 * The line holds `"jsonrpc"` but no whole message: it tries to be one and fails (a message the log cut, a quoted
 * value that does not unescape).
 */
export const BROKEN = 'broken';

const hasOwn = Object.hasOwn;

/** Brackets that never close passed over on one line before the search stops (each costs a scan to the line's end). */
const MAX_MISSES = 4;

/** A JSON-RPC message or a batch of them: an object with `jsonrpc`, or a non-empty array of such objects. */
function hasJsonrpc(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0 && v.every((x) => isPlainObject(x) && hasOwn(x, 'jsonrpc'));
  return isPlainObject(v) && hasOwn(v, 'jsonrpc');
}

/**
 * The message a line of text carries, `BROKEN` when it names `"jsonrpc"` (as JSON, or escaped JSON in a quoted value)
 * without a whole message, null when it names none. Linear in the line: the JSON values in it are found left to right
 * without going back, and only those that name `"jsonrpc"` are parsed.
 */
export function carriedIn(text: string): Carried | typeof BROKEN | null {
  let k = text.indexOf('"jsonrpc');
  while (
    k !== -1 &&
    text.charCodeAt(k + 8) !== 0x22 &&
    !(text.charCodeAt(k + 8) === 0x5c && text.charCodeAt(k + 9) === 0x22)
  )
    k = text.indexOf('"jsonrpc', k + 1);
  if (k === -1) return null;
  // `\"jsonrpc\"`: JSON escaped inside a quoted value (logfmt, slog, zap, logrus, charmlog: `body="{\"jsonrpc\":…}"`).
  if (k > 0 && text.charCodeAt(k - 1) === 0x5c) return inQuotedValue(text, k - 1) ?? BROKEN;
  return inText(text, 0) ?? BROKEN;
}

/** The first JSON value in `text` (from `from`) that is a message, with the words around it. */
function inText(text: string, from: number): Carried | null {
  const n = text.length;
  let i = from;
  // A bracket of prose that never closes (`a [b {…}`) is passed over, a few times at most: bounded work on any line.
  let misses = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c !== 0x7b /* { */ && c !== 0x5b /* [ */) {
      i++;
      continue;
    }
    const end = new JsonExtent().scan(text, i);
    if (end === -1) {
      if (++misses > MAX_MISSES) return null;
      i++;
      continue;
    }
    const json = text.slice(i, end);
    if (json.includes('"jsonrpc"')) {
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        value = undefined;
      }
      const before = text.slice(0, i);
      const after = text.slice(end);
      if (hasJsonrpc(value))
        return { json, value, rest: joinRest(before, after), dir: directionOfWords(before, after) };
      // A JSON log record on the line that holds the message in a field.
      const held = isPlainObject(value) ? carriedInRecord(value) : null;
      if (held !== null)
        return {
          ...held,
          rest: joinRest(joinRest(before, held.rest), after),
          dir: held.dir !== 'unknown' ? held.dir : directionOfWords(before, after),
        };
    }
    i = end;
  }
  return null;
}

/** A message escaped inside the quoted value whose `\"jsonrpc` is at `esc`: the value unescaped, then read as text. */
function inQuotedValue(text: string, esc: number): Carried | null {
  let open = esc - 1;
  while (open >= 0 && !(text.charCodeAt(open) === 0x22 && text.charCodeAt(open - 1) !== 0x5c)) open--;
  if (open < 0) return null;
  let close = open + 1;
  for (; close < text.length; close++) {
    const c = text.charCodeAt(close);
    if (c === 0x5c) close++;
    else if (c === 0x22) break;
  }
  if (close >= text.length) return null;
  let inner: unknown;
  try {
    inner = JSON.parse(text.slice(open, close + 1));
  } catch {
    return null;
  }
  if (typeof inner !== 'string') return null;
  const found = inText(inner, 0);
  if (found === null) return null;
  const before = text.slice(0, open);
  const after = text.slice(close + 1);
  const dir = found.dir !== 'unknown' ? found.dir : directionOfWords(before, after);
  return { ...found, rest: joinRest(before, found.rest === '' ? after : ` ${found.rest}${after}`), dir };
}

/** Keys of a JSON log record whose text says what the record is about: its words are read for a direction. */
const TEXT_KEYS = ['msg', 'message', 'Message', 'event', 'body'] as const;

/**
 * The message a JSON log record (pino, winston, bunyan, structlog, zap, .NET's JSON console) holds in one of its
 * fields, as an object or as text (the whole text, or after a label); null when none does. The record's log text is
 * its message text without the message.
 */
export function carriedInRecord(o: Record<string, unknown>): Carried | null {
  let words = '';
  for (const k of TEXT_KEYS) {
    if (typeof o[k] === 'string' && hasOwn(o, k)) {
      words = o[k] as string;
      break;
    }
  }
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (isPlainObject(v) || Array.isArray(v)) {
      if (!hasJsonrpc(v)) continue;
      const label = `${words} ${k}`;
      return { json: JSON.stringify(v), value: v, rest: words, dir: directionOfWords(label, '') };
    }
    if (typeof v !== 'string' || !v.includes('"jsonrpc"')) continue;
    const found = inText(v, 0);
    if (found === null) continue;
    const rest = found.rest !== '' ? found.rest : v === words ? '' : words;
    const dir = found.dir !== 'unknown' ? found.dir : directionOfWords(`${v === words ? '' : words} ${k}`, '');
    return { ...found, rest, dir };
  }
  return null;
}

/** The words before and after a message, as one text: trimmed, joined by `…` where the message was. */
function joinRest(before: string, after: string): string {
  const b = before.trimEnd();
  const a = after.trim();
  return b === '' ? a : a === '' ? b : `${b} … ${a}`;
}
