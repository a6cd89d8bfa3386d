// Raw NDJSON reader: one JSON-RPC message (or batch) per line; no direction, no time, no parsing of a message line.
import type { Frame } from '../../types.js';
import { oversizedFrame, readLines, textFrame, type LineReader } from '../lines/frames.js';
import { readLogLine } from '../lines/line-kind.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, type Line } from '../lines/lines.js';
import { isComment } from './transcript-syntax.js';

/** The usual line: a message that opens with its `jsonrpc` member. */
const MESSAGE_START = '{"jsonrpc"';

/**
 * Each non-blank line that opens with `{"jsonrpc"` is one frame whose text is the line exactly as logged, not parsed
 * here: the decode stage does that once. Any other line is read by the rule of line-kind.ts: a line that tries to be a
 * message is one (decode reports it `invalid` when it fails), a message inside a line is read from it, and anything
 * else (a banner, a stack trace, a TOML section, a JSON log record) is a log record. A `#` comment line is skipped.
 */
export class NdjsonReader implements LineReader {
  /** `maxBytes`: the splitter's line limit, named in the finding of an oversized line. */
  constructor(
    private readonly file: string,
    private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {}

  line(l: Line, out: Frame[]): void {
    if (l.oversized) {
      out.push(oversizedFrame({ file: this.file, line: l.line, lines: 1 }, l.text, l.bytes, this.maxBytes));
      return;
    }
    if (isBlank(l.text)) return;
    const at = { file: this.file, line: l.line, lines: 1 };
    // The usual line: one prefix compare, nothing more on the fast path.
    if (l.text.startsWith(MESSAGE_START)) out.push(textFrame(at, l.text, l.bytes));
    else if (!isComment(l.text)) readLogLine(at, l.text, l.bytes, out);
  }

  end(): void {}
}

/** Frames of an NDJSON line stream. */
export function readNdjson(lines: AsyncIterable<Line>, file: string, maxBytes?: number): AsyncGenerator<Frame> {
  return readLines(lines, new NdjsonReader(file, maxBytes));
}
