// Raw NDJSON reader: one JSON-RPC message (or batch) per line; no direction, no time, no parsing here.
import type { Frame } from '../types.js';
import { oversizedFrame, readLines, textFrame, type LineReader } from './frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, type Line } from './lines.js';

/**
 * Each non-blank line is one frame whose text is the line exactly as logged. The line is not parsed:
 * the decode stage does that once, and reports a line that is not JSON as an `invalid` record.
 */
export class NdjsonReader implements LineReader {
  /** `maxBytes`: the splitter's line limit, named in the finding of an oversized line. */
  constructor(private readonly file: string, private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES) {}

  line(l: Line, out: Frame[]): void {
    if (l.oversized) {
      out.push(oversizedFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes, this.maxBytes));
      return;
    }
    if (isBlank(l.text)) return;
    out.push(textFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes));
  }

  end(): void {}
}

/** Frames of an NDJSON line stream. */
export function readNdjson(lines: AsyncIterable<Line>, file: string, maxBytes?: number): AsyncGenerator<Frame> {
  return readLines(lines, new NdjsonReader(file, maxBytes));
}
