// Raw NDJSON reader: one JSON-RPC message (or batch) per line; no direction, no time, no parsing here.
import type { Frame } from '../types.js';
import { oversizedFrame, readLines, textFrame, type LineReader } from './frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, type Line } from './lines.js';
import { textLine } from './text-line.js';
import { isComment } from './transcript-syntax.js';

/**
 * Each non-blank line is one frame whose text is the line exactly as logged. The line is not parsed:
 * the decode stage does that once, and reports a line that is not JSON as an `invalid` record. A `#` comment line is
 * skipped. A line of plain text (text-line.ts) is on the wire in a stream of messages: a server's banner on its stdout
 * breaks stdio ("MUST NOT write anything to its stdout that is not a valid MCP message"), so it stays a message that
 * fails to decode (`invalid-json`). Only `textIsLog` (a file in which detection found no JSON-RPC message: not a
 * message stream) makes such lines log records.
 */
export class NdjsonReader implements LineReader {
  /** `maxBytes`: the splitter's line limit, named in the finding of an oversized line. */
  constructor(private readonly file: string, private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES, private readonly textIsLog = false) {}

  line(l: Line, out: Frame[]): void {
    if (l.oversized) {
      out.push(oversizedFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes, this.maxBytes));
      return;
    }
    if (isBlank(l.text)) return;
    const at = { file: this.file, line: l.line, lines: 1 };
    // The usual line starts with `{`: one character compare, nothing more on the fast path.
    if (l.text.charCodeAt(0) !== 0x7b && (isComment(l.text) || (this.textIsLog && textLine(at, l.text, out)))) return;
    out.push(textFrame(at, l.text, l.bytes));
  }

  end(): void {}
}

/** Frames of an NDJSON line stream (`textIsLog`: see `NdjsonReader`). */
export function readNdjson(lines: AsyncIterable<Line>, file: string, maxBytes?: number, textIsLog = false): AsyncGenerator<Frame> {
  return readLines(lines, new NdjsonReader(file, maxBytes, textIsLog));
}
