import type { Direction, Frame, TransportEvent } from '../types.js';
import type { Line } from './lines.js';
import { type TimeValue } from './time.js';
/** Where a record sits in its input. */
export interface Position {
    file: string;
    line: number;
    lines: number;
}
/** Context a frame inherits from the log around it. */
export interface FrameContext {
    time?: TimeValue;
    dir?: Direction;
    session?: string | null;
}
/**
 * A line-based reader: a pure, synchronous state machine. `line` is called for every physical line in order
 * (blank ones included, so numbering stays right) and appends the frames it completes to `out`.
 */
export interface LineReader {
    line(line: Line, out: Frame[]): void;
    end(out: Frame[]): void;
}
export declare const utf8Length: (s: string) => number;
/** A message frame carrying its wire text. */
export declare function textFrame(at: Position, text: string, bytes: number, ctx?: FrameContext): Frame;
/** A message frame carrying an already-parsed value (its size is that of its compact JSON). */
export declare function valueFrame(at: Position, value: unknown, ctx?: FrameContext): Frame;
/**
 * A pretty-printed message: the text as logged (lines joined with `\n`), the parsed value so that decode
 * does not parse it again, and the size of its compact form — the bytes it takes on the wire, not in the log.
 * Text that is not valid JSON keeps its logged size and no value; decode reports it.
 */
export declare function parsedTextFrame(at: Position, text: string, ctx?: FrameContext): Frame;
/** A transport event frame: no message text, no bytes. */
export declare function eventFrame(at: Position, event: TransportEvent, ctx?: FrameContext): Frame;
/** A framing problem: the raw text is kept so nothing is lost; decode turns it into an `invalid` record. */
export declare function errorFrame(at: Position, raw: string, error: string, ctx?: FrameContext): Frame;
/** Event names are compared in one spelling: lower case, words joined by `-` (`stdin_closed` → `stdin-closed`). */
export declare function normaliseEventName(name: string): string;
/** Runs a line reader over an async stream of lines: the thin wrapper around the pure core. */
export declare function readLines(lines: AsyncIterable<Line>, reader: LineReader): AsyncGenerator<Frame>;
