// Message bodies a log wrote in a language's literal syntax (Marker.syntax): read into the message they print.
import type { Frame } from '../../types.js';
import { textFrame, truncatedFrame, utf8Length, valueFrame, type FrameContext, type Position } from '../frames.js';
import { InspectExtent, readInspect } from '../inspect-literal.js';
import { JsonExtent } from '../json-extent.js';
import { readPythonBytes, readPythonRepr } from '../python-literal.js';
import type { BodySyntax } from './types.js';

/** A value read back from a literal, and whether the literal had left some of it out (`[Object]`, `... 3 more items`). */
export interface LiteralValue {
  value: unknown;
  cut: boolean;
}

/** Finds where a body that goes on over several lines ends. */
export interface Extent {
  scan(text: string, from?: number): number;
}

/** The scanner for a body in `syntax` that opens a bracket and may go on over the next lines. */
export function extentOf(syntax: BodySyntax): Extent {
  return syntax === 'inspect' ? new InspectExtent() : new JsonExtent();
}

/**
 * The frame of a body written in a literal syntax (not `json`): the message it prints as a value; when the literal
 * cut some of it, a truncated frame of what survives as JSON (each placeholder a string: the whole text survives, the
 * cuts are inside), from which decode reads kind, id and method; a Python bytes literal is the message's wire text
 * itself. A body that cannot be read is kept as logged: decode reports it.
 */
export function literalFrame(at: Position, syntax: Exclude<BodySyntax, 'json'>, body: string, ctx: FrameContext): Frame {
  if (syntax === 'python-bytes') {
    const text = readPythonBytes(body);
    if (text !== null) return textFrame(at, text, utf8Length(text), ctx);
  } else {
    const r = syntax === 'inspect' ? readInspect(body) : readPythonRepr(body);
    if (r !== null && !r.cut) return valueFrame(at, r.value, ctx);
    if (r !== null) {
      const json = JSON.stringify(r.value);
      return truncatedFrame(at, json, { head: json.length, tail: json.length }, null, ctx);
    }
  }
  return textFrame(at, body, utf8Length(body), ctx);
}
