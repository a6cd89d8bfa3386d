// Raw NDJSON reader: one JSON-RPC message (or batch) per line; no direction, no time, no parsing here.
import type { Frame } from '../types.js';
import { readLines, textFrame, type LineReader } from './frames.js';
import { isBlank, type Line } from './lines.js';

/**
 * Each non-blank line is one frame whose text is the line exactly as logged. The line is not parsed:
 * the decode stage does that once, and reports a line that is not JSON as an `invalid` record.
 */
export class NdjsonReader implements LineReader {
  constructor(private readonly file: string) {}

  line(l: Line, out: Frame[]): void {
    if (isBlank(l.text)) return;
    out.push(textFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes));
  }

  end(): void {}
}

/** Frames of an NDJSON line stream. */
export function readNdjson(lines: AsyncIterable<Line>, file: string): AsyncGenerator<Frame> {
  return readLines(lines, new NdjsonReader(file));
}
