// A message marker's body read into its frame: JSON (whole, cut by the host, or going on over the next lines), a
// summary, or a body in a language's literal syntax (Marker.syntax) read back into the message it prints, or only a
// summary of it (Marker.summary).
import type { Frame } from '../../types.js';
import { nestedDeeper } from '../shared/depth.js';
import {
  errorFrame,
  parsedTextFrame,
  summaryFrame,
  textFrame,
  truncatedFrame,
  utf8Length,
  valueFrame,
  type FrameContext,
  type Position,
} from '../lines/frames.js';
import { InspectExtent, readInspect } from './literals/inspect-literal.js';
import { JsonExtent } from '../json/json-extent.js';
import { pydanticMessage, readPythonBytes } from './literals/python-literal.js';
import { cutOf, summaryOf } from './grammar.js';
import type { BodySyntax, Dialect, Marker } from './types.js';

/** A value read back from a literal, and whether the literal had left some of it out (`[Object]`, `... 3 more items`). */
export interface LiteralValue {
  value: unknown;
  cut: boolean;
}

/** Finds where a body that goes on over several lines ends. */
export interface Extent {
  scan(text: string, from?: number): number;
}

/** How a body reads: in its syntax (Marker.syntax), or only as a summary (Marker.summary). */
export type BodyForm = BodySyntax | 'summary';

/** The scanner for a body that opens a bracket and may go on over the next lines (a summary's is set by its marker). */
export function extentOf(form: BodyForm): Extent {
  return form === 'inspect' ? new InspectExtent() : new JsonExtent();
}

/** A summary body over several lines ends on the line its marker's `close` matches (Marker.summary). */
class CloseExtent implements Extent {
  constructor(private readonly close: RegExp) {}

  scan(text: string): number {
    return this.close.test(text) ? text.length : -1;
  }
}

/** How a marker's body reads. */
export function formOf(marker: Marker): BodyForm {
  return marker.summary !== undefined ? 'summary' : (marker.syntax ?? 'json');
}

/**
 * What a body on its marker's line is: its frame, or a body that goes on over the next lines (`extent` scanned its
 * first line; null: nothing of it yet, it may start on the next line).
 */
type BodyStart = { frame: Frame } | { extent: Extent | null };

/**
 * A marker's body on its line. `inexact`: the line was rebuilt from a console's wrapped pieces (fold.ts) and its text
 * may not be the message's: a message read from it is cut (`truncated`), with no value. A JSON body with the host's
 * cut mark is cut even when what survives parses (a cut inside one long string leaves valid JSON whose text is not
 * the message's): a message that quotes the mark literally is read as cut too, the rarer case.
 */
export function bodyStart(
  d: Dialect,
  at: Position,
  marker: Marker,
  body: string,
  ctx: FrameContext,
  inexact: boolean,
): BodyStart {
  if (marker.summary !== undefined) {
    if (body.trimEnd().endsWith('{')) return { extent: new CloseExtent(marker.summary.close) };
    return { frame: summaryBody(d, at, body, ctx) };
  }
  const syntax = marker.syntax ?? 'json';
  const c = body.charCodeAt(0);
  const opens = c === 0x7b /* { */ || c === 0x5b; /* [ */
  if (syntax !== 'json' && body !== '') {
    if (syntax === 'inspect' && opens) {
      const extent = extentOf(syntax);
      const end = extent.scan(body);
      if (end < 0) return { extent };
      body = body.slice(0, end);
    }
    return { frame: literalFrame(at, syntax, body, ctx, inexact) };
  }
  if (opens) {
    const cut = cutOf(d, body);
    if (cut !== null) {
      // The real size: what survives plus the characters left out, each at least one byte (the log counts characters).
      const kept = utf8Length(body.slice(0, cut.head)) + utf8Length(body.slice(cut.tail));
      return { frame: truncatedFrame(at, body, { head: cut.head, tail: cut.tail }, kept + cut.cut, ctx) };
    }
    const value = jsonOf(body);
    if (value !== undefined) return { frame: messageFrame(at, body, value, ctx, inexact) };
    const extent = extentOf('json');
    if (extent.scan(body) < 0) return { extent };
    return { frame: textFrame(at, body, utf8Length(body), ctx) }; // closes on its line but is not JSON: decode reports it
  }
  const summary = summaryOf(d, body);
  if (summary !== null) return { frame: summaryFrame(at, body, summary, ctx) };
  if (body === '') return { extent: null };
  return { frame: textFrame(at, body, utf8Length(body), ctx) }; // neither JSON nor a summary: decode reports it
}

/**
 * The frame of a body that went on over several lines, now that it closed (`text`: its lines joined); a summary's is
 * read as far as it goes, closed or not.
 */
export function bodyEnd(d: Dialect, at: Position, form: BodyForm, text: string, ctx: FrameContext): Frame {
  if (form === 'summary') return summaryBody(d, at, text, ctx);
  return form === 'json' ? parsedTextFrame(at, text, ctx) : literalFrame(at, form, text, ctx, false);
}

/** A summary-only body (Marker.summary): the summary its forms read, else text that decode reports. */
function summaryBody(d: Dialect, at: Position, body: string, ctx: FrameContext): Frame {
  const s = summaryOf(d, body);
  return s !== null ? summaryFrame(at, body, s, ctx) : textFrame(at, body, utf8Length(body), ctx);
}

/**
 * The frame of a body written in a literal syntax (not `json`): the message it prints as a value; when the literal
 * cut some of it, a truncated frame of what survives as JSON (each placeholder a string: the whole text survives, the
 * cuts are inside), from which decode reads kind, id and method; a Python bytes literal is the message's wire text
 * itself. A body that cannot be read is a framing error that keeps it as logged.
 */
function literalFrame(
  at: Position,
  syntax: Exclude<BodySyntax, 'json'>,
  body: string,
  ctx: FrameContext,
  inexact: boolean,
): Frame {
  if (syntax === 'python-bytes') {
    const text = readPythonBytes(body);
    if (text === null) return errorFrame(at, body, 'a Python bytes literal with a malformed escape', ctx);
    const value = jsonOf(text);
    if (value !== undefined) return messageFrame(at, text, value, ctx, inexact);
    // Text that is not JSON is the message's: decode reports it.
    return inexact ? cutFrame(at, text, ctx) : textFrame(at, text, utf8Length(text), ctx);
  }
  let r: LiteralValue | null;
  if (syntax === 'inspect') r = readInspect(body);
  else {
    const message = pydanticMessage(body);
    r = message === null ? null : { value: message, cut: false };
  }
  if (r === null)
    return errorFrame(
      at,
      body,
      syntax === 'inspect'
        ? 'a util.inspect dump mcptrace cannot read'
        : 'a Python repr that is not a JSON-RPC message mcptrace reads',
      ctx,
    );
  if (r.cut || inexact) return cutFrame(at, JSON.stringify(r.value), ctx);
  return valueFrame(at, r.value, ctx); // its JSON is rebuilt, not the wire's: compact text
}

/** A message read whole from `text`: its frame with its value, or (inexact) a cut one. */
function messageFrame(at: Position, text: string, value: unknown, ctx: FrameContext, inexact: boolean): Frame {
  if (inexact) return cutFrame(at, text, ctx);
  const frame = textFrame(at, text, utf8Length(text), ctx);
  frame.value = value;
  return frame;
}

/** A message whose text is all there but may not be exactly the message's: decode reads what it can of it. */
function cutFrame(at: Position, text: string, ctx: FrameContext): Frame {
  return truncatedFrame(at, text, { head: text.length, tail: text.length }, null, ctx);
}

/** The value of a text that is whole JSON (an object or an array), else undefined. */
function jsonOf(text: string): unknown {
  const c = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if (!(c === 0x7b || c === 0x5b) || !(last === 0x7d || last === 0x5d) || nestedDeeper(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
