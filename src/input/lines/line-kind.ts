// What one line of a log read as NDJSON is: a message, a message carried inside it, a broken message, or a log record.
//
// The rule (docs/formats.md "What is a message"): a line is read as a message, and reported `invalid` when it fails,
// only when it tries to be one: its JSON names `"jsonrpc"`, or it is JSON made of JSON-RPC members (`{"id":1,
// "method":"x"}`, a batch of messages), or text that opens as one (`{"id": 1, "method": …` cut short). A message
// inside a line (after a label, escaped in a quoted value, in a field of a JSON log record) is read as a message, the
// rest of the line kept as its log text. Anything else is a log record: prose, TOML and INI sections, printed JS and
// Python objects, stack traces, JSON log records, JSON that is no message. Binary garbage stays a broken message.
import type { Frame } from '../../types.js';
import { isPlainObject } from '../../util/own.js';
import { BROKEN, carriedIn, carriedInRecord, type Carried } from './carried.js';
import { isPlainMessage } from '../json/json-find.js';
import { logFrame, textFrame, utf8Length, type FrameContext, type Position } from './frames.js';
import { readable } from './text-line.js';
import { recordLevel } from '../readers/json-log-line.js';
import { nestedDeeper } from '../shared/depth.js';

/**
 * Text that opens as a JSON-RPC message: an object whose first member is one of a message's (`{"id": 1, "method"…`), or
 * `jsonrpc` in single quotes (`{'jsonrpc': '2.0', …}`: a message a Python server printed as a dict).
 */
const OPENS_AS_MESSAGE = /^\s*(?:\[\s*)?\{\s*(?:"(?:id|method|params|result|error)"|'jsonrpc')\s*:/;

/**
 * A parsed line that tries to be a message: a message (`isPlainMessage`), or a batch: an empty array (JSON-RPC's
 * Invalid Request) or one that holds a message or a batch among its elements. `[1, 2, 3]` is none.
 */
export function triesToBeMessage(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0 || v.some((x) => triesToBeMessage(x));
  return isPlainObject(v) && isPlainMessage(v);
}

/**
 * Text that tries to be a message: JSON that is one (or a batch), or text that is no JSON and names `"jsonrpc"`, opens as
 * a message's members, or is binary garbage.
 */
export function triesToBeMessageText(text: string): boolean {
  if (/^\s*[[{]/.test(text)) {
    try {
      return triesToBeMessage(JSON.parse(text));
    } catch {
      // not JSON: read as text below
    }
  }
  return text.includes('"jsonrpc') || OPENS_AS_MESSAGE.test(text) || !readable(text);
}

/**
 * A line that opens a message (`{"jsonrpc"…`, `{"id": 1, "method"…`) or carries a whole one: it ends a group of log
 * lines (a traceback) rather than continuing it. A line of a pretty-printed message (`  "jsonrpc": "2.0",`) does not.
 */
export function startsMessage(text: string): boolean {
  if (/^\s*[[{]/.test(text) && triesToBeMessageText(text)) return true;
  if (!text.includes('"jsonrpc')) return false;
  const carried = carriedIn(text);
  return carried !== null && carried !== BROKEN;
}

/**
 * Appends the record of one non-blank line that is no `#` comment (see the rule above). `bytes`: the line's size.
 */
export function readLogLine(at: Position, text: string, bytes: number, out: Frame[]): void {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  const c = text.charCodeAt(i);
  if ((c === 0x7b /* { */ || c === 0x5b) /* [ */ && !nestedDeeper(text)) {
    let value: unknown;
    let parsed = true;
    try {
      value = JSON.parse(text);
    } catch {
      parsed = false;
    }
    if (parsed) {
      if (triesToBeMessage(value)) {
        const frame = textFrame(at, text, bytes);
        frame.value = value;
        out.push(frame);
        return;
      }
      if (isPlainObject(value)) {
        out.push(recordFrame(at, value, text));
        return;
      }
      out.push(logFrame(at, null, text)); // JSON that is no message: `[]`, `[1, 2]`, a list of names
      return;
    }
  } else if (c === 0x7b || c === 0x5b) {
    out.push(textFrame(at, text, bytes)); // nested past the limit: decode reports it
    return;
  }
  // Bytes that are no text (control characters, bytes that were not UTF-8) are a broken message, whatever they hold.
  if (!readable(text)) {
    out.push(textFrame(at, text, bytes));
    return;
  }
  if (text.includes('jsonrpc')) {
    const carried = carriedIn(text);
    if (carried === BROKEN) {
      out.push(textFrame(at, text, bytes));
      return;
    }
    if (carried !== null) {
      out.push(carriedFrame(at, carried));
      return;
    }
  }
  // Text that opens as a message is a broken message; anything else is a log record.
  if (OPENS_AS_MESSAGE.test(text)) out.push(textFrame(at, text, bytes));
  else out.push(logFrame(at, null, text));
}

/**
 * A message found inside a line: its JSON is the record's wire text, the rest of the line its log text; `ctx`: what the
 * reader read before it (time, session), the direction the words say.
 */
export function carriedFrame(at: Position, c: Carried, ctx: FrameContext = {}): Frame {
  const frame = textFrame(at, c.json, utf8Length(c.json), { ...ctx, dir: c.dir });
  frame.value = c.value;
  if (c.rest !== '') frame.context = c.rest;
  return frame;
}

/** A JSON log record (`text`: its line): the message one of its fields holds, else a log line with the record's level. */
export function recordFrame(at: Position, o: Record<string, unknown>, text: string): Frame {
  const carried = carriedInRecord(o);
  return carried !== null ? carriedFrame(at, carried) : logFrame(at, recordLevel(o), text);
}
